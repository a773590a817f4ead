/**
 * Undo and redo for the outfit composer: a history of domain states (the canvas as a list of
 * placed items), never of Konva nodes. Every change the user makes is one `commit`; `undo` and
 * `redo` move between the kept states. States are immutable values, so a history is too.
 */

/** How many past states are kept; older ones are forgotten first. */
export const HISTORY_LIMIT = 100;

export interface History<T> {
  /** Oldest first; the last entry is the state before `present`. */
  readonly past: readonly T[];
  readonly present: T;
  /** Next first: what `redo` brings back, in order. */
  readonly future: readonly T[];
  /** The key of the last commit, when it asked to be merged with commits of the same key. */
  readonly mergeKey?: string;
}

export interface CommitOptions<T> {
  /**
   * Commits with the same key in a row become one step (arrow-key nudges of one item: ten
   * presses are undone at once). Any other commit, undo or redo ends the run.
   */
  mergeKey?: string;
  /** States equal by this test are not a change, so they add no step. Default: same reference. */
  equals?: (a: T, b: T) => boolean;
  limit?: number;
}

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** Records a change. Redo steps are dropped, as in every editor: a new change starts a new branch. */
export function commit<T>(
  history: History<T>,
  next: T,
  options: CommitOptions<T> = {},
): History<T> {
  const { mergeKey, equals = Object.is, limit = HISTORY_LIMIT } = options;
  if (equals(history.present, next)) return history;
  if (mergeKey !== undefined && history.mergeKey === mergeKey && history.past.length > 0) {
    return { past: history.past, present: next, future: [], mergeKey };
  }
  const past = [...history.past, history.present];
  return {
    past: past.length > limit ? past.slice(past.length - limit) : past,
    present: next,
    future: [],
    ...(mergeKey !== undefined && { mergeKey }),
  };
}

export function canUndo(history: History<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History<unknown>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  return {
    past: history.past.slice(0, -1),
    present: history.past[history.past.length - 1] as T,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [next, ...future] = history.future;
  return { past: [...history.past, history.present], present: next as T, future };
}
