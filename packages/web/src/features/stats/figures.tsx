import {
  formatStatNumber,
  type PairedLeader,
  type Settings,
  type StatFigure,
  type StatFigureId,
  itemTileLabel,
} from '@hanger/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { itemPath } from '../../lib/paths';
import { StatsCard } from './stats-card';
import { Thumbnail } from '../../components/thumbnail';

type Figures = Record<StatFigureId, StatFigure>;

/** A label over its value; `dt`/`dd` so the pair reads as one term and its definition. */
function Figure({
  figure,
  note,
  emphasis = 'md',
  className = '',
}: {
  figure: StatFigure;
  note?: ReactNode;
  emphasis?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <dt className="text-sm font-medium text-fg-muted">{figure.label}</dt>
      <dd
        className={
          'font-semibold tracking-tight tabular-nums ' +
          (emphasis === 'lg' ? 'text-2xl md:text-3xl ' : 'text-xl md:text-2xl ') +
          (figure.missing ? 'text-fg-subtle' : 'text-fg')
        }
      >
        {figure.value}
      </dd>
      {note && <dd className="text-xs leading-5 text-fg-subtle">{note}</dd>}
    </div>
  );
}

/** Spend this year, spent on items in closet, all-time spend: one panel, biggest type. */
export function SpendingPanel({ figures, year }: { figures: Figures; year: string }) {
  return (
    <StatsCard
      title="Spending"
      description="Prices in your currency; wishlist pieces not included."
    >
      <dl className="grid gap-4 sm:grid-cols-3 sm:gap-0 sm:divide-x sm:divide-line">
        <Figure
          figure={figures.spendThisYear}
          note={`Pieces obtained in ${year}`}
          emphasis="lg"
          className="sm:pr-6"
        />
        <Figure
          figure={figures.spentInCloset}
          note="What is in your closet now"
          emphasis="lg"
          className="border-t border-line pt-4 sm:border-t-0 sm:px-6 sm:pt-0"
        />
        <Figure
          figure={figures.allTimeSpend}
          note="Closet, archived and loaned"
          emphasis="lg"
          className="border-t border-line pt-4 sm:border-t-0 sm:pl-6 sm:pt-0"
        />
      </dl>
    </StatsCard>
  );
}

/** The small cards of the wear figures, in order, each with its note (another while it has no value). */
const WEAR_TILES: readonly { id: StatFigureId; note: string; whenMissing?: string }[] = [
  { id: 'totalItems', note: 'Wishlist not included' },
  { id: 'averageTimesWorn', note: 'Calendar and earlier wears' },
  {
    id: 'averageDaysSinceLastWorn',
    note: 'Over pieces worn at least once',
    whenMissing: 'Nothing worn yet',
  },
  {
    id: 'averageCostPerWear',
    note: 'Over worn pieces with a price',
    whenMissing: 'Wear a piece with a price',
  },
];

/** Total items and the wear averages, as a grid of small cards. */
export function WearFigures({ figures }: { figures: Figures }) {
  return (
    <section aria-label="Wear">
      <dl className="grid grid-cols-2 gap-2 md:gap-4 lg:grid-cols-4">
        {WEAR_TILES.map(({ id, note, whenMissing }) => (
          <Figure
            key={id}
            figure={figures[id]}
            note={(figures[id].missing && whenMissing) || note}
            className="rounded-2xl border border-line bg-surface p-4 md:p-6"
          />
        ))}
      </dl>
    </section>
  );
}

/** How much of the wardrobe is combined: the share of possible pairs, and the counts behind it. */
export function PairingsPanel({
  figures,
  percent,
  versatile,
  settings,
  className,
}: {
  figures: Figures;
  percent: number;
  /** The pieces with the most partners, shown under the figures. */
  versatile: readonly PairedLeader[];
  settings: Settings;
  className?: string;
}) {
  const pct = figures.pairingsPercentage;
  return (
    <StatsCard
      title="Outfits and pairings"
      description="A pairing is two pieces that share at least one outfit."
      className={className}
    >
      <div className="flex flex-col gap-3">
        <dl>
          <Figure figure={pct} emphasis="lg" />
        </dl>
        <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-surface-3">
          <div
            className="h-full rounded-full bg-accent"
            // At least a sliver, so a small share still reads as "some".
            style={{ width: `${percent > 0 ? Math.max(1.5, Math.min(100, percent)) : 0}%` }}
          />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-6 border-t border-line pt-6">
        <Figure figure={figures.totalPairings} />
        <Figure figure={figures.maxPairings} note="Every two pieces together" />
        <Figure figure={figures.averagePairingsPerItem} note="Total pairings × 2 ÷ items" />
        <Figure figure={figures.averageOutfitsPerItem} />
      </dl>
      {versatile.length > 0 && <MostVersatile leaders={versatile} settings={settings} />}
    </StatsCard>
  );
}

/** The pieces that go with the most others: a short list with photos, each opening the piece. */
function MostVersatile({
  leaders,
  settings,
}: {
  leaders: readonly PairedLeader[];
  settings: Settings;
}) {
  const { locale } = settings;
  const count = (n: number, one: string, many: string) =>
    `${formatStatNumber(n, locale)} ${n === 1 ? one : many}`;
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-6">
      <h3 className="text-sm font-semibold text-fg">Most versatile</h3>
      <ol aria-label="Most versatile" className="flex flex-col gap-1">
        {leaders.map((l) => {
          const name = itemTileLabel(l.item, settings);
          const pairs = `Pairs with ${count(l.pairings, 'piece', 'pieces')}`;
          const outfits = `in ${count(l.outfits, 'outfit', 'outfits')}`;
          return (
            <li key={l.item.id}>
              <Link
                to={itemPath(l.item.id)}
                className="-mx-2 flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-surface-2"
              >
                {/* Read as one line that holds both lines shown (WCAG 2.5.3). */}
                <span className="sr-only">{`${name}, ${pairs.toLowerCase()} ${outfits}`}</span>
                <Thumbnail
                  of={l.item}
                  className="size-12 shrink-0 rounded-lg bg-surface-2 object-cover"
                />
                <span aria-hidden="true" className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-fg">{name}</span>
                  <span className="block truncate text-xs text-fg-muted tabular-nums">
                    {pairs} {outfits}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
