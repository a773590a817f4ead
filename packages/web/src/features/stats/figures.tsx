import type { StatFigure, StatFigureId } from '@hanger/domain';
import type { ReactNode } from 'react';
import { StatsCard } from './stats-card';

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

const TILE = 'rounded-2xl border border-line bg-surface p-4 md:p-6';

/** Total items and the wear averages, as a grid of small cards. */
export function WearFigures({ figures }: { figures: Figures }) {
  return (
    <section aria-label="Wear">
      <dl className="grid grid-cols-2 gap-2 md:gap-4 lg:grid-cols-4">
        <Figure figure={figures.totalItems} note="Wishlist not included" className={TILE} />
        <Figure
          figure={figures.averageTimesWorn}
          note="Calendar and earlier wears"
          className={TILE}
        />
        <Figure
          figure={figures.averageDaysSinceLastWorn}
          note={
            figures.averageDaysSinceLastWorn.missing
              ? 'Nothing worn yet'
              : 'Over pieces worn at least once'
          }
          className={TILE}
        />
        <Figure
          figure={figures.averageCostPerWear}
          note={
            figures.averageCostPerWear.missing
              ? 'Wear a piece with a price'
              : 'Over worn pieces with a price'
          }
          className={TILE}
        />
      </dl>
    </section>
  );
}

/** How much of the wardrobe is combined: the share of possible pairs, and the counts behind it. */
export function PairingsPanel({
  figures,
  percent,
  className,
}: {
  figures: Figures;
  percent: number;
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
    </StatsCard>
  );
}
