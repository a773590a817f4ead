import { calendarMonthPath, formatDay, resolveDayEntries } from '@hanger/domain';
import { CalendarPlus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

/** /calendar/{yyyy}/{mm}/{dd}: what was worn on one day. */
export default function CalendarDayPage({ date }: { date: string }) {
  const data = useWardrobeStore((s) => s.data);
  const entries = data ? resolveDayEntries(data.calendar[date], data) : [];
  const monthPath = calendarMonthPath(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

  return (
    <Page width="lg">
      <PageHeader title={formatDay(date, 'en-GB')} back={monthPath} backLabel="Back to month" />
      {entries.length === 0 ? (
        <EmptyState
          icon={CalendarPlus}
          title="Nothing logged for this day"
          description="Log the items or outfit you wore to keep your times worn and cost per wear up to date."
        />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {entries.map((entry) => (
            <li key={`${entry.type}:${entry.record.id}`}>
              <Link
                to={
                  entry.type === 'outfits'
                    ? `/outfits/${entry.record.id}`
                    : `/items/${entry.record.id}`
                }
                aria-label={entry.type === 'outfits' ? 'Outfit' : entry.record.category}
                className="block overflow-hidden rounded-tile bg-surface-2"
              >
                <img
                  src={entry.record.thumbnail ?? entry.record.image}
                  alt=""
                  crossOrigin="anonymous"
                  loading="lazy"
                  className={`w-full ${entry.type === 'outfits' ? 'aspect-[2/3] bg-white object-contain' : 'aspect-square object-cover'}`}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
