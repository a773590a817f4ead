import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToastStore } from '../lib/stores/toast-store';
import { ToastStack } from './toast-stack';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const card = (title: string) =>
  screen.getByRole(title.startsWith('Failed') ? 'alert' : 'status', { name: title });

beforeEach(() => {
  vi.useFakeTimers();
  render(<ToastStack />);
});

afterEach(() => {
  act(() => useToastStore.getState().clear());
  vi.useRealTimers();
});

describe('toasts', () => {
  it('slide in 50 ms after they are added', () => {
    act(() => void toast.success('Item updated successfully'));
    expect(card('Item updated successfully')).toHaveAttribute('data-phase', 'entering');
    advance(49);
    expect(card('Item updated successfully')).toHaveAttribute('data-phase', 'entering');
    advance(1);
    expect(card('Item updated successfully')).toHaveAttribute('data-phase', 'shown');
  });

  it.each([
    ['success', 4000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)(
    'a %s toast leaves after %i ms plus the 200 ms dismiss animation',
    (type, duration) => {
      act(() => void useToastStore.getState().notify({ type, title: 'Note' }));
      advance(duration - 1);
      expect(screen.getByText('Note').closest('[data-phase]')).toHaveAttribute(
        'data-phase',
        'shown',
      );
      advance(1);
      expect(screen.getByText('Note').closest('[data-phase]')).toHaveAttribute(
        'data-phase',
        'leaving',
      );
      advance(199);
      expect(screen.getByText('Note')).toBeInTheDocument();
      advance(1);
      expect(screen.queryByText('Note')).not.toBeInTheDocument();
    },
  );

  it('stays until closed when its duration is 0 or less', () => {
    act(() => void useToastStore.getState().notify({ type: 'info', title: 'Sticky', duration: 0 }));
    advance(60_000);
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('shows the message under the title', () => {
    act(() => void toast.error('Failed to load wardrobe data', 'Unable to connect to the server.'));
    expect(card('Failed to load wardrobe data')).toHaveTextContent(
      'Unable to connect to the server.',
    );
  });

  it('closes with its close button: the animation runs, then it is removed 200 ms later', () => {
    act(() => void toast.error('Failed to update item'));
    advance(50);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(card('Failed to update item')).toHaveAttribute('data-phase', 'leaving');
    advance(200);
    expect(screen.queryByText('Failed to update item')).not.toBeInTheDocument();
  });

  it('runs its action, then dismisses itself', () => {
    const handler = vi.fn();
    act(() => void toast.info('Item archived', undefined, { action: { label: 'Undo', handler } }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(handler).toHaveBeenCalledOnce();
    expect(card('Item archived')).toHaveAttribute('data-phase', 'leaving');
    advance(200);
    expect(screen.queryByText('Item archived')).not.toBeInTheDocument();
  });

  it('stacks several, newest last', () => {
    act(() => {
      toast.success('Clothing item added');
      toast.error('Failed to update calendar');
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.firstElementChild?.getAttribute('aria-label'))).toEqual([
      'Clothing item added',
      'Failed to update calendar',
    ]);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });
});
