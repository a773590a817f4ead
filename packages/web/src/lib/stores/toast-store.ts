import {
  TOAST_APPEAR_DELAY_MS,
  TOAST_DISMISS_ANIMATION_MS,
  TOAST_DURATIONS,
  toastAutoDismisses,
  type Notification,
  type NotificationType,
} from '@hanger/domain';
import { create } from 'zustand';

/** entering: added, not yet slid in; shown: on screen; leaving: dismiss animation running. */
export type ToastPhase = 'entering' | 'shown' | 'leaving';

export interface Toast extends Notification {
  phase: ToastPhase;
}

export type ToastInput = Omit<Notification, 'id'> & { id?: string };

interface ToastState {
  toasts: Toast[];
  /** Adds a toast and returns its id; it slides in after 50 ms and leaves after its duration. */
  notify: (input: ToastInput) => string;
  /** Starts the dismiss animation; the toast leaves the list 200 ms later. */
  dismiss: (id: string) => void;
  /** Runs the toast's action handler, then dismisses it. */
  runAction: (id: string) => void;
  clear: () => void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>[]>();
let counter = 0;

function addTimer(id: string, ms: number, fn: () => void): void {
  const handle = setTimeout(fn, ms);
  timers.set(id, [...(timers.get(id) ?? []), handle]);
}

function clearTimers(id: string): void {
  for (const handle of timers.get(id) ?? []) clearTimeout(handle);
  timers.delete(id);
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],

  notify: (input) => {
    const id = input.id ?? `toast-${Date.now().toString(36)}-${(counter++).toString(36)}`;
    const duration = input.duration ?? TOAST_DURATIONS[input.type];
    clearTimers(id);
    const toast: Toast = { ...input, id, duration, phase: 'entering' };
    set((s) => ({ toasts: [...s.toasts.filter((t) => t.id !== id), toast] }));
    addTimer(id, TOAST_APPEAR_DELAY_MS, () => {
      set((s) => ({
        toasts: s.toasts.map((t) =>
          t.id === id && t.phase === 'entering' ? { ...t, phase: 'shown' } : t,
        ),
      }));
    });
    if (toastAutoDismisses(duration)) addTimer(id, duration, () => get().dismiss(id));
    return id;
  },

  dismiss: (id) => {
    const toast = get().toasts.find((t) => t.id === id);
    if (!toast || toast.phase === 'leaving') return;
    clearTimers(id);
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, phase: 'leaving' } : t)) }));
    addTimer(id, TOAST_DISMISS_ANIMATION_MS, () => {
      timers.delete(id);
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    });
  },

  runAction: (id) => {
    const toast = get().toasts.find((t) => t.id === id);
    if (!toast?.action) return;
    try {
      toast.action.handler();
    } finally {
      get().dismiss(id);
    }
  },

  clear: () => {
    for (const id of timers.keys()) clearTimers(id);
    set({ toasts: [] });
  },
}));

/** Shorthands used by actions and screens: `toast.error('Failed to update item', message)`. */
function shorthand(type: NotificationType) {
  return (title: string, message?: string, extra?: Pick<ToastInput, 'action' | 'duration'>) =>
    useToastStore.getState().notify({ type, title, message, ...extra });
}

export const toast = {
  success: shorthand('success'),
  error: shorthand('error'),
  warning: shorthand('warning'),
  info: shorthand('info'),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
};
