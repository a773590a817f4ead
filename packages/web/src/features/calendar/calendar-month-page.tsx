import {
  addDays,
  calendarDayPath,
  calendarMonthPath,
  dayKeyFromParts,
  daysInMonth,
  monthGrid,
  monthOfDay,
  shiftMonth,
  isCalendarYear,
  wearDayKey,
  type MonthCell,
} from '@hanger/domain';
import { ChevronLeft, ChevronRight, CircleAlert, Plus } from 'lucide-react';
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type TouchEvent,
} from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '../../components/button';
import { Page } from '../../components/page';
import { WhatToWearCard } from '../../components/what-to-wear-card';
import { daysWithFailures, useCalendarSync } from '../../lib/stores/calendar-actions';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { longDayLabel, monthLabel, useNow, weekdayHeaders } from './calendar-time';

interface CalendarMonthPageProps {
  year: number;
  /** 1–12 */
  month: number;
}

/** Location state: the day screen opens its picker at once (the "Log today" entry point). */
export interface DayLocationState {
  addMore?: boolean;
}

/** Location state of a month opened by the keyboard crossing a month edge: the day to focus. */
interface MonthLocationState {
  focusDay?: string;
}

/** A horizontal swipe at least this long (px), and clearly more sideways than up or down. */
const SWIPE_MIN_PX = 56;

/** /calendar/{yyyy}/{mm}: the month in weeks from the user's week start; each day shows what was worn. */
export default function CalendarMonthPage({ year, month }: CalendarMonthPageProps) {
  const weekStart = useSessionStore((s) => s.user?.settings.weekStart ?? 0);
  const data = useWardrobeStore((s) => s.data);
  const changes = useCalendarSync((s) => s.changes);
  const now = useNow();
  const navigate = useNavigate();
  const location = useLocation();

  const grid = useMemo(
    () =>
      monthGrid(
        data ?? { clothes: {}, outfits: {}, calendar: {} },
        { year, month },
        weekStart,
        now,
      ),
    [data, year, month, weekStart, now],
  );
  const unsaved = useMemo(() => daysWithFailures(changes), [changes]);
  const headers = useMemo(() => weekdayHeaders(grid.weekdays), [grid.weekdays]);
  const wearToday = wearDayKey(now);
  const title = monthLabel(year, month);
  const prev = shiftMonth({ year, month }, -1);
  const next = shiftMonth({ year, month }, 1);
  const todayMonth = monthOfDay(wearToday);
  const monthPath = (ym: { year: number; month: number }) =>
    isCalendarYear(ym.year) ? calendarMonthPath(ym.year, ym.month) : undefined;

  const inMonth = (day: string) =>
    Number(day.slice(5, 7)) === month && Number(day.slice(0, 4)) === year;
  const today = inMonth(wearToday) ? wearToday : undefined;

  // Roving focus: one day of the grid is in the tab order; arrows move it.
  const focusFromState = (location.state as MonthLocationState | null)?.focusDay;
  const firstDay = grid.weeks.flat().find((c) => c !== null)!.day;
  const [focusDay, setFocusDay] = useState<string | undefined>(undefined);
  const arrivedFocus = focusFromState && inMonth(focusFromState) ? focusFromState : undefined;
  const tabDay = focusDay && inMonth(focusDay) ? focusDay : (arrivedFocus ?? today ?? firstDay);
  const gridRef = useRef<HTMLDivElement>(null);
  const shouldFocus = useRef(false);

  const focusCell = (day: string) =>
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();

  // The keyboard crossed into this month: the day it moved to takes the focus.
  useEffect(() => {
    if (arrivedFocus) focusCell(arrivedFocus);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    focusCell(tabDay);
  }, [tabDay]);

  function moveFocus(day: string) {
    if (inMonth(day)) {
      setFocusDay(day);
      shouldFocus.current = true;
      return;
    }
    const target = monthOfDay(day);
    const path = monthPath(target);
    if (path) void navigate(path, { state: { focusDay: day } satisfies MonthLocationState });
  }

  function onGridKey(e: KeyboardEvent<HTMLDivElement>) {
    const weekday = (new Date(`${tabDay}T12:00:00Z`).getUTCDay() - grid.weekdays[0]! + 7) % 7;
    const moves: Record<string, () => string | undefined> = {
      ArrowLeft: () => addDays(tabDay, -1),
      ArrowRight: () => addDays(tabDay, 1),
      ArrowUp: () => addDays(tabDay, -7),
      ArrowDown: () => addDays(tabDay, 7),
      Home: () => addDays(tabDay, -weekday),
      End: () => addDays(tabDay, 6 - weekday),
      PageUp: () => shiftDay(tabDay, -1),
      PageDown: () => shiftDay(tabDay, 1),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    const target = move();
    if (target) moveFocus(target);
  }

  // Swipe left for the next month, right for the previous one (touch only).
  const touch = useRef<{ x: number; y: number } | null>(null);
  function onTouchStart(e: TouchEvent) {
    const t = e.touches[0];
    touch.current = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
  }
  function onTouchEnd(e: TouchEvent) {
    const start = touch.current;
    const t = e.changedTouches[0];
    touch.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    const path = monthPath(dx < 0 ? next : prev);
    if (path) void navigate(path);
  }

  // The days are plain links, opened here in one handler: 42 router links per month would make
  // every switch of month do 42 times the router's work for the same result.
  function onGridClick(e: MouseEvent<HTMLDivElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
      return;
    const link = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-day]');
    const href = link?.getAttribute('href');
    if (!href) return;
    e.preventDefault();
    void navigate(href);
  }

  const summary =
    grid.wornDays === 0 && grid.plannedDays === 0
      ? 'Nothing logged this month'
      : [
          grid.wornDays > 0
            ? `${grid.wornDays} ${grid.wornDays === 1 ? 'day' : 'days'} logged`
            : '',
          grid.plannedDays > 0 ? `${grid.plannedDays} planned` : '',
        ]
          .filter(Boolean)
          .join(' · ');

  const prevPath = monthPath(prev);
  const nextPath = monthPath(next);
  const isCurrentMonth = todayMonth.year === year && todayMonth.month === month;

  return (
    <Page width="lg" className="pb-28 md:pb-10">
      <header className="mb-4 flex items-center gap-2 md:mb-6">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight md:text-3xl">{title}</h1>
          <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
            {data ? summary : 'Loading your calendar…'}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to={calendarMonthPath(todayMonth.year, todayMonth.month)}
            aria-current={isCurrentMonth ? 'date' : undefined}
            className={buttonClass('secondary', 'sm', 'mr-1 sm:mr-0 sm:h-10 sm:px-4')}
          >
            Today
          </Link>
          <MonthLink to={prevPath} label="Previous month" icon="prev" />
          <MonthLink to={nextPath} label="Next month" icon="next" />
          <LogTodayLink day={wearToday} />
        </div>
      </header>

      <WhatToWearCard day={wearToday} />

      <div
        ref={gridRef}
        role="grid"
        aria-label={title}
        aria-describedby="calendar-legend"
        aria-busy={data === null}
        onKeyDown={onGridKey}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onClick={onGridClick}
        className="touch-pan-y overflow-hidden rounded-2xl border border-line bg-surface select-none"
      >
        <div role="row" className="grid grid-cols-7 border-b border-line bg-surface-2/60">
          {headers.map((h) => (
            // The header reads the day's full name (its text, not an aria-label that would leave
            // the cell without text of its own); the letter or abbreviation is only what shows.
            <div
              role="columnheader"
              key={h.long}
              className="py-2 text-center text-[11px] font-semibold tracking-wider text-fg-subtle uppercase md:text-xs"
            >
              <span aria-hidden="true" className="sm:hidden">
                {h.narrow}
              </span>
              <span aria-hidden="true" className="hidden sm:inline">
                {h.short}
              </span>
              <span className="sr-only">{h.long}</span>
            </div>
          ))}
        </div>
        {/* Cells are keyed by position: a new month reuses them, so switching only updates. */}
        <div>
          {grid.weeks.map((week, w) => (
            <div role="row" key={w} className="grid grid-cols-7">
              {week.map((cell, i) =>
                cell ? (
                  <DayCell
                    key={i}
                    cell={cell}
                    unsaved={unsaved.has(cell.day)}
                    tabbable={cell.day === tabDay}
                    onFocus={setFocusDay}
                  />
                ) : (
                  <div
                    role="gridcell"
                    key={i}
                    className="h-[4.5rem] border-t border-l border-line bg-surface-2/40 first:border-l-0 sm:h-20 md:h-[6.5rem]"
                  />
                ),
              )}
            </div>
          ))}
        </div>
      </div>

      <p
        id="calendar-legend"
        className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-fg-subtle"
      >
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-accent" />
          Today
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-2.5 rounded-[3px] border border-dashed border-fg-subtle"
          />
          Planned — counts as worn once the day comes
        </span>
        <span className="hidden sm:inline">Swipe or use the arrow keys to move around.</span>
      </p>
    </Page>
  );
}

/** The same date a month away, clamped to the month's last day. */
function shiftDay(day: string, by: number): string | undefined {
  const target = shiftMonth(monthOfDay(day), by);
  if (!isCalendarYear(target.year)) return undefined;
  const date = Math.min(Number(day.slice(8, 10)), daysInMonth(target.year, target.month));
  return dayKeyFromParts(target.year, target.month, date);
}

function MonthLink({ to, label, icon }: { to?: string; label: string; icon: 'prev' | 'next' }) {
  const Icon = icon === 'prev' ? ChevronLeft : ChevronRight;
  const cls = buttonClass('secondary', 'icon');
  if (!to) {
    return (
      <span role="link" aria-disabled="true" aria-label={label} className={`${cls} opacity-40`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <Link to={to} aria-label={label} title={label} className={cls}>
      <Icon aria-hidden="true" className="size-5" />
    </Link>
  );
}

/**
 * "Log today": today's day screen with its picker open. A floating button within thumb reach on
 * phones (above the bottom navigation), a primary button in the header on wide screens.
 */
function LogTodayLink({ day }: { day: string }) {
  return (
    <Link
      to={calendarDayPath(day)}
      state={{ addMore: true } satisfies DayLocationState}
      data-toast-floor="fab"
      className={
        buttonClass(
          'primary',
          'lg',
          'shadow-float md:ml-2 md:h-10 md:px-4 md:text-sm md:shadow-none',
        ) +
        ' fixed right-4 bottom-[calc(var(--hg-bottom-bar,0px)+1rem+env(safe-area-inset-bottom))] z-30 md:static'
      }
    >
      <Plus aria-hidden="true" className="size-5 md:size-4" />
      Log today
    </Link>
  );
}

interface DayCellProps {
  cell: MonthCell;
  unsaved: boolean;
  tabbable: boolean;
  onFocus: (day: string) => void;
}

const DayCell = memo(function DayCell({ cell, unsaved, tabbable, onFocus }: DayCellProps) {
  const { cover, count, planned, today } = cell;
  const parts = [longDayLabel(cell.day)];
  if (today) parts.push('today');
  if (count > 0) parts.push(`${count} ${planned ? 'planned' : 'logged'}`);
  if (unsaved) parts.push('changes not saved');
  const src = cover ? (cover.record.thumbnail ?? cover.record.image) : undefined;
  const isOutfit = cover?.type === 'outfits';

  return (
    // The link's text is the date alone: the badges beside it (how many more, planned) are drawn
    // over the cell, outside the link, so what the link shows is all in its name (WCAG 2.5.3).
    <div role="gridcell" className="relative border-t border-l border-line first:border-l-0">
      <a
        href={calendarDayPath(cell.day)}
        data-day={cell.day}
        tabIndex={tabbable ? 0 : -1}
        onFocus={() => onFocus(cell.day)}
        aria-label={parts.join(', ')}
        aria-current={today ? 'date' : undefined}
        className={
          'group relative block h-[4.5rem] overflow-hidden transition-colors hover:bg-surface-2 focus-visible:z-10 focus-visible:outline-offset-[-2px] sm:h-20 md:h-[6.5rem] ' +
          (today ? 'bg-accent-soft/60 ' : '')
        }
      >
        {src && (
          <span
            className={
              'absolute inset-[3px] overflow-hidden rounded-md sm:inset-1 md:inset-1.5 md:rounded-lg ' +
              (isOutfit ? 'bg-white ' : 'bg-surface-2 ') +
              (planned
                ? 'opacity-60 outline-1 outline-offset-[-1px] outline-fg-subtle outline-dashed'
                : '')
            }
          >
            <img
              // A new photo gets a new element: a reused one would show the last month's until loaded.
              key={src}
              src={src}
              alt=""
              crossOrigin="anonymous"
              loading="lazy"
              decoding="async"
              draggable={false}
              className={`size-full ${isOutfit ? 'object-contain' : 'object-cover'}`}
            />
          </span>
        )}
        <span
          className={
            'absolute top-1 left-1 grid h-5 min-w-5 place-items-center rounded-full px-1 text-[11px] leading-none font-semibold tabular-nums md:top-2 md:left-2 md:h-6 md:min-w-6 md:text-xs ' +
            (today
              ? 'bg-accent text-on-accent'
              : src
                ? 'bg-surface/90 text-fg shadow-sm'
                : planned
                  ? 'text-fg-subtle'
                  : 'text-fg-muted')
          }
        >
          {cell.date}
        </span>
        {unsaved && (
          <CircleAlert
            aria-hidden="true"
            className="absolute top-1 right-1 size-4 rounded-full bg-surface text-danger md:top-2 md:right-2 md:size-5"
          />
        )}
      </a>
      {count > 1 && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute right-1 bottom-1 rounded-full bg-fg/80 px-1.5 py-0.5 text-[10px] leading-none font-semibold text-canvas tabular-nums md:right-2 md:bottom-2 md:text-[11px]"
        >
          +{count - 1}
        </span>
      )}
      {planned && count > 0 && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-2 left-2 hidden rounded-full bg-surface/90 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-fg-muted uppercase md:inline"
        >
          Planned
        </span>
      )}
    </div>
  );
});
