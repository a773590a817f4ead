import { calendarDayPath, formatDay, type Outfit } from '@hanger/domain';
import { CalendarDays, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { outfitPath } from '../lib/paths';
import { Thumbnail } from './thumbnail';

/** Shown at first; the rest of a long history opens on request. */
const DATES_SHOWN = 12;

export function Section({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="flex items-baseline gap-2 text-base font-semibold tracking-tight">
        {title}
        {count !== undefined && count > 0 && (
          <span className="text-sm font-medium text-fg-subtle tabular-nums">{count}</span>
        )}
      </h2>
      {children}
    </section>
  );
}

/** The days a piece (or outfit) was worn, newest first, each linking to its calendar day. */
export function DatesWorn({ dates, locale }: { dates: readonly string[]; locale: string }) {
  const [all, setAll] = useState(false);
  const newestFirst = [...dates].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, DATES_SHOWN);
  return (
    <Section id="dates-worn" title="Worn on" count={dates.length}>
      {dates.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Not logged yet. Tap “Wore it today”, or add it to a day on the calendar.
        </p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-2">
            {shown.map((day) => (
              <li key={day}>
                <Link
                  to={calendarDayPath(day)}
                  className="inline-flex h-8 items-center gap-2 rounded-full border border-line bg-surface px-3 text-sm text-fg transition-colors hover:border-line-strong hover:bg-surface-2"
                >
                  <CalendarDays aria-hidden="true" className="size-3.5 text-fg-subtle" />
                  {formatDay(day, locale)}
                </Link>
              </li>
            ))}
          </ul>
          {newestFirst.length > DATES_SHOWN && (
            <button
              type="button"
              onClick={() => setAll((v) => !v)}
              className="self-start rounded text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
            >
              {all ? 'Show fewer' : `Show all ${dates.length}`}
            </button>
          )}
        </>
      )}
    </Section>
  );
}

/** Outfits that use the piece, as 2:3 tiles linking to each outfit. */
export function OutfitTiles({ outfits, itemId }: { outfits: Outfit[]; itemId: string }) {
  const compose = `/outfits/upload?selected=${encodeURIComponent(itemId)}`;
  return (
    <Section id="item-outfits" title="In outfits" count={outfits.length}>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {outfits.map((outfit, i) => (
          <li key={outfit.id}>
            <Link
              to={outfitPath(outfit.id)}
              aria-label={`Outfit ${i + 1}`}
              className="block overflow-hidden rounded-tile border border-line bg-white transition-opacity hover:opacity-90"
            >
              <Thumbnail of={outfit} className="aspect-[2/3] w-full object-contain" />
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={compose}
            className="flex aspect-[2/3] flex-col items-center justify-center gap-2 rounded-tile border-2 border-dashed border-line-strong p-2 text-center text-xs font-medium text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
          >
            <Plus aria-hidden="true" className="size-5" />
            New outfit with it
          </Link>
        </li>
      </ul>
    </Section>
  );
}
