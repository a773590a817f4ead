import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LONG_PRESS_MS, useLongPress } from './use-long-press';

/**
 * The long press that starts Select mode (docs/select-many.md): a link that a long press turns
 * into a toggle, as the wardrobe grid's tiles and a collection's pieces are.
 */

const opened = vi.fn();
const toggled = vi.fn();

function Tile() {
  const [selecting, setSelecting] = useState(false);
  const press = useLongPress(selecting ? undefined : () => setSelecting(true));
  return selecting ? (
    <button type="button" aria-pressed="true" onClick={toggled}>
      Tee
    </button>
  ) : (
    <a
      href="/items/tee"
      onClick={(e) => {
        e.preventDefault();
        opened();
      }}
      {...press}
    >
      Tee
    </a>
  );
}

const touch = (x = 5, y = 5) => ({ pointerType: 'touch', clientX: x, clientY: y });

beforeEach(() => {
  vi.useFakeTimers();
  render(<Tile />);
});

afterEach(() => {
  // The next touch ends any wait for a lift.
  fireEvent.pointerDown(window);
  vi.useRealTimers();
  opened.mockReset();
  toggled.mockReset();
});

it('fires after LONG_PRESS_MS of a resting finger, and the lift neither opens nor toggles', () => {
  fireEvent.pointerDown(screen.getByRole('link'), touch());
  act(() => vi.advanceTimersByTime(LONG_PRESS_MS - 1));
  expect(screen.queryByRole('button')).toBeNull();
  act(() => vi.advanceTimersByTime(1));
  const toggle = screen.getByRole('button');
  // The finger lifts over what is now a toggle: its click is the press's, and goes nowhere.
  fireEvent.pointerUp(toggle, touch());
  const menu = fireEvent.contextMenu(toggle);
  expect(fireEvent.click(toggle)).toBe(false);
  expect(menu).toBe(false);
  expect(toggled).not.toHaveBeenCalled();
  expect(opened).not.toHaveBeenCalled();
  // The next tap is a tap.
  fireEvent.pointerDown(toggle, touch());
  fireEvent.pointerUp(toggle, touch());
  fireEvent.click(toggle);
  expect(toggled).toHaveBeenCalledTimes(1);
});

it('a finger that moves is scrolling: nothing fires, and its tap opens as ever', () => {
  const link = screen.getByRole('link');
  fireEvent.pointerDown(link, touch(5, 5));
  fireEvent.pointerMove(link, touch(5, 40));
  act(() => vi.advanceTimersByTime(2 * LONG_PRESS_MS));
  expect(screen.queryByRole('button')).toBeNull();
  fireEvent.click(link);
  expect(opened).toHaveBeenCalledTimes(1);
});

it('a finger lifted early is a tap', () => {
  const link = screen.getByRole('link');
  fireEvent.pointerDown(link, touch());
  act(() => vi.advanceTimersByTime(LONG_PRESS_MS / 2));
  fireEvent.pointerUp(link, touch());
  act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
  expect(screen.queryByRole('button')).toBeNull();
  fireEvent.click(link);
  expect(opened).toHaveBeenCalledTimes(1);
});

it('a mouse never long-presses (it has the hover checkbox)', () => {
  fireEvent.pointerDown(screen.getByRole('link'), { pointerType: 'mouse', clientX: 5, clientY: 5 });
  act(() => vi.advanceTimersByTime(2 * LONG_PRESS_MS));
  expect(screen.queryByRole('button')).toBeNull();
});

it("keeps the link's own menu away while the finger rests", () => {
  const link = screen.getByRole('link');
  fireEvent.pointerDown(link, touch());
  expect(fireEvent.contextMenu(link)).toBe(false);
});
