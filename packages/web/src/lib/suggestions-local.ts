import {
  categoryToWire,
  prepareSuggestions,
  suggestOutfits,
  wearDayKey,
  type PreparedSuggestions,
  type Settings,
  type WardrobeData,
} from '@hanger/domain';
import type { SuggestionsAnswer, SuggestionsQuery } from './api/suggestions';
import { wearIndexFor } from './use-wardrobe-stats';

/**
 * What to wear from this device's copy of the wardrobe (README, "What to wear"): the same domain
 * function the server runs, seeded by the account id as the server seeds it, so that the three
 * are the server's three while nothing has changed (docs/suggestions.md). The screens answer from
 * here first; loaded on the first suggestions shown, so the rules stay out of the start's code.
 */

/** The name of the performance measure of each computation here (bench/suggestions-browser). */
export const LOCAL_MEASURE = 'hanger:suggestions-local';
/** Its parts when the wardrobe is new: the wear index (shared), then the preparation. */
export const INDEX_MEASURE = 'hanger:suggestions-local:index';
export const PREPARE_MEASURE = 'hanger:suggestions-local:prepare';

/**
 * The day-free part of the suggestions, kept per wardrobe object (every change is a new one),
 * settings object and day, on the wear index the other screens share: the first suggestions
 * of a wardrobe pay for it, the next day, page or pin do not.
 */
const prepared = new WeakMap<
  WardrobeData,
  { today: string; settings: Settings; prepared: PreparedSuggestions }
>();

function preparedFor(wardrobe: WardrobeData, settings: Settings, now: Date): PreparedSuggestions {
  const today = wearDayKey(now);
  let kept = prepared.get(wardrobe);
  if (!kept || kept.today !== today || kept.settings !== settings) {
    const start = performance.now();
    const index = wearIndexFor(wardrobe, now);
    const indexed = performance.now();
    kept = { today, settings, prepared: prepareSuggestions(wardrobe, settings, now, { index }) };
    // Parts of LOCAL_MEASURE, for the bench's breakdown (bench/suggestions-browser).
    performance.measure(INDEX_MEASURE, { start, end: indexed });
    performance.measure(PREPARE_MEASURE, { start: indexed, end: performance.now() });
    prepared.set(wardrobe, kept);
  }
  return kept.prepared;
}

export function localSuggestions(
  query: SuggestionsQuery,
  wardrobe: WardrobeData,
  settings: Settings,
  userId: string,
  notThis: readonly { key: string; until: string }[],
  now: Date = new Date(),
): SuggestionsAnswer {
  const start = performance.now();
  const result = suggestOutfits({
    wardrobe,
    settings,
    date: query.date,
    seed: userId,
    now,
    feedback: notThis,
    prepared: preparedFor(wardrobe, settings, now),
    ...(query.pin !== undefined ? { pin: query.pin } : {}),
    ...(query.offset !== undefined ? { offset: query.offset } : {}),
  });
  performance.measure(LOCAL_MEASURE, { start, end: performance.now() });
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
