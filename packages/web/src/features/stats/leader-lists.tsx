import {
  formatRecentDay,
  formatStatMoney,
  formatStatNumber,
  LEADERS_LIMIT,
  NOT_WORN_RECENTLY_DAYS,
  type CostPerWearLeader,
  type IdleItems,
  type Settings,
  itemTileLabel,
} from '@hanger/domain';
import type { ReactNode } from 'react';
import { PieceStrip, StripEmpty, type StripPiece } from './piece-strip';
import { StatsCard } from './stats-card';
import type { StatsView } from './use-stats-view';

function wears(n: number, locale: string): string {
  return `${formatStatNumber(n, locale)} ${n === 1 ? 'wear' : 'wears'}`;
}

function days(n: number, locale: string): string {
  return `${formatStatNumber(n, locale)} ${n === 1 ? 'day' : 'days'}`;
}

function cpwPieces(list: readonly CostPerWearLeader[], settings: Settings): StripPiece[] {
  const { currency, locale } = settings;
  return list.map((l) => ({
    item: l.item,
    name: itemTileLabel(l.item, settings),
    figure:
      l.timesWorn === 0
        ? formatStatMoney(l.price, currency, locale)
        : `${formatStatMoney(l.costPerWear, currency, locale)} a wear`,
    detail:
      l.timesWorn === 0
        ? 'Never worn'
        : `${wears(l.timesWorn, locale)} · ${formatStatMoney(l.price, currency, locale)}`,
  }));
}

/**
 * Why nothing is "not worn in 90 days", in words that stay true: the list only weighs pieces in
 * the closet that have been there 90 days or more, so "everything was worn" is said of those.
 */
function idleEmptyText({ inCloset, oldEnough }: IdleItems): string {
  const days = NOT_WORN_RECENTLY_DAYS;
  if (inCloset === 0) return 'None of these pieces is in your closet now.';
  if (oldEnough === 0) return `No piece has been in your closet for ${days} days yet.`;
  return `Every piece you've had for ${days} days or more was worn in the last ${days} days.`;
}

/** A half-width card of ranked pieces, named by its title, or a line saying why it is empty. */
function LeaderCard({
  title,
  description,
  empty,
  ...strip
}: {
  title: string;
  description: ReactNode;
  empty: ReactNode;
  pieces: readonly StripPiece[];
  ranked?: boolean;
  initial?: number;
  total?: number;
}) {
  return (
    <StatsCard title={title} description={description} className="lg:col-span-6">
      {strip.pieces.length === 0 ? (
        <StripEmpty>{empty}</StripEmpty>
      ) : (
        <PieceStrip label={title} {...strip} />
      )}
    </StatsCard>
  );
}

/** Most worn and not worn in 90 days: the favourites, and what is being overlooked. */
export function WearLeaders({ view }: { view: StatsView }) {
  const { settings } = view;
  const { locale } = settings;
  const day = (d: string) => formatRecentDay(d, view.today, locale);
  const favourites: StripPiece[] = view.mostWorn.map((l) => ({
    item: l.item,
    name: itemTileLabel(l.item, settings),
    figure: wears(l.timesWorn, locale),
    ...(l.lastWorn ? { detail: `Last ${day(l.lastWorn)}` } : {}),
  }));
  const { total: idleTotal } = view.notWornRecently;
  const idle: StripPiece[] = view.notWornRecently.items.map((l) => ({
    item: l.item,
    name: itemTileLabel(l.item, settings),
    figure: l.lastWorn ? `${days(l.idleDays, locale)} ago` : 'Never worn',
    detail: `${l.lastWorn ? 'Last' : 'Since'} ${day(l.since)}`,
  }));
  return (
    <>
      <LeaderCard
        title="Most worn"
        description="Your favourites, by times worn."
        pieces={favourites}
        ranked
        empty="Log what you wear on the calendar to see your favourites here."
      />
      <LeaderCard
        title={`Not worn in ${NOT_WORN_RECENTLY_DAYS} days`}
        description={
          idleTotal > 0
            ? `${formatStatNumber(idleTotal, locale)} ${idleTotal === 1 ? 'piece' : 'pieces'} in your closet, longest forgotten first.`
            : 'Pieces in your closet, longest forgotten first.'
        }
        pieces={idle}
        initial={LEADERS_LIMIT}
        total={idleTotal}
        empty={idleEmptyText(view.notWornRecently)}
      />
    </>
  );
}

/** Both ends of cost per wear: what paid for itself, and what has not yet. */
export function CostPerWearLeaderLists({ view }: { view: StatsView }) {
  const { earned, notYet } = view.costPerWear;
  const none = earned.length === 0 && notYet.length === 0;
  const noPrices = 'Add prices to your pieces to see what each wear costs.';
  return (
    <>
      <LeaderCard
        title="Earned their price"
        description="Lowest cost per wear: price divided by times worn."
        pieces={cpwPieces(earned, view.settings)}
        ranked
        empty={none ? noPrices : 'Wear your priced pieces and the best value shows here.'}
      />
      <LeaderCard
        title="Yet to earn their price"
        description="Highest cost per wear, never-worn pieces included."
        pieces={cpwPieces(notYet, view.settings)}
        empty={
          none ? noPrices : 'Every priced piece is on the other list: nothing is lagging behind.'
        }
      />
    </>
  );
}
