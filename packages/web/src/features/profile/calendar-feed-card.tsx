import { CalendarDays, Check, Copy, EyeOff, Link2, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { Input } from '../../components/field';
import { Skeleton } from '../../components/skeleton';
import {
  createCalendarFeed,
  deleteCalendarFeed,
  fetchCalendarFeed,
  type CalendarFeed,
} from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { toast } from '../../lib/stores/toast-store';
import { formatDate } from './data-format';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; feed: CalendarFeed };

type Busy = 'create' | 'replace' | 'off' | null;

/** How long "Copied" shows on the button after a copy. */
export const COPIED_MS = 2000;

async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard access (an insecure origin, a denied permission): the old way, from the field.
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/**
 * The calendar feed: a secret ICS link a phone or desktop calendar subscribes to. Create it, copy
 * it, replace it (the old one stops working) or turn it off.
 */
export function CalendarFeedCard({ locale }: { locale: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState<Busy>(null);
  const [confirm, setConfirm] = useState<'replace' | 'off' | null>(null);
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ids = { title: useId(), field: useId(), note: useId() };

  const fetchFeed = useCallback((signal?: AbortSignal) => {
    setLoad({ status: 'loading' });
    fetchCalendarFeed(signal).then(
      (feed) => setLoad({ status: 'ready', feed }),
      (err: unknown) => {
        if (signal?.aborted || err instanceof NoUserError) return;
        setLoad({ status: 'failed', message: toCatalogueError(err).message });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchFeed(controller.signal);
    return () => controller.abort();
  }, [fetchFeed]);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  async function create(kind: 'create' | 'replace') {
    setConfirm(null);
    setBusy(kind);
    try {
      const feed = await createCalendarFeed();
      setLoad({ status: 'ready', feed });
      setCopied(false);
      if (kind === 'replace')
        toast.success('Calendar link replaced', 'The old link no longer works.');
    } catch (err) {
      if (!(err instanceof NoUserError))
        toast.error(
          kind === 'create' ? 'Could not create the link' : 'Could not replace the link',
          toCatalogueError(err).message,
        );
    } finally {
      setBusy(null);
    }
  }

  async function turnOff() {
    setConfirm(null);
    setBusy('off');
    try {
      await deleteCalendarFeed();
      setLoad({ status: 'ready', feed: { url: null, createdAt: null } });
      toast.success('Calendar feed turned off', 'The link no longer works.');
    } catch (err) {
      if (!(err instanceof NoUserError))
        toast.error('Could not turn off the feed', toCatalogueError(err).message);
    } finally {
      setBusy(null);
    }
  }

  async function copy(url: string) {
    if (await copyText(url, field.current)) {
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } else {
      field.current?.select();
      toast.error('Could not copy the link', 'Select the link and copy it yourself.');
    }
  }

  const feed = load.status === 'ready' ? load.feed : null;
  const created = formatDate(feed?.createdAt ?? null, locale);

  return (
    <section
      aria-labelledby={ids.title}
      aria-busy={load.status === 'loading' || undefined}
      className="flex flex-col gap-6 rounded-3xl border border-line bg-surface p-6"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-ink"
        >
          <CalendarDays className="size-5" strokeWidth={1.75} />
        </span>
        <div className="min-w-0">
          <h3 id={ids.title} className="text-sm font-semibold text-fg">
            Subscribe in your calendar app
          </h3>
          <p className="mt-1 text-sm leading-6 text-fg-muted">
            See what you wore and planned each day in Apple Calendar, Google Calendar or Outlook.
            Calendar apps check the link for changes every few hours.
          </p>
        </div>
      </div>

      {load.status === 'loading' && (
        <div role="status" aria-label="Loading the calendar feed" className="flex flex-col gap-2">
          <Skeleton className="h-12 rounded-xl" />
          <Skeleton className="h-4 w-48" />
        </div>
      )}

      {load.status === 'failed' && (
        <div className="flex flex-col gap-4 rounded-2xl bg-surface-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="text-sm text-fg-muted">
            <span className="font-semibold text-fg">Could not load the feed.</span> {load.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => fetchFeed()}>
            Try again
          </Button>
        </div>
      )}

      {feed && !feed.url && (
        <div>
          <Button
            onClick={() => void create('create')}
            loading={busy === 'create'}
            icon={<Link2 aria-hidden="true" className="size-4" />}
            className="w-full sm:w-auto"
          >
            Create link
          </Button>
        </div>
      )}

      {feed?.url && (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <label htmlFor={ids.field} className="text-sm font-medium text-fg">
              Your calendar link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                ref={field}
                id={ids.field}
                readOnly
                value={feed.url}
                aria-describedby={ids.note}
                onFocus={(e) => e.currentTarget.select()}
                className="w-full min-w-0 font-mono text-sm sm:flex-1"
              />
              <Button
                variant="secondary"
                size="lg"
                onClick={() => void copy(feed.url!)}
                icon={
                  copied ? (
                    <Check aria-hidden="true" className="size-4 text-success" />
                  ) : (
                    <Copy aria-hidden="true" className="size-4" />
                  )
                }
                className="sm:w-32"
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            <p role="status" className="sr-only">
              {copied ? 'Link copied to the clipboard' : ''}
            </p>
            {created && <p className="text-sm text-fg-subtle">Created {created}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              loading={busy === 'replace'}
              disabled={busy !== null}
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={() => setConfirm('replace')}
            >
              Replace link
            </Button>
            <Button
              variant="ghost"
              size="sm"
              loading={busy === 'off'}
              disabled={busy !== null}
              icon={<EyeOff aria-hidden="true" className="size-4" />}
              onClick={() => setConfirm('off')}
              className="text-danger! hover:bg-danger-soft!"
            >
              Turn off
            </Button>
          </div>
        </div>
      )}

      <p id={ids.note} className="border-t border-line pt-4 text-sm leading-6 text-fg-muted">
        Anyone with the link can see what you wore (no photos). Keep it to yourself, and replace it
        if it was shared by mistake.
      </p>

      <ConfirmDialog
        open={confirm === 'replace'}
        title="Replace the calendar link?"
        description="Calendars subscribed to the current link stop updating. Subscribe again with the new one."
        confirmLabel="Replace link"
        onCancel={() => setConfirm(null)}
        onConfirm={() => void create('replace')}
      />
      <ConfirmDialog
        open={confirm === 'off'}
        title="Turn off the calendar feed?"
        description="The link stops working at once, and calendars subscribed to it stop updating."
        confirmLabel="Turn off"
        destructive
        onCancel={() => setConfirm(null)}
        onConfirm={() => void turnOff()}
      />
    </section>
  );
}
