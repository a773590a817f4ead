import {
  costPerWearLeaders,
  mostPaired,
  mostWorn,
  notWornRecently,
  prepareWardrobeStats,
  rangeItems,
  statFigures,
  statsForRange,
  wardrobeOfCollection,
  wearDayKey,
  type Collection,
  type CostPerWearLeaders,
  type PreparedWardrobeStats,
  type WardrobeData,
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
import { itemStatsFor } from '../../lib/use-wardrobe-stats';
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
 * The last wardrobe prepared for the stats screen, kept between visits: leaving the screen and
 * coming back to an unchanged wardrobe on the same day does not redo the wear index, the item
 * stats, the table or a range already shown (about 100 ms for 5,000 items on a slow machine).
 * The index and item stats come from lib/use-wardrobe-stats, shared with the Items tab.
 * Any change to the wardrobe or the settings is a new object, so it is prepared again.
 */
let last: {
  data: WardrobeData;
  settings: Settings;
  today: string;
  table: PreparedWardrobeStats;
  /** Each range's view once shown, so going back to a range or to the screen is free. */
  views: Map<TimeRange, StatsView>;
} | null = null;

function prepared(data: WardrobeData, settings: Settings): NonNullable<typeof last> {
  const now = new Date();
  const today = wearDayKey(now);
  if (last && last.data === data && last.settings === settings && last.today === today) {
    return last;
  }
  // The wear index and item stats the Items tab already worked out for this wardrobe, if any.
  const { index, itemStats } = itemStatsFor(data, settings, now);
  const table = prepareWardrobeStats(data, settings, now, { index, itemStats });
  last = { data, settings, today, table, views: new Map() };
  return last;
}

function viewFor(entry: NonNullable<typeof last>, range: TimeRange): StatsView {
  const known = entry.views.get(range);
  if (known) return known;
  const { settings, table } = entry;
  const stats = statsForRange(table, range);
  const items = rangeItems(table, range);
  const view: StatsView = {
    settings,
    today: table.today,
    ownsAnything: table.items.length > 0,
    stats,
    figures: statFigures(stats, settings.locale),
    mostWorn: mostWorn(items),
    mostPaired: mostPaired(items, 3),
    notWornRecently: notWornRecently(items, IDLE_SHOWN_MAX),
    costPerWear: costPerWearLeaders(items),
  };
  entry.views.set(range, view);
  return view;
}

/**
 * Everything the stats screen shows for one range. What does not depend on the range (the wear
 * index, every item's stats, the prepared table of counted items) is worked out once per
 * wardrobe, so switching range only filters one run of items and sums it. Null until the
 * wardrobe and the user's settings are known.
 */
export function useStatsView(range: TimeRange, collection?: Collection): StatsView | null {
  const whole = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  // The "Collection" filter (docs/collections.md): the stats of one collection's pieces.
  const data = useMemo(
    () => (whole && collection ? wardrobeOfCollection(collection, whole) : whole),
    [whole, collection],
  );

  const base = useMemo(() => {
    if (!data || !settings) {
      // Signed out or not loaded: nothing of a previous wardrobe stays in memory.
      last = null;
      return null;
    }
    return prepared(data, settings);
  }, [data, settings]);

  return useMemo(() => (base ? viewFor(base, range) : null), [base, range]);
}
