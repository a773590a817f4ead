import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { useSelectMode } from './use-select-mode';

/**
 * Select mode's state (docs/select-many.md), the one hook of the wardrobe browser and a
 * collection's pieces: start, toggle, shift-click ranges, select all or none, Escape.
 */

const ORDER = ['a', 'b', 'c', 'd', 'e'];

function setUp(order: readonly string[] = ORDER, enabled = true) {
  return renderHook(({ order, enabled }) => useSelectMode(order, enabled), {
    initialProps: { order, enabled },
  });
}

const chosen = (r: ReturnType<typeof setUp>['result']) => [
  ...(r.current.selection?.selected ?? []),
];

afterEach(() => {
  document.body.replaceChildren();
});

it('is off until started; the Select button starts it with nothing chosen', () => {
  const { result } = setUp();
  expect(result.current.selection).toBeUndefined();
  expect(result.current.shownIds).toEqual([]);
  act(() => result.current.start());
  expect(chosen(result)).toEqual([]);
  expect(result.current.shownIds).toEqual([]);
});

it('a long press (or a checkbox) starts it with that one chosen', () => {
  const { result } = setUp();
  act(() => result.current.start('c'));
  expect(result.current.shownIds).toEqual(['c']);
});

it('a tap toggles one; a shift-click adds the range from the last one toggled, either way', () => {
  const { result } = setUp();
  act(() => result.current.start());
  act(() => result.current.selection!.onToggle('b'));
  act(() => result.current.selection!.onToggle('d', true));
  expect(result.current.shownIds).toEqual(['b', 'c', 'd']);
  act(() => result.current.selection!.onToggle('c'));
  expect(result.current.shownIds).toEqual(['b', 'd']);
  // The anchor is now c (toggled off); a range back to a adds a to c.
  act(() => result.current.selection!.onToggle('a', true));
  expect(result.current.shownIds).toEqual(['a', 'b', 'c', 'd']);
});

it('a shift-click with no anchor, or one filtered away, takes just the one clicked', () => {
  const { result, rerender } = setUp();
  act(() => result.current.start());
  act(() => result.current.selection!.onToggle('c', true));
  expect(result.current.shownIds).toEqual(['c']);
  act(() => result.current.selection!.onToggle('b'));
  rerender({ order: ['a', 'c', 'd', 'e'], enabled: true });
  act(() => result.current.selection!.onToggle('e', true));
  // b is still chosen but no longer shown: the actions apply to what is shown, in its order.
  expect(chosen(result).sort()).toEqual(['b', 'c', 'e']);
  expect(result.current.shownIds).toEqual(['c', 'e']);
});

it('"Select all" takes what is shown, "Select none" lets all go', () => {
  const { result } = setUp();
  act(() => result.current.start('a'));
  act(() => result.current.selectAll());
  expect(result.current.shownIds).toEqual(ORDER);
  act(() => result.current.clear());
  expect(result.current.shownIds).toEqual([]);
  expect(result.current.selection).toBeDefined();
});

it('Escape leaves it, and forgets the anchor; not while a dialog is open', () => {
  const { result } = setUp();
  act(() => result.current.start('b'));
  const dialog = document.createElement('dialog');
  dialog.setAttribute('open', '');
  document.body.append(dialog);
  fireEvent.keyDown(window, { key: 'Escape' });
  expect(result.current.shownIds).toEqual(['b']);
  dialog.remove();
  fireEvent.keyDown(window, { key: 'Escape' });
  expect(result.current.selection).toBeUndefined();
  act(() => result.current.start());
  act(() => result.current.selection!.onToggle('d', true));
  expect(result.current.shownIds).toEqual(['d']);
});

it('"Done" (stop) leaves it with nothing chosen', () => {
  const { result } = setUp();
  act(() => result.current.start('b'));
  act(() => result.current.stop());
  expect(result.current.selection).toBeUndefined();
  act(() => result.current.start());
  expect(result.current.shownIds).toEqual([]);
});

it('while disabled (a picker owns the grid) it stays off', () => {
  const { result } = setUp(ORDER, false);
  expect(result.current.enabled).toBe(false);
  act(() => result.current.start('a'));
  expect(result.current.selection).toBeUndefined();
  expect(result.current.shownIds).toEqual([]);
});
