import {
  computeItemStats,
  computeOutfitStats,
  type ItemStats,
  type OutfitStats,
} from '@hanger/domain';
import { useMemo } from 'react';
import { useSessionStore } from './stores/session-store';
import { useWardrobeStore } from './stores/wardrobe-store';

/**
 * Derived stats for the whole wardrobe, recomputed only when the wardrobe or the settings
 * change. Screens read these instead of computing their own.
 */
export function useItemStats(): Map<string, ItemStats> | null {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  return useMemo(
    () => (data && settings ? computeItemStats(data, settings) : null),
    [data, settings],
  );
}

export function useOutfitStats(enabled = true): Map<string, OutfitStats> | null {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  return useMemo(
    () => (enabled && data && settings ? computeOutfitStats(data, settings) : null),
    [enabled, data, settings],
  );
}
