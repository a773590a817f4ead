import {
  buildWearIndex,
  computeItemStats,
  computeOutfitStats,
  wearDayKey,
  type ItemStats,
  type OutfitStats,
  type Settings,
  type WardrobeData,
  type WearIndex,
} from '@hanger/domain';
import { useMemo } from 'react';
import { useSessionStore } from './stores/session-store';
import { useWardrobeStore } from './stores/wardrobe-store';

interface Derived {
  today: string;
  index: WearIndex;
  itemStats?: { settings: Settings; stats: Map<string, ItemStats> };
}

/**
 * What every screen derives from one wardrobe, kept per wardrobe object: the items grid, the
 * outfits grid and the stats screen share one wear index and one set of item stats instead of
 * each building their own (for 10,000 items the index and the item stats are most of the stats
 * screen's work). Every change to the wardrobe is a new object, so nothing stale is reused; a
 * new day (the wear-day rule) builds them again. A WeakMap, so a replaced wardrobe is freed.
 */
const derived = new WeakMap<WardrobeData, Derived>();

function derivedFor(data: WardrobeData, now: Date): Derived {
  const today = wearDayKey(now);
  let entry = derived.get(data);
  if (!entry || entry.today !== today) {
    entry = { today, index: buildWearIndex(data, now) };
    derived.set(data, entry);
  }
  return entry;
}

/** The wear index of a wardrobe at `now`, built once per wardrobe object and day. */
export function wearIndexFor(data: WardrobeData, now: Date = new Date()): WearIndex {
  return derivedFor(data, now).index;
}

/**
 * Every item's stats for a wardrobe and settings at `now`, computed once per wardrobe object,
 * settings object and day, on the shared wear index.
 */
export function itemStatsFor(
  data: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
): { index: WearIndex; itemStats: Map<string, ItemStats> } {
  const entry = derivedFor(data, now);
  if (entry.itemStats?.settings !== settings) {
    entry.itemStats = {
      settings,
      stats: computeItemStats(data, settings, now, { index: entry.index }),
    };
  }
  return { index: entry.index, itemStats: entry.itemStats.stats };
}

/**
 * Derived stats for the whole wardrobe, recomputed only when the wardrobe or the settings
 * change. Screens read these instead of computing their own. With `enabled` false (a view whose
 * sort and captions do not read stats), nothing is computed and the answer is null.
 */
export function useItemStats(enabled = true): Map<string, ItemStats> | null {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  return useMemo(
    () => (enabled && data && settings ? itemStatsFor(data, settings).itemStats : null),
    [enabled, data, settings],
  );
}

export function useOutfitStats(enabled = true): Map<string, OutfitStats> | null {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  return useMemo(() => {
    if (!enabled || !data || !settings) return null;
    const now = new Date();
    return computeOutfitStats(data, settings, now, { index: wearIndexFor(data, now) });
  }, [enabled, data, settings]);
}
