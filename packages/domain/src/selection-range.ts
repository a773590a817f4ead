/**
 * Select many's shift-click range (docs/select-many.md). Its own module: Select mode's state is
 * on the first screen, and the edit rules of item-edits.ts are not (docs/design.md, Performance
 * targets: initial JS within 150 kB gzip).
 */

/**
 * The ids from `anchor` to `target` in the order shown (both included): a shift-click's range.
 * Without the anchor in `order` (filtered away meanwhile), just the target.
 */
export function selectionRange(
  order: readonly string[],
  anchor: string | undefined,
  target: string,
): string[] {
  const from = anchor === undefined ? -1 : order.indexOf(anchor);
  const to = order.indexOf(target);
  if (from < 0 || to < 0) return [target];
  const [a, b] = from <= to ? [from, to] : [to, from];
  return order.slice(a, b + 1);
}
