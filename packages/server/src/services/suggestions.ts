import {
  NOT_THIS_DAYS,
  addDays,
  categoryToWire,
  prepareSuggestions,
  settingsFromWire,
  suggestOutfits,
  suggestionKey,
  wardrobeForSuggestionsFromWire,
  wearDayKey,
  type PreparedSuggestions,
  type Settings,
  type SuggestionsResult,
  type WardrobeData,
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
function toWire(result: SuggestionsResult, notThis: { key: string; until: string }[]) {
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
    not_this: notThis,
  };
}

/** One account's wardrobe as suggestions read it, kept for as long as nothing it depends on moves. */
interface Kept {
  version: string;
  today: string;
  settingsText: string;
  rates: unknown;
  expiresAt: number;
  wardrobe: WardrobeData;
  settings: Settings;
  prepared: PreparedSuggestions;
}

/** Accounts kept at most per process (a 10,000-item wardrobe's is a few MB), least recent out. */
const KEPT_MAX = 32;
/** As the wardrobe cache's lifetime: the bound on staleness should an announcement be lost. */
const KEPT_TTL_MS = 10 * 60_000;
const keptByCache = new WeakMap<object, Map<string, Kept>>();

/**
 * The owner's wardrobe mapped and prepared for suggestions (docs/suggestions.md): made once per
 * wardrobe version (the wardrobe cache's, which every write moves), settings, rates and day, and
 * kept, so a request on an unchanged wardrobe pays only for ranking its day. Reading, mapping
 * and preparing a 10,000-item wardrobe is most of a cold request's CPU.
 */
async function preparedFor(ctx: ServiceContext, userId: string, now: Date) {
  let kept = keptByCache.get(ctx.cache);
  if (!kept) keptByCache.set(ctx.cache, (kept = new Map()));
  // The version is read before the wardrobe: a write during the read leaves this copy stale.
  const version = ctx.cache.version(userId);
  const today = wearDayKey(now);
  const wireSettings = await readSettings(ctx.db, userId);
  const settingsText = JSON.stringify(wireSettings);
  const hit = kept.get(userId);
  if (
    hit &&
    hit.version === version &&
    hit.today === today &&
    hit.settingsText === settingsText &&
    hit.rates === ctx.prices.rates &&
    hit.expiresAt > Date.now()
  ) {
    kept.delete(userId);
    kept.set(userId, hit);
    return hit;
  }
  // Only what suggestOutfits reads is mapped: the whole mapping was most of a large wardrobe's cost.
  const wardrobe = wardrobeForSuggestionsFromWire(await readWardrobe(ctx, userId));
  const settings = settingsFromWire(wireSettings);
  const made: Kept = {
    version,
    today,
    settingsText,
    rates: ctx.prices.rates,
    expiresAt: Date.now() + KEPT_TTL_MS,
    wardrobe,
    settings,
    prepared: prepareSuggestions(wardrobe, settings, now, { rates: ctx.prices.rates }),
  };
  kept.delete(userId);
  if (ctx.cache.version(userId) === version) {
    kept.set(userId, made);
    if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
  }
  return made;
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
  const [{ wardrobe, settings, prepared }, feedback] = await Promise.all([
    preparedFor(ctx, userId, now),
    listLiveFeedback(ctx.db, userId, date),
  ]);
  if (query.pin !== undefined && wardrobe.clothes[query.pin] === undefined) {
    throw new NotFoundError(NOT_FOUND);
  }
  const result = suggestOutfits({
    wardrobe,
    settings,
    date,
    seed: userId,
    now,
    feedback,
    rates: ctx.prices.rates,
    prepared,
    ...(query.pin !== undefined ? { pin: query.pin } : {}),
    ...(query.offset !== undefined ? { offset: query.offset } : {}),
  });
  if (result.pinUnavailable) {
    throw new ValidationError('Only an item in the closet can be styled');
  }
  return toWire(result, feedback);
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
