import { itemTileLabel, type ClothingItem } from '@hanger/domain';
import { useSessionStore } from './session-store';
import { useWardrobeStore } from './wardrobe-store';

/** What an item is called in messages ("Uniqlo Top", as on its tile), or '' when unknown here. */
export function itemLabel(id: string): string {
  return nameOf(useWardrobeStore.getState().data?.clothes[id]);
}

/** What this item is called in messages, '' when unknown. */
export function nameOf(item: ClothingItem | undefined): string {
  const settings = useSessionStore.getState().user?.settings;
  if (!item || !settings) return '';
  return itemTileLabel(item, settings);
}

/** Names of the clothes a calendar change logs: one by name, several counted. */
export function calendarLabel(clothes: readonly string[], outfits: readonly string[]): string {
  if (clothes.length === 1 && outfits.length === 0) return itemLabel(clothes[0] ?? '');
  if (clothes.length === 0 && outfits.length === 1) return 'an outfit';
  const parts = [
    clothes.length > 0 ? `${clothes.length} item${clothes.length === 1 ? '' : 's'}` : '',
    outfits.length > 0 ? `${outfits.length} outfit${outfits.length === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.join(' and ');
}
