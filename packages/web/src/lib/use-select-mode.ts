import { selectionRange } from '@hanger/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * A grid's tiles as toggles (a picker, or Select mode): tapping a tile toggles it in `selected`
 * instead of opening it. `range` is true for a shift-click (Select mode takes everything from the
 * last tile toggled).
 */
export interface GridSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string, range?: boolean) => void;
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * Select mode's state (docs/select-many.md), one hook for the wardrobe browser and a collection's
 * pieces: whether it is on, the chosen ids, and the last one toggled (the anchor of a shift-click
 * range, `selectionRange` in the domain). `order` is the ids shown, in the order shown. It starts
 * from the Select button, or from a long press (or a tile's checkbox) with that one chosen;
 * Escape leaves it unless a dialog is open. `shownIds` are the chosen ones still shown, in
 * `order`: what the actions apply to; "Select all" takes `order`. While `enabled` is false
 * (another selection owns the grid, as in a picker) it is off and `selection` is undefined.
 */
export function useSelectMode(order: readonly string[], enabled = true) {
  const [on, setOn] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NOTHING);
  const anchor = useRef<string | undefined>(undefined);
  const orderRef = useRef(order);
  orderRef.current = order;

  const start = useCallback((id?: string) => {
    setOn(true);
    if (id !== undefined) {
      setSelected(new Set([id]));
      anchor.current = id;
    }
  }, []);
  const stop = useCallback(() => {
    setOn(false);
    setSelected(NOTHING);
    anchor.current = undefined;
  }, []);
  const toggle = useCallback((id: string, range?: boolean) => {
    // Read now: React may run the updater after the anchor has moved to this tile.
    const from = range ? anchor.current : undefined;
    const order = orderRef.current;
    setSelected((prev) => {
      const next = new Set(prev);
      if (from !== undefined) {
        for (const x of selectionRange(order, from, id)) next.add(x);
      } else if (!next.delete(id)) next.add(id);
      return next;
    });
    anchor.current = id;
  }, []);
  const selectAll = useCallback(() => setSelected(new Set(orderRef.current)), []);
  const clear = useCallback(() => setSelected(NOTHING), []);

  const active = enabled && on;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('dialog[open]')) stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, stop]);

  const shownIds = useMemo(
    () => (active ? order.filter((id) => selected.has(id)) : []),
    [active, order, selected],
  );
  const selection = useMemo<GridSelection | undefined>(
    () => (active ? { selected, onToggle: toggle } : undefined),
    [active, selected, toggle],
  );
  return { enabled, selection, shownIds, start, stop, selectAll, clear };
}
