import { categoryToWire, suggestOutfits, type Settings, type WardrobeData } from '@hanger/domain';
import type { SuggestionsAnswer, SuggestionsQuery } from './api/suggestions';

/**
 * What to wear without a connection (README, "What to wear"): the same domain function the server
 * runs, on this device's copy of the wardrobe, seeded by the account id as the server seeds it, so
 * the offline three are the server's three while nothing has changed. Loaded only when a call
 * fails: the suggestion rules stay out of the screens' code until needed.
 */
export function localSuggestions(
  query: SuggestionsQuery,
  wardrobe: WardrobeData,
  settings: Settings,
  userId: string,
  notThis: readonly { key: string; until: string }[],
  now: Date = new Date(),
): SuggestionsAnswer {
  const result = suggestOutfits({
    wardrobe,
    settings,
    date: query.date,
    seed: userId,
    now,
    feedback: notThis,
    ...(query.pin !== undefined ? { pin: query.pin } : {}),
    ...(query.offset !== undefined ? { offset: query.offset } : {}),
  });
  return {
    date: result.date,
    offset: result.offset,
    next_offset: result.nextOffset,
    suggestions: result.pinUnavailable
      ? []
      : result.suggestions.map((s) => ({ key: s.key, item_ids: s.itemIds, reasons: s.reasons })),
    missing: result.missing.map(categoryToWire),
  };
}
