import { screen, within } from '@testing-library/react';

/** The accessible names of a wardrobe grid's tiles, in the order shown. */
export function tileLabels(grid: string): (string | null)[] {
  return within(screen.getByRole('list', { name: grid }))
    .getAllByRole('link')
    .map((l) => l.getAttribute('aria-label'));
}
