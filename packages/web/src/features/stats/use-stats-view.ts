import {
  buildWearIndex,
  computeItemStats,
  costPerWearLeaders,
  mostPaired,
  mostWorn,
  notWornRecently,
  prepareWardrobeStats,
  rangeItems,
  statFigures,
  statsForRange,
  type CostPerWearLeaders,
  type IdleItems,
  type PairedLeader,
  type Settings,
  type StatFigure,
  type StatFigureId,
  type TimeRange,
  type WardrobeStats,
  type WornLeader,
} from '@hanger/domain';
import { useMemo } from 'react';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

/** Idle pieces listed at most: the rest are counted, not drawn. */
export const IDLE_SHOWN_MAX = 24;

export interface StatsView {
  settings: Settings;
  /** Today by the wear-day rule, as the figures count it. */
  today: string;
  /** Whether the user owns anything at all (wishlist items do not count). */
  ownsAnything: boolean;
  stats: WardrobeStats;
  figures: Record<StatFigureId, StatFigure>;
  mostWorn: WornLeader[];
  mostPaired: PairedLeader[];
  notWornRecently: IdleItems;
  costPerWear: CostPerWearLeaders;
}

/**
 * Everything the stats screen shows for one range. What does not depend on the range (the wear
 * index, every item's stats, the prepared table of counted items) is worked out once per
 * wardrobe, so switching range only filters one run of items and sums it. Null until the
 * wardrobe and the user's settings are known.
 */
export function useStatsView(range: TimeRange): StatsView | null {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);

  const prepared = useMemo(() => {
    if (!data || !settings) return null;
    const now = new Date();
    const index = buildWearIndex(data, now);
    const itemStats = computeItemStats(data, settings, now, { index });
    return { settings, table: prepareWardrobeStats(data, settings, now, { index, itemStats }) };
  }, [data, settings]);

  return useMemo(() => {
    if (!prepared) return null;
    const { settings: s, table } = prepared;
    const stats = statsForRange(table, range);
    const items = rangeItems(table, range);
    return {
      settings: s,
      today: table.today,
      ownsAnything: table.items.length > 0,
      stats,
      figures: statFigures(stats, s.locale),
      mostWorn: mostWorn(items),
      mostPaired: mostPaired(items, 3),
      notWornRecently: notWornRecently(items, IDLE_SHOWN_MAX),
      costPerWear: costPerWearLeaders(items),
    };
  }, [prepared, range]);
}
