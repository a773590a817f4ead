import {
  bringToTop,
  canRedo,
  canUndo,
  commit,
  createHistory,
  redo,
  sameCanvas,
  undo,
  type ComposerItem,
  type History,
} from '@hanger/domain';
import { useCallback, useMemo, useReducer } from 'react';

/**
 * The composer's canvas as React state: a history of domain states (placed items in outfit
 * units, bottom of the stack first) and the selected item. All rules live in
 * `@hanger/domain` (composer.ts, composer-history.ts); this only wires them to React.
 */

interface CanvasState {
  history: History<ComposerItem[]>;
  selectedId: string | null;
  /** The layout the composer opened with; a different one is unsaved work. */
  baseline: ComposerItem[];
}

type Action =
  | {
      type: 'change';
      change: (items: readonly ComposerItem[]) => ComposerItem[];
      mergeKey?: string;
    }
  | { type: 'select'; id: string | null }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; items: ComposerItem[]; baseline: ComposerItem[] };

/** A selection pointing at an item that undo (or a delete) took away is dropped. */
function keepSelection(items: readonly ComposerItem[], id: string | null): string | null {
  return id !== null && items.some((i) => i.clothingId === id) ? id : null;
}

function reducer(state: CanvasState, action: Action): CanvasState {
  switch (action.type) {
    case 'change': {
      const history = commit(state.history, action.change(state.history.present), {
        equals: sameCanvas,
        mergeKey: action.mergeKey,
      });
      if (history === state.history) return state;
      return {
        ...state,
        history,
        selectedId: keepSelection(history.present, state.selectedId),
      };
    }
    case 'select': {
      if (action.id === null) {
        return state.selectedId === null ? state : { ...state, selectedId: null };
      }
      // Selecting brings the item to the top, unless it is locked (docs/spec.md §4): a change of
      // its own.
      const history = commit(state.history, bringToTop(state.history.present, action.id), {
        equals: sameCanvas,
      });
      return { ...state, history, selectedId: keepSelection(history.present, action.id) };
    }
    case 'undo':
    case 'redo': {
      const history = action.type === 'undo' ? undo(state.history) : redo(state.history);
      if (history === state.history) return state;
      return { ...state, history, selectedId: keepSelection(history.present, state.selectedId) };
    }
    case 'reset':
      return { history: createHistory(action.items), selectedId: null, baseline: action.baseline };
  }
}

const INITIAL: CanvasState = { history: createHistory([]), selectedId: null, baseline: [] };

export interface CanvasModel {
  items: readonly ComposerItem[];
  selectedId: string | null;
  selected: ComposerItem | undefined;
  /** The layout the composer opened with. */
  baseline: readonly ComposerItem[];
  canUndo: boolean;
  canRedo: boolean;
  /** One undoable step; `mergeKey` folds a run of the same small change into one step. */
  change: (fn: (items: readonly ComposerItem[]) => ComposerItem[], mergeKey?: string) => void;
  select: (id: string | null) => void;
  undo: () => void;
  redo: () => void;
  /**
   * A fresh start from these items, with nothing to undo. `baseline` is what counts as nothing
   * to lose (default: these items): a saved outfit's layout, or an empty canvas for a new one.
   */
  reset: (items: ComposerItem[], baseline?: ComposerItem[]) => void;
}

export function useCanvasState(): CanvasModel {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const change = useCallback<CanvasModel['change']>(
    (fn, mergeKey) => dispatch({ type: 'change', change: fn, mergeKey }),
    [],
  );
  const select = useCallback((id: string | null) => dispatch({ type: 'select', id }), []);
  const undoFn = useCallback(() => dispatch({ type: 'undo' }), []);
  const redoFn = useCallback(() => dispatch({ type: 'redo' }), []);
  const reset = useCallback(
    (items: ComposerItem[], baseline: ComposerItem[] = items) =>
      dispatch({ type: 'reset', items, baseline }),
    [],
  );

  const items = state.history.present;
  return useMemo(
    () => ({
      items,
      selectedId: state.selectedId,
      selected: items.find((i) => i.clothingId === state.selectedId),
      baseline: state.baseline,
      canUndo: canUndo(state.history),
      canRedo: canRedo(state.history),
      change,
      select,
      undo: undoFn,
      redo: redoFn,
      reset,
    }),
    [items, state, change, select, undoFn, redoFn, reset],
  );
}
