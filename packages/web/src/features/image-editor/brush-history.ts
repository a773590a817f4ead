/**
 * The touch-up brush's strokes and their undo/redo, free of the DOM so that it can be tested.
 *
 * A stroke is kept as what the hand did (mode, size, the points it passed), in the cut-out's own
 * pixels, not as the pixels it changed: a 1600 × 1600 snapshot is 10 MB, so a phone could hold
 * only a few, while replaying a few dozen strokes over the cut-out takes milliseconds
 * (brush-paint.ts). Undo moves a cursor back; a new stroke after an undo drops the strokes that
 * were undone, as in every editor.
 */

export type BrushMode = 'erase' | 'restore';

export interface Stroke {
  mode: BrushMode;
  /** Diameter in the cut-out's pixels. */
  size: number;
  /** x0, y0, x1, y1, … in the cut-out's pixels; at least one point. */
  points: number[];
}

export interface BrushHistory {
  strokes: readonly Stroke[];
  /** How many of `strokes` are applied; the rest were undone and can be redone. */
  at: number;
}

export const EMPTY_HISTORY: BrushHistory = { strokes: [], at: 0 };

export function pushStroke(history: BrushHistory, stroke: Stroke): BrushHistory {
  if (stroke.points.length < 2) return history;
  const strokes = [...history.strokes.slice(0, history.at), stroke];
  return { strokes, at: strokes.length };
}

export const canUndo = (history: BrushHistory): boolean => history.at > 0;
export const canRedo = (history: BrushHistory): boolean => history.at < history.strokes.length;

export function undo(history: BrushHistory): BrushHistory {
  return canUndo(history) ? { ...history, at: history.at - 1 } : history;
}

export function redo(history: BrushHistory): BrushHistory {
  return canRedo(history) ? { ...history, at: history.at + 1 } : history;
}

/** The strokes the cut-out shows, oldest first. */
export function appliedStrokes(history: BrushHistory): readonly Stroke[] {
  return history.strokes.slice(0, history.at);
}

/** Which history step a key press asks for: Ctrl/Cmd+Z undoes, with Shift (or Ctrl+Y) redoes. */
export function historyKey(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
