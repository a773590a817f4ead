import {
  buildWearIndex,
  computeSingleItemStats,
  wearDayKey,
  type ClothingItem,
  type ItemStats,
  type Outfit,
  type Settings,
} from '@hanger/domain';
import { useMemo } from 'react';
import { useSessionStore } from '../../../lib/stores/session-store';
import { useWardrobeStore } from '../../../lib/stores/wardrobe-store';

export type ItemDetail =
  | { state: 'loading' }
  | { state: 'missing' }
  | {
      state: 'ready';
      item: ClothingItem;
      settings: Settings;
      stats: ItemStats;
      /** Outfits whose canvas holds the item, newest first. */
      outfits: Outfit[];
      /** Today by the wear-day rule (before 05:00 it is still yesterday). */
      today: string;
    };

/** One item with its derived stats and outfits, all from the domain's rules. */
export function useItemDetail(id: string): ItemDetail {
  const data = useWardrobeStore((s) => s.data);
  const hydrated = useWardrobeStore((s) => s.hydrated);
  const syncing = useSessionStore((s) => s.syncing);
  const settings = useSessionStore((s) => s.user?.settings);

  return useMemo((): ItemDetail => {
    if (!data || !settings) return { state: hydrated && !syncing ? 'missing' : 'loading' };
    const item = data.clothes[id];
    if (!item) return { state: syncing ? 'loading' : 'missing' };
    const now = new Date();
    const stats = computeSingleItemStats(id, data, settings, now);
    if (!stats) return { state: 'missing' };
    const outfitIds = buildWearIndex(data, now).itemOutfits.get(id) ?? [];
    const outfits = outfitIds
      .map((outfitId) => data.outfits[outfitId])
      .filter((o): o is Outfit => o !== undefined)
      .sort((a, b) => b.dateCreated.localeCompare(a.dateCreated));
    return { state: 'ready', item, settings, stats, outfits, today: wearDayKey(now) };
  }, [data, settings, id, hydrated, syncing]);
}
