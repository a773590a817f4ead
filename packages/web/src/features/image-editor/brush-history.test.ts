import { describe, expect, it } from 'vitest';
import {
  EMPTY_HISTORY,
  appliedStrokes,
  canRedo,
  canUndo,
  historyKey,
  pushStroke,
  redo,
  undo,
  type Stroke,
} from './brush-history';

const stroke = (n: number, mode: Stroke['mode'] = 'erase'): Stroke => ({
  mode,
  size: 20,
  points: [n, n, n + 1, n + 1],
});

describe('brush history', () => {
  it('starts with nothing to undo or redo', () => {
    expect(canUndo(EMPTY_HISTORY)).toBe(false);
    expect(canRedo(EMPTY_HISTORY)).toBe(false);
    expect(undo(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    expect(redo(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
  });

  it('undoes and redoes strokes in order', () => {
    let h = pushStroke(pushStroke(EMPTY_HISTORY, stroke(1)), stroke(2, 'restore'));
    expect(appliedStrokes(h)).toEqual([stroke(1), stroke(2, 'restore')]);
    h = undo(h);
    expect(appliedStrokes(h)).toEqual([stroke(1)]);
    expect(canRedo(h)).toBe(true);
    h = undo(h);
    expect(appliedStrokes(h)).toEqual([]);
    expect(canUndo(h)).toBe(false);
    h = redo(redo(redo(h)));
    expect(appliedStrokes(h)).toEqual([stroke(1), stroke(2, 'restore')]);
    expect(canRedo(h)).toBe(false);
  });

  it('drops the undone strokes when a new one is painted', () => {
    let h = pushStroke(pushStroke(EMPTY_HISTORY, stroke(1)), stroke(2));
    h = pushStroke(undo(h), stroke(3));
    expect(appliedStrokes(h)).toEqual([stroke(1), stroke(3)]);
    expect(h.strokes).toHaveLength(2);
    expect(canRedo(h)).toBe(false);
  });

  it('ignores a stroke without a point', () => {
    const h = pushStroke(EMPTY_HISTORY, { mode: 'erase', size: 4, points: [] });
    expect(h).toBe(EMPTY_HISTORY);
  });

  it('reads Ctrl/Cmd+Z as undo, with Shift or Ctrl+Y as redo', () => {
    const key = (k: string, mods: Partial<Record<'ctrl' | 'meta' | 'shift' | 'alt', boolean>>) =>
      historyKey({
        key: k,
        ctrlKey: !!mods.ctrl,
        metaKey: !!mods.meta,
        shiftKey: !!mods.shift,
        altKey: !!mods.alt,
      });
    expect(key('z', { ctrl: true })).toBe('undo');
    expect(key('z', { meta: true })).toBe('undo');
    expect(key('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(key('z', { meta: true, shift: true })).toBe('redo');
    expect(key('y', { ctrl: true })).toBe('redo');
    expect(key('z', {})).toBeNull();
    expect(key('z', { ctrl: true, alt: true })).toBeNull();
    expect(key('x', { ctrl: true })).toBeNull();
  });
});
