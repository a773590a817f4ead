import { CircleAlert, CloudOff, Clock, RefreshCw } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useOutbox } from '../lib/outbox/state';
import { loadOutbox } from '../lib/outbox/port';

// Only ever needed after a refusal: kept out of the initial bundle.
const NotSavedDialog = lazy(() => import('./not-saved-dialog'));

const changes = (n: number) => `${n} change${n === 1 ? '' : 's'}`;

/** What the pill says: offline, changes waiting, or sending them; null when there is nothing. */
export function indicatorText(s: {
  offline: boolean;
  waiting: number;
  replaying: boolean;
}): string | null {
  if (s.replaying && s.waiting > 0) return `Syncing ${changes(s.waiting)}…`;
  const waiting = s.waiting > 0 ? `${changes(s.waiting)} waiting` : '';
  if (s.offline) return waiting ? `Offline · ${waiting}` : 'Offline';
  return waiting || null;
}

/**
 * The shell's quiet connection state (README, Install and offline): "Offline" when the browser is
 * offline or the last request found no network, how many changes wait in the outbox, "Syncing N
 * changes…" while they are sent, and the changes the server refused ("Not saved") until they are
 * dismissed.
 */
export function OfflineIndicator() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void loadOutbox().then((m) => {
      if (!gone) stop = m.start();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  const { online, networkDown, replaying, waiting, refused } = useOutbox(
    useShallow((s) => ({
      online: s.online,
      networkDown: s.networkDown,
      replaying: s.replaying,
      waiting: s.entries.length,
      refused: s.refused,
    })),
  );
  const [listOpen, setListOpen] = useState(false);
  const offline = !online || networkDown;
  const text = indicatorText({ offline, waiting, replaying });
  const Icon = replaying ? RefreshCw : offline ? CloudOff : Clock;
  const showing = text !== null || refused.length > 0;
  // While it shows, the page keeps room for it (styles.css, :root[data-connection-pill]).
  useEffect(() => {
    if (!showing) return;
    const root = document.documentElement;
    root.setAttribute('data-connection-pill', '');
    return () => root.removeAttribute('data-connection-pill');
  }, [showing]);

  return (
    <>
      {/* Where it stands: styles.css. */}
      <div
        className={
          'hg-connection-pill pointer-events-none fixed inset-x-0 z-50 flex justify-center gap-2 ' +
          'px-4 md:inset-x-auto md:left-6 md:px-0'
        }
      >
        <div role="status" className="contents">
          {text && (
            <p className="pointer-events-auto flex h-8 items-center gap-2 rounded-full border border-line bg-surface/95 px-3 text-xs font-medium text-fg-muted shadow-sm backdrop-blur">
              <Icon
                aria-hidden="true"
                className={`size-3.5 shrink-0 ${replaying ? 'animate-spin' : ''}`}
                strokeWidth={2}
              />
              {text}
            </p>
          )}
        </div>
        {refused.length > 0 && (
          <button
            type="button"
            onClick={() => setListOpen(true)}
            className="pointer-events-auto flex h-8 items-center gap-2 rounded-full border border-danger/40 bg-surface/95 px-3 text-xs font-medium text-danger shadow-sm backdrop-blur hover:bg-surface-2"
          >
            <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" strokeWidth={2} />
            {refused.length} not saved
          </button>
        )}
      </div>
      {listOpen && refused.length > 0 && (
        <Suspense fallback={null}>
          <NotSavedDialog
            refused={refused}
            onDismiss={(id) => void loadOutbox().then((m) => m.dismissRefused(id))}
            onClose={() => setListOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
