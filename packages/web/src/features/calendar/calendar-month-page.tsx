import {
  calendarDayPath,
  calendarMonthPath,
  dayKeyOf,
  dayThumbnail,
  monthWeeks,
} from '@hanger/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { Page, PageHeader } from '../../components/page';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

interface CalendarMonthPageProps {
  year: number;
  /** 1–12 */
  month: number;
}

function shift(year: number, month: number, by: number): [number, number] {
  const total = year * 12 + (month - 1) + by;
  return [Math.floor(total / 12), (total % 12) + 1];
}

/** /calendar/{yyyy}/{mm}: the month in weeks from the user's week start; each day shows what was worn. */
export default function CalendarMonthPage({ year, month }: CalendarMonthPageProps) {
  const weekStart = useSessionStore((s) => s.user?.settings.weekStart ?? 0);
  const data = useWardrobeStore((s) => s.data);
  const weeks = useMemo(() => monthWeeks(year, month, weekStart), [year, month, weekStart]);
  const today = dayKeyOf(new Date());
  const title = new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  const weekdays = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(
      // 2023-01-01 was a Sunday.
      new Date(Date.UTC(2023, 0, 1 + ((weekStart + i) % 7))),
    ),
  );
  const [py, pm] = shift(year, month, -1);
  const [ny, nm] = shift(year, month, 1);

  function thumbnailOf(day: string): string | undefined {
    const ref = dayThumbnail(data?.calendar[day]);
    if (!ref || !data) return undefined;
    const record = ref.type === 'outfits' ? data.outfits[ref.id] : data.clothes[ref.id];
    return record?.thumbnail ?? record?.image;
  }

  return (
    <Page width="lg">
      <PageHeader
        title={title}
        actions={
          <>
            <Link
              to={calendarMonthPath(py, pm)}
              aria-label="Previous month"
              className={buttonClass('secondary', 'icon')}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Link>
            <Link
              to={calendarMonthPath(ny, nm)}
              aria-label="Next month"
              className={buttonClass('secondary', 'icon')}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          </>
        }
      />
      <div
        role="grid"
        aria-label={title}
        className="overflow-hidden rounded-2xl border border-line bg-surface"
      >
        <div role="row" className="grid grid-cols-7 border-b border-line">
          {weekdays.map((d) => (
            <div
              role="columnheader"
              key={d}
              className="py-2 text-center text-xs font-semibold tracking-wide text-fg-subtle uppercase"
            >
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week, w) => (
          <div role="row" key={w} className="grid grid-cols-7">
            {week.map((day, i) => {
              if (!day)
                return (
                  <div
                    role="gridcell"
                    key={i}
                    className="aspect-square border-t border-l border-line bg-surface-2/50 first:border-l-0 md:aspect-auto md:h-28"
                  />
                );
              const thumb = thumbnailOf(day);
              const isToday = day === today;
              return (
                <div
                  role="gridcell"
                  key={day}
                  className="border-t border-l border-line first:border-l-0"
                >
                  <Link
                    to={calendarDayPath(day)}
                    aria-label={day}
                    aria-current={isToday ? 'date' : undefined}
                    className="relative block aspect-square overflow-hidden hover:bg-surface-2 md:aspect-auto md:h-28"
                  >
                    {thumb && (
                      <img
                        src={thumb}
                        alt=""
                        crossOrigin="anonymous"
                        loading="lazy"
                        className="absolute inset-0 size-full object-cover"
                      />
                    )}
                    <span
                      className={
                        'absolute top-1 left-1 grid size-6 place-items-center rounded-full text-xs font-semibold tabular-nums ' +
                        (isToday
                          ? 'bg-accent text-on-accent'
                          : thumb
                            ? 'bg-surface/85 text-fg'
                            : 'text-fg-muted')
                      }
                    >
                      {Number(day.slice(8, 10))}
                    </span>
                  </Link>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Page>
  );
}
