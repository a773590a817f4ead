import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, commit, createHistory, redo, undo } from './composer-history.js';
import {
  addToCanvas,
  moveForward,
  nudge,
  sameCanvas,
  toggleLock,
  type ComposerItem,
} from './composer.js';
import { item } from './testing/fixtures.js';

describe('composer history', () => {
  it('undoes and redoes each committed change in order', () => {
    let h = createHistory(0);
    h = commit(h, 1);
    h = commit(h, 2);
    expect(canUndo(h)).toBe(true);
    expect(canRedo(h)).toBe(false);
    h = undo(h);
    expect(h.present).toBe(1);
    h = undo(h);
    expect(h.present).toBe(0);
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(h.present).toBe(1);
    h = redo(h);
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(false);
  });

  it('does nothing when there is nothing to undo or redo', () => {
    const h = createHistory('a');
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it('drops the redo steps when a new change is made after an undo', () => {
    let h = commit(commit(createHistory(0), 1), 2);
    h = commit(undo(h), 3);
    expect(h.present).toBe(3);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(1);
  });

  it('adds no step for a change equal to the present', () => {
    const h = commit(createHistory([1, 2]), [1, 2], {
      equals: (a, b) => a.join() === b.join(),
    });
    expect(canUndo(h)).toBe(false);
  });

  it('merges commits with the same key in a row into one step', () => {
    let h = createHistory(0);
    h = commit(h, 1, { mergeKey: 'nudge:a' });
    h = commit(h, 2, { mergeKey: 'nudge:a' });
    h = commit(h, 3, { mergeKey: 'nudge:a' });
    expect(h.past).toEqual([0]);
    h = commit(h, 4, { mergeKey: 'nudge:b' });
    expect(h.past).toEqual([0, 3]);
    // An undo ends the run: the next nudge is a step of its own.
    h = commit(undo(h), 5, { mergeKey: 'nudge:b' });
    expect(h.past).toEqual([0, 3]);
    expect(h.present).toBe(5);
    h = commit(h, 6, { mergeKey: 'nudge:b' });
    expect(h.past).toEqual([0, 3]);
    expect(undo(h).present).toBe(3);
  });

  it('keeps at most the limit of past states, forgetting the oldest', () => {
    let h = createHistory(0);
    for (let i = 1; i <= 5; i++) h = commit(h, i, { limit: 3 });
    expect(h.past).toEqual([2, 3, 4]);
  });

  it('walks back to the start and forward to the end whatever the changes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), (values) => {
        let h = createHistory<number | null>(null);
        for (const v of values) h = commit(h, v);
        const end = h.present;
        while (canUndo(h)) h = undo(h);
        expect(h.present).toBeNull();
        while (canRedo(h)) h = redo(h);
        expect(h.present).toBe(end);
      }),
    );
  });

  it('records canvas changes as domain states', () => {
    const equals = sameCanvas;
    let h = createHistory<ComposerItem[]>([]);
    h = commit(h, addToCanvas(h.present, item('a'), 240, 360, 1), { equals });
    h = commit(h, addToCanvas(h.present, item('b'), 240, 360, 1), { equals });
    h = commit(h, moveForward(h.present, 'b'), { equals }); // at the top already: no step
    h = commit(h, toggleLock(h.present, 'a'), { equals });
    h = commit(h, nudge(h.present, 'b', 5, 0), { equals });
    expect(h.past).toHaveLength(4);
    h = undo(h);
    expect(h.present.find((i) => i.clothingId === 'b')?.x).toBe(480);
    h = undo(h);
    expect(h.present.find((i) => i.clothingId === 'a')?.locked).toBe(false);
  });
});
