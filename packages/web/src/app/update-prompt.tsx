import { RefreshCw, X } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  applyUpdate,
  getUpdateState,
  startServiceWorker,
  subscribeUpdate,
} from '../lib/pwa/update-state';

/**
 * Registers the service worker after the first render and, when a new version is waiting, shows
 * "Update available — reload" until the user reloads (or hides it until the next visit). The new
 * version is only activated by Reload, so one page never runs two versions.
 */
export function UpdatePrompt() {
  const { waiting, applying } = useSyncExternalStore(subscribeUpdate, getUpdateState);
  const [hidden, setHidden] = useState(false);

  useEffect(() => startServiceWorker(), []);

  if (!waiting || hidden) return null;
  return (
    <div
      className={
        'pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+0.75rem)] z-[110] flex justify-center px-4 ' +
        'md:top-auto md:right-auto md:bottom-6 md:left-6 md:px-0'
      }
    >
      <div
        role="status"
        aria-label="Update available"
        className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-2xl border border-line bg-surface p-3 pl-4 shadow-float sm:w-96"
      >
        <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-accent-ink" />
        <p className="min-w-0 flex-1 text-sm text-fg">
          <span className="font-semibold">Update available</span>
          <span className="text-fg-muted"> — reload to use the new version.</span>
        </p>
        <button
          type="button"
          onClick={applyUpdate}
          disabled={applying}
          className="shrink-0 rounded-full bg-accent px-4 py-1.5 text-sm font-semibold text-on-accent hover:bg-accent-hover disabled:opacity-60"
        >
          {applying ? 'Reloading…' : 'Reload'}
        </button>
        <button
          type="button"
          aria-label="Not now"
          onClick={() => setHidden(true)}
          className="-mr-1 grid size-8 shrink-0 place-items-center rounded-full text-fg-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
