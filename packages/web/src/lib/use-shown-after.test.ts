import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShownAfter } from './use-shown-after';

describe('useShownAfter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows what has been going on for the delay, and hides it as soon as it stops', () => {
    const { result, rerender } = renderHook(({ active }) => useShownAfter(active, 1000), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
  });

  it('never shows a wait that ends before the delay', () => {
    const { result, rerender } = renderHook(({ active }) => useShownAfter(active, 1000), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(600));
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(false);
    // A new wait starts its own count.
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(600));
    expect(result.current).toBe(false);
  });
});
