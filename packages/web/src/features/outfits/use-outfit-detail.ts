import {
  buildWearIndex,
  computeSingleOutfitStats,
  wearDayKey,
  type ClothingItem,
  type Outfit,
  type OutfitStats,
  type Settings,
} from '@hanger/domain';
import { useMemo } from 'react';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

export type OutfitDetail =
  | { state: 'loading' }
  | { state: 'missing' }
  | {
      state: 'ready';
      outfit: Outfit;
      settings: Settings;
      stats: OutfitStats;
      /** The pieces on its canvas that still exist, in canvas order. */
      items: ClothingItem[];
      /** Every piece id on the canvas, existing or not (the status of a restored outfit follows them). */
      canvasIds: string[];
      clothes: Readonly<Record<string, ClothingItem>>;
      today: string;
    };

/** One outfit with its stats and pieces, from the domain's rules. */
export function useOutfitDetail(id: string): OutfitDetail {
  const data = useWardrobeStore((s) => s.data);
  const hydrated = useWardrobeStore((s) => s.hydrated);
  const syncing = useSessionStore((s) => s.syncing);
  const settings = useSessionStore((s) => s.user?.settings);

  return useMemo((): OutfitDetail => {
    if (!data || !settings) return { state: hydrated && !syncing ? 'missing' : 'loading' };
    const outfit = data.outfits[id];
    if (!outfit) return { state: syncing ? 'loading' : 'missing' };
    const now = new Date();
    const stats = computeSingleOutfitStats(id, data, settings, now);
    if (!stats) return { state: 'missing' };
    const single = { ...data, outfits: { [id]: outfit } };
    const items = (buildWearIndex(single, now).outfitItems.get(id) ?? [])
      .map((itemId) => data.clothes[itemId])
      .filter((item): item is ClothingItem => item !== undefined);
    return {
      state: 'ready',
      outfit,
      settings,
      stats,
      items,
      canvasIds: outfit.canvasData.map((e) => e.clothingId),
      clothes: data.clothes,
      today: wearDayKey(now),
    };
  }, [data, settings, id, hydrated, syncing]);
}
