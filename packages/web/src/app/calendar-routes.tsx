import { calendarDayPath, calendarMonthPath, parseCalendarRoute, wearDayKey } from '@hanger/domain';
import { Suspense, lazy } from 'react';
import { Navigate, useParams } from 'react-router';
import { Spinner } from '../components/spinner';
import type { ComposerSlotProps } from '../features/calendar/calendar-day-page';
import { currentCalendarPath } from '../lib/paths';

const CalendarMonthPage = lazy(() => import('../features/calendar/calendar-month-page'));
const CalendarDayPage = lazy(() => import('../features/calendar/calendar-day-page'));
const Composer = lazy(() => import('../features/composer/composer'));

/** /calendar: the month of today (docs/spec.md §2). */
export function CalendarRedirect() {
  return <Navigate to={currentCalendarPath()} replace />;
}

/** /calendar/today: the day being worn now (docs/spec.md §4: before 05:00 still yesterday), for the installed app's 'Log today' shortcut. */
export function CalendarTodayRedirect() {
  return <Navigate to={calendarDayPath(wearDayKey())} replace />;
}

/** /calendar/{yyyy}/{mm}: an unknown year or month goes to today's month; '/2025/3' becomes '/2025/03'. */
export function CalendarMonthRoute() {
  const params = useParams();
  const route = parseCalendarRoute({ year: params.year, month: params.month });
  if (route.kind !== 'month') return <Navigate to={currentCalendarPath()} replace />;
  if (route.canonical !== `/calendar/${params.year}/${params.month}`)
    return <Navigate to={route.canonical} replace />;
  return <CalendarMonthPage year={route.year} month={route.month} />;
}

/**
 * The day picker's 'New outfit': the composer (another feature), over the picker. Features do not
 * import each other, so the app layer hands it to the calendar.
 */
function renderComposer({ onSaved, onClose }: ComposerSlotProps) {
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-[60] grid place-items-center bg-canvas text-fg-subtle">
          <Spinner label="Opening the composer" size="lg" />
        </div>
      }
    >
      <div className="fixed inset-0 z-[60] bg-canvas">
        <Composer onSaved={onSaved} onClose={onClose} />
      </div>
    </Suspense>
  );
}

/**
 * /calendar/{yyyy}/{mm}/{dd}: zero-padded; a day that does not exist goes to its month, an unknown
 * year or month to today's month.
 */
export function CalendarDayRoute() {
  const params = useParams();
  const route = parseCalendarRoute({ year: params.year, month: params.month, day: params.day });
  if (route.kind === 'invalid') {
    const { fallback } = route;
    return (
      <Navigate
        to={fallback ? calendarMonthPath(fallback.year, fallback.month) : currentCalendarPath()}
        replace
      />
    );
  }
  if (route.kind !== 'day') return <Navigate to={currentCalendarPath()} replace />;
  if (route.canonical !== `/calendar/${params.year}/${params.month}/${params.day}`)
    return <Navigate to={route.canonical} replace />;
  return <CalendarDayPage key={route.day} date={route.day} renderComposer={renderComposer} />;
}
