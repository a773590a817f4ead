import { screen, within } from '@testing-library/react';

/** The accessible names of a wardrobe grid's tiles, in the order shown. */
export function tileLabels(grid: string): (string | null)[] {
  return within(screen.getByRole('list', { name: grid }))
    .getAllByRole('link')
    .map((l) => l.getAttribute('aria-label'));
}

/** The choices of one group of the open Filters panel (e.g. 'Status'), as the chips read. */
export function filterChoices(legend: string): (string | null | undefined)[] {
  const group = within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('group', {
    name: legend,
  });
  return within(group)
    .getAllByRole('radio')
    .map((r) => r.closest('label')?.textContent);
}
