import {
  buildWearIndex,
  computeItemStats,
  computeWardrobeStats,
  costPerWearLeaders,
  itemsInRange,
  mostPaired,
  mostWorn,
  notWornRecently,
  statFigures,
  type ClothingItem,
  type CostPerWearLeaders,
  type IdleItem,
  type ItemStats,
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

export interface StatsView {
  settings: Settings;
  /** Today by the wear-day rule, as the figures count it. */
  today: string;
  /** Whether the user owns anything at all (wishlist items do not count). */
  ownsAnything: boolean;
  stats: WardrobeStats;
  figures: Record<StatFigureId, StatFigure>;
  /** The items the range counts. */
  items: ClothingItem[];
  itemStats: Map<string, ItemStats>;
  mostWorn: WornLeader[];
  mostPaired: PairedLeader[];
  notWornRecently: IdleItem[];
  costPerWear: CostPerWearLeaders;
}

/**
 * Everything the stats screen shows for one range. What does not depend on the range (the wear
 * index and every item's stats) is computed once per wardrobe, so switching range only redoes
 * the range's sums and lists. Null until the wardrobe and the user's settings are known.
 */
export function useStatsView(range: TimeRange): StatsView | null {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);

  const base = useMemo(() => {
    if (!data || !settings) return null;
    const now = new Date();
    const index = buildWearIndex(data, now);
    const itemStats = computeItemStats(data, settings, now, { index });
    const ownsAnything = index.items.some((i) => i.status !== 'wishlist');
    return { data, settings, now, index, itemStats, ownsAnything };
  }, [data, settings]);

  return useMemo(() => {
    if (!base) return null;
    const { data: wardrobe, settings: s, now, index, itemStats } = base;
    const stats = computeWardrobeStats(wardrobe, s, range, now, { index, itemStats });
    const items = itemsInRange(wardrobe, s, range, now, index.items);
    return {
      settings: s,
      today: index.today,
      ownsAnything: base.ownsAnything,
      stats,
      figures: statFigures(stats, s.locale),
      items,
      itemStats,
      mostWorn: mostWorn(items, itemStats),
      mostPaired: mostPaired(items, itemStats, 3),
      notWornRecently: notWornRecently(items, itemStats, s, index.today),
      costPerWear: costPerWearLeaders(items, itemStats, s.currency),
    };
  }, [base, range]);
}
