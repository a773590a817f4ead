import { screen, within } from '@testing-library/react';

/** The accessible names of a wardrobe grid's tiles, in the order shown. */
export function tileLabels(grid: string): (string | null)[] {
  return within(screen.getByRole('list', { name: grid }))
    .getAllByRole('link')
    .map((l) => l.getAttribute('aria-label'));
}

/**
 * The accessible names of the elements with `role` inside `container`, in document order, as
 * assistive technology computes them (aria-label, or the text read, visually hidden included).
 */
export function accessibleNames(
  container: HTMLElement,
  role: Parameters<typeof screen.queryAllByRole>[0],
): string[] {
  const names = new Map<Element, string>();
  const found = within(container).queryAllByRole(role, {
    // The query computes each element's name for this matcher: keep it, match them all.
    name: (name, element) => {
      if (element) names.set(element, name);
      return true;
    },
  });
  return found.map((el) => names.get(el) ?? '');
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
