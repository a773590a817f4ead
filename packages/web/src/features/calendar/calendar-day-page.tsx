import {
  calendarMonthPath,
  countsAsWorn,
  formatDay,
  monthOfDay,
  resolveDayEntries,
  type DayRecord,
} from '@hanger/domain';
import { CalendarPlus, CircleAlert, Plus, Sparkles } from 'lucide-react';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/button';
import { BackButton, useBack } from '../../components/detail-page';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { ContentSpinner, Spinner } from '../../components/spinner';
import { WhatToWearCard } from '../../components/what-to-wear-card';
import {
  describeChange,
  discardCalendarDay,
  failedChanges,
  retryCalendarDay,
  useCalendarSync,
} from '../../lib/stores/calendar-actions';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { useNow, weekdayName } from './calendar-time';
import type { DayLocationState } from './calendar-month-page';
import { DayTile } from './day-tile';

// The picker (with its browsers, sort and filters) loads when it is first opened.
const DayPicker = lazy(() => import('./day-picker'));

/** Until the picker's code arrives: its full-screen layer with a spinner. */
function PickerLoading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-canvas text-fg-subtle">
      <Spinner label="Opening the picker" size="lg" />
    </div>
  );
}

export interface ComposerSlotProps {
  /** The new outfit was saved: its id. */
  onSaved: (outfitId: string) => void;
  onClose: () => void;
}

export interface CalendarDayPageProps {
  /** YYYY-MM-DD */
  date: string;
  /** The outfit composer, drawn over the picker for 'New outfit' (the app layer supplies it). */
  renderComposer?: (props: ComposerSlotProps) => ReactNode;
}

function countLabel(entries: readonly DayRecord[]): string {
  const outfits = entries.filter((e) => e.type === 'outfits').length;
  const items = entries.length - outfits;
  const parts: string[] = [];
  if (outfits > 0) parts.push(`${outfits} ${outfits === 1 ? 'outfit' : 'outfits'}`);
  if (items > 0) parts.push(`${items} ${items === 1 ? 'item' : 'items'}`);
  return parts.join(', ');
}

/** /calendar/{yyyy}/{mm}/{dd}: what was worn (or is planned) on one day, and adding to it. */
export default function CalendarDayPage({ date, renderComposer }: CalendarDayPageProps) {
  const data = useWardrobeStore((s) => s.data);
  const changes = useCalendarSync((s) => s.changes);
  const now = useNow();
  const location = useLocation();
  const navigate = useNavigate();
  const { year, month } = monthOfDay(date);
  const monthPath = calendarMonthPath(year, month);
  const back = useBack(monthPath);

  const entries = useMemo(
    () => (data ? resolveDayEntries(data.calendar[date], data) : []),
    [data, date],
  );
  const displayItem = data?.calendar[date]?.displayItem;
  const failures = useMemo(() => failedChanges(changes, date), [changes, date]);
  const planned = !countsAsWorn(date, now);

  // The picker opens at once on an empty day (and when asked to by "Log today"); closing a picker
  // that opened by itself goes back to where the user came from.
  const askedToAdd = (location.state as DayLocationState | null)?.addMore === true;
  const [picker, setPicker] = useState<'closed' | 'open' | 'empty-day' | 'asked'>('closed');
  const decided = useRef(false);
  const touched = useRef(false);
  useEffect(() => {
    if (decided.current || !data) return;
    decided.current = true;
    if (askedToAdd) setPicker('asked');
    else if (entries.length === 0) setPicker('empty-day');
    // Asked once: a reload of this entry later should not open the picker again.
    if (askedToAdd) void navigate(location.pathname, { replace: true, state: null });
  }, [data, entries.length, askedToAdd, navigate, location.pathname]);
  // This device's copy can be behind: when the server's answer shows the day was not empty after
  // all, a picker that opened only for that closes again, unless the user has started choosing.
  useEffect(() => {
    if (picker === 'empty-day' && !touched.current && entries.length > 0) setPicker('closed');
  }, [picker, entries.length]);
  const onTouched = useCallback(() => {
    touched.current = true;
  }, []);

  // Fetch the picker's code while the day is on screen, so 'Add more' opens without a wait.
  useEffect(() => {
    void import('./day-picker');
  }, []);

  const [revealed, setRevealed] = useState<string | null>(null);
  const gridRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!revealed) return;
    const onPointer = (e: PointerEvent) => {
      if (!gridRef.current?.contains(e.target as Node)) setRevealed(null);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setRevealed(null);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [revealed]);

  function closePicker() {
    const auto = picker === 'empty-day' || picker === 'asked';
    setPicker('closed');
    if (auto) back();
  }

  const title = formatDay(date, 'en-GB');
  const subtitle = [weekdayName(date), entries.length > 0 ? countLabel(entries) : ''].filter(
    Boolean,
  );

  let body: ReactNode;
  if (!data) {
    body = <ContentSpinner label="Loading the day" />;
  } else if (entries.length === 0) {
    body = (
      <EmptyState
        icon={CalendarPlus}
        title={planned ? 'Nothing planned for this day' : 'Nothing logged for this day'}
        description={
          planned
            ? 'Plan an outfit or a few pieces ahead. They count as worn once the day comes.'
            : 'Add what you wore to keep times worn and cost per wear up to date.'
        }
        action={
          <Button
            size="lg"
            icon={<Plus aria-hidden="true" className="size-5" />}
            onClick={() => setPicker('open')}
          >
            Add more
          </Button>
        }
      />
    );
  } else {
    body = (
      <ul
        ref={gridRef}
        aria-label={`Worn on ${title}`}
        className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"
      >
        {entries.map((entry) => {
          const key = `${entry.type}:${entry.record.id}`;
          return (
            <DayTile
              key={key}
              day={date}
              entry={entry}
              starred={displayItem === entry.record.id}
              revealed={revealed === key}
              onReveal={(open) => setRevealed(open ? key : null)}
              changes={changes}
            />
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <Page width="lg" className="pb-28 md:pb-12">
        <header className="mb-6 flex items-center gap-2 md:mb-8">
          <BackButton onClick={back} />
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-2">
              <h1 className="truncate text-2xl font-semibold tracking-tight md:text-3xl">
                {title}
              </h1>
              {planned && (
                <span className="shrink-0 rounded-full border border-dashed border-fg-subtle px-2 py-0.5 text-xs font-medium text-fg-muted">
                  Planned
                </span>
              )}
            </div>
            <p className="mt-1 truncate text-sm text-fg-muted">{subtitle.join(' · ')}</p>
          </div>
          <div className="flex shrink-0 items-center gap-1 sm:gap-2">
            {/* Plan ahead: suggestions for the day (README, "What to wear"). */}
            {planned && (
              <Link
                to={`/suggestions?date=${date}`}
                className={buttonClass('secondary', 'md', 'md:h-10')}
              >
                <Sparkles aria-hidden="true" className="size-4" />
                What to wear
              </Link>
            )}
            {entries.length > 0 && (
              <Button
                onClick={() => setPicker('open')}
                icon={<Plus aria-hidden="true" className="size-5 md:size-4" />}
                size="lg"
                data-toast-floor="fab"
                className="fixed right-4 bottom-[calc(var(--hg-bottom-bar,0px)+1rem+env(safe-area-inset-bottom))] z-30 shadow-float md:static md:ml-2 md:h-10 md:px-4 md:text-sm md:shadow-none"
              >
                Add more
              </Button>
            )}
          </div>
        </header>

        {failures.length > 0 && (
          <div
            role="alert"
            className="mb-6 flex items-start gap-3 rounded-2xl border border-danger/40 bg-danger-soft p-4"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
            <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-semibold text-fg">Some changes to this day weren’t saved</p>
                <ul className="mt-1 text-fg-muted">
                  {failures.map((f) => (
                    <li key={f.key}>
                      {describeChange(f.change)} failed: {f.message}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button variant="secondary" size="sm" onClick={() => void discardCalendarDay(date)}>
                  Discard
                </Button>
                <Button size="sm" onClick={() => void retryCalendarDay(date)}>
                  Retry
                </Button>
              </div>
            </div>
          </div>
        )}

        {/* Plan ahead (README, "What to wear"): the day's first suggestion. */}
        {planned && <WhatToWearCard day={date} className="mb-6" />}

        {body}
      </Page>
      {picker !== 'closed' && data && (
        <Suspense fallback={<PickerLoading />}>
          <DayPicker
            day={date}
            title={title}
            onClose={closePicker}
            onSaved={() => setPicker('closed')}
            renderComposer={renderComposer}
            onTouched={onTouched}
            {...(planned ? { whatToWearTo: `/suggestions?date=${date}` } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
