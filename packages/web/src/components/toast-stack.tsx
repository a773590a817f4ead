import type { NotificationType } from '@hanger/domain';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import { useToastStore, type Toast } from '../lib/stores/toast-store';

const ICONS: Record<NotificationType, { icon: LucideIcon; tone: string }> = {
  success: { icon: CircleCheck, tone: 'text-success' },
  error: { icon: CircleAlert, tone: 'text-danger' },
  warning: { icon: TriangleAlert, tone: 'text-warning' },
  info: { icon: Info, tone: 'text-info' },
};

const PHASE_CLASSES: Record<Toast['phase'], string> = {
  entering: 'translate-y-2 opacity-0',
  shown: 'translate-y-0 opacity-100',
  leaving: 'translate-x-6 opacity-0',
};

function ToastCard({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const runAction = useToastStore((s) => s.runAction);
  const { icon: Icon, tone } = ICONS[toast.type];
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <li data-phase={toast.phase} className="pointer-events-auto">
      <div
        role={urgent ? 'alert' : 'status'}
        aria-label={toast.title}
        data-phase={toast.phase}
        className={
          'pointer-events-auto flex w-full items-start gap-3 rounded-2xl border border-line bg-surface p-4 shadow-float ' +
          `transition-all duration-200 ease-out ${PHASE_CLASSES[toast.phase]}`
        }
      >
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tone}`} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-fg">{toast.title}</p>
          {toast.message && <p className="mt-1 text-sm leading-5 text-fg-muted">{toast.message}</p>}
          {toast.action && (
            <button
              type="button"
              onClick={() => runAction(toast.id)}
              className="mt-2 -ml-2 rounded-full px-2 py-1 text-sm font-semibold text-accent-ink hover:bg-accent-soft"
            >
              {toast.action.label}
            </button>
          )}
        </div>
        <button
          type="button"
          aria-label="Dismiss notification"
          onClick={() => dismiss(toast.id)}
          className="-mt-1 -mr-1 grid size-8 shrink-0 place-items-center rounded-full text-fg-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </li>
  );
}

/**
 * Notifications stacked at the bottom right (docs/spec.md §2). The stack sits above the phone's
 * bottom navigation and above a floating action or save bar (styles.css, data-toast-floor), so a
 * toast never covers the tab or the button a thumb is reaching for.
 */
export function ToastStack() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section
      aria-label="Notifications"
      className={
        'hg-toast-stack pointer-events-none fixed inset-x-0 z-[100] flex justify-end px-4 ' +
        'md:right-0 md:left-auto md:px-6'
      }
    >
      <ol className="flex w-full flex-col gap-2 sm:w-96">
        {toasts.map((t) => (
          <ToastCard key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
