import {
  NOT_THIS_DAYS,
  addDays,
  categoryToWire,
  settingsFromWire,
  suggestOutfits,
  suggestionKey,
  wardrobeForSuggestionsFromWire,
  wearDayKey,
  type SuggestionsResult,
} from '@hanger/domain';
import { NotFoundError, ValidationError } from '../errors.js';
import { findItemStatuses } from '../repositories/clothes.js';
import { listLiveFeedback, saveFeedback } from '../repositories/suggestions.js';
import type { ServiceContext } from './context.js';
import { readSettings } from './settings.js';
import { readWardrobe } from './wardrobe.js';

const NOT_FOUND = 'The requested item was not found.';

export interface SuggestionsQuery {
  date?: string;
  pin?: string;
  offset?: number;
}

/** The wire form of the domain's answer (snake_case, wire categories). */
function toWire(result: SuggestionsResult) {
  return {
    date: result.date,
    offset: result.offset,
    next_offset: result.nextOffset,
    suggestions: result.suggestions.map((s) => ({
      key: s.key,
      item_ids: s.itemIds,
      reasons: s.reasons,
    })),
    missing: result.missing.map(categoryToWire),
  };
}

/**
 * GET suggestions: What to wear for a day (README, "What to wear"), from the owner's wardrobe,
 * settings and "Not this" answers, by the domain's suggestOutfits, seeded by the account and
 * the day so that the app's offline copy gives the same three.
 */
export async function readSuggestions(
  ctx: ServiceContext,
  userId: string,
  query: SuggestionsQuery,
  now: Date = new Date(),
) {
  const date = query.date ?? wearDayKey(now);
  const [wire, wireSettings, feedback] = await Promise.all([
    readWardrobe(ctx, userId),
    readSettings(ctx.db, userId),
    listLiveFeedback(ctx.db, userId, date),
  ]);
  // Only what suggestOutfits reads is mapped: the whole mapping was most of a large wardrobe's cost.
  const wardrobe = wardrobeForSuggestionsFromWire(wire);
  if (query.pin !== undefined && wardrobe.clothes[query.pin] === undefined) {
    throw new NotFoundError(NOT_FOUND);
  }
  const result = suggestOutfits({
    wardrobe,
    settings: settingsFromWire(wireSettings),
    date,
    seed: userId,
    now,
    feedback,
    rates: ctx.prices.rates,
    ...(query.pin !== undefined ? { pin: query.pin } : {}),
    ...(query.offset !== undefined ? { offset: query.offset } : {}),
  });
  if (result.pinUnavailable) {
    throw new ValidationError('Only an item in the closet can be styled');
  }
  return toWire(result);
}

/** POST suggestions/feedback: "Not this" for the owner's pieces, kept NOT_THIS_DAYS days. */
export async function notThis(
  ctx: ServiceContext,
  userId: string,
  itemIds: readonly string[],
  now: Date = new Date(),
): Promise<{ key: string; until: string }> {
  const ids = [...new Set(itemIds)];
  const found = await findItemStatuses(ctx.db, userId, ids);
  if (found.length !== ids.length) throw new NotFoundError(NOT_FOUND);
  const today = wearDayKey(now);
  const key = suggestionKey(ids);
  const until = addDays(today, NOT_THIS_DAYS);
  await ctx.db.transaction().execute((trx) => saveFeedback(trx, userId, key, until, today));
  return { key, until };
}
