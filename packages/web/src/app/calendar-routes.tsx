import { calendarDayPath, calendarMonthPath, dayKeyFromParts, isDayKey } from '@hanger/domain';
import { lazy } from 'react';
import { Navigate, useParams } from 'react-router';
import { currentCalendarPath } from '../lib/paths';

const CalendarMonthPage = lazy(() => import('../features/calendar/calendar-month-page'));
const CalendarDayPage = lazy(() => import('../features/calendar/calendar-day-page'));

/** /calendar: the month of today (SPEC §2). */
export function CalendarRedirect() {
  return <Navigate to={currentCalendarPath()} replace />;
}

function toInt(value: string | undefined): number {
  return value && /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
}

/** /calendar/{yyyy}/{mm}: a month outside 1–12 goes to today's month; '/2025/3' becomes '/2025/03'. */
export function CalendarMonthRoute() {
  const params = useParams();
  const year = toInt(params.year);
  const month = toInt(params.month);
  if (!(year >= 1 && month >= 1 && month <= 12))
    return <Navigate to={currentCalendarPath()} replace />;
  const canonical = calendarMonthPath(year, month);
  if (canonical !== `/calendar/${params.year}/${params.month}`)
    return <Navigate to={canonical} replace />;
  return <CalendarMonthPage year={year} month={month} />;
}

/** /calendar/{yyyy}/{mm}/{dd}: zero-padded; a date that does not exist goes to its month. */
export function CalendarDayRoute() {
  const params = useParams();
  const year = toInt(params.year);
  const month = toInt(params.month);
  const day = toInt(params.day);
  const key = dayKeyFromParts(year, month, day);
  if (!isDayKey(key)) {
    return (
      <Navigate
        to={
          month >= 1 && month <= 12 && year >= 1
            ? calendarMonthPath(year, month)
            : currentCalendarPath()
        }
        replace
      />
    );
  }
  const canonical = calendarDayPath(key);
  if (canonical !== `/calendar/${params.year}/${params.month}/${params.day}`)
    return <Navigate to={canonical} replace />;
  return <CalendarDayPage date={key} />;
}
