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
  type ClothingItem,
  type PreparedSuggestions,
  type Settings,
  type SuggestionsResult,
  type WardrobeData,
} from '@hanger/domain';
import { NotFoundError, ValidationError } from '../errors.js';
import { findItemStatuses } from '../repositories/clothes.js';
import { listWears } from '../repositories/calendar.js';
import {
  listLiveFeedback,
  readSuggestionItems,
  readSuggestionRecords,
  saveFeedback,
} from '../repositories/suggestions.js';
import type { ServiceContext } from './context.js';
import { readSettings } from './settings.js';
import { canvasToWire, suggestionItemToWire, type SuggestionItemRow } from './serialize.js';
import type { WardrobeCache } from './wardrobe-cache.js';
import { calendarToWire, recordsById } from './wardrobe.js';

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
  records: Records;
  wardrobe: WardrobeData;
  settings: Settings;
  prepared: PreparedSuggestions;
}

/** The owner's items and outfits as suggestOutfits reads them, under the cache's recordsVersion. */
interface Records {
  version: string;
  /** Read again after KEPT_TTL_MS whatever the version says (an announcement may be lost). */
  expiresAt: number;
  clothes: WardrobeData['clothes'];
  outfits: WardrobeData['outfits'];
}

/**
 * The owner's items and outfits with only what suggestOutfits reads (wardrobeForSuggestionsFromWire):
 * the item columns it uses and the outfits' canvases, not the whole wardrobe with signed photo
 * URLs that GET users answers.
 */
async function readRecords(ctx: ServiceContext, userId: string, version: string): Promise<Records> {
  const { items, outfits, canvases } = await readSuggestionRecords(ctx.db, userId);
  const { outfits: mapped } = wardrobeForSuggestionsFromWire({
    clothes: {},
    outfits: recordsById(
      outfits.map((o) => ({
        id: o.id,
        image: '',
        date_created: o.date_created,
        canvas_data: canvasToWire(canvases.get(o.id) ?? []),
      })),
    ),
    calendar: {},
  });
  return {
    version,
    expiresAt: Date.now() + KEPT_TTL_MS,
    clothes: itemsFromRows(items),
    outfits: mapped,
  };
}

/** Item rows as suggestOutfits reads them, through the wire form (readRecords and patchRecords). */
function itemsFromRows(rows: readonly SuggestionItemRow[]): WardrobeData['clothes'] {
  return wardrobeForSuggestionsFromWire({
    clothes: recordsById(rows.map(suggestionItemToWire)),
    outfits: {},
    calendar: {},
  }).clothes;
}

/** Whether `b` comes after `a` in readSuggestionRecords' order (creation, then id). */
const comesAfter = (a: ClothingItem, b: ClothingItem): boolean =>
  a.dateCreated < b.dateCreated || (a.dateCreated === b.dateCreated && a.id < b.id);

/**
 * `kept` with the items `ids` read again (docs/suggestions.md): an edited item's record is
 * replaced where it stands, a created one joins at the end, a deleted one (not answered) leaves,
 * and with it its places on the outfits' canvases (a delete takes them in the same transaction).
 * Everything else is shared with `kept`, and nothing of `kept` changes: a concurrent request may
 * be ranking on it. Undefined when the whole read could order the items otherwise (a created
 * item not after the newest kept one, an edit of a creation date): read everything again.
 */
async function patchRecords(
  ctx: ServiceContext,
  userId: string,
  kept: Records,
  ids: readonly string[],
  version: string,
): Promise<Records | undefined> {
  const read = itemsFromRows(await readSuggestionItems(ctx.db, userId, ids));
  const gone = new Set(ids.filter((id) => read[id] === undefined));
  const clothes: WardrobeData['clothes'] = {};
  let newest: ClothingItem | undefined;
  for (const [id, item] of Object.entries(kept.clothes)) {
    if (gone.has(id)) continue;
    const now = read[id];
    if (now !== undefined && now.dateCreated !== item.dateCreated) return undefined;
    clothes[id] = now ?? item;
    newest = item;
  }
  const created = Object.values(read)
    .filter((item) => kept.clothes[item.id] === undefined)
    .sort((a, b) => (comesAfter(a, b) ? -1 : 1));
  for (const item of created) {
    // Strictly newer: equal times would be ordered by the database's collation of ids.
    if (newest !== undefined && !(newest.dateCreated < item.dateCreated)) return undefined;
    clothes[item.id] = item;
  }
  let outfits = kept.outfits;
  if (gone.size > 0) {
    outfits = {};
    for (const [id, outfit] of Object.entries(kept.outfits)) {
      const on = outfit.canvasData.some((e) => gone.has(e.clothingId));
      outfits[id] = on
        ? { ...outfit, canvasData: outfit.canvasData.filter((e) => !gone.has(e.clothingId)) }
        : outfit;
    }
  }
  return { version, expiresAt: kept.expiresAt, clothes, outfits };
}

/**
 * The owner's items and outfits at records `version`: `kept` itself when still current, `kept`
 * with the items changed since read again when the cache knows which (a write of some items
 * alone, WardrobeCache.changedItemsSince), else read whole.
 */
async function recordsFor(
  ctx: ServiceContext,
  userId: string,
  kept: Records | undefined,
  version: string,
): Promise<Records> {
  if (kept && kept.expiresAt > Date.now()) {
    if (kept.version === version) return kept;
    const changed = ctx.cache.changedItemsSince(userId, kept.version);
    const patched = changed && (await patchRecords(ctx, userId, kept, changed, version));
    if (patched) return patched;
  }
  return readRecords(ctx, userId, version);
}

/** The owner's calendar as suggestOutfits reads it (wears only). */
async function readCalendar(
  ctx: ServiceContext,
  userId: string,
): Promise<WardrobeData['calendar']> {
  return wardrobeForSuggestionsFromWire({
    clothes: {},
    outfits: {},
    calendar: calendarToWire(await listWears(ctx.db, userId)),
  }).calendar;
}

/** Accounts kept at most per process (a 10,000-item wardrobe's is a few MB), least recent out. */
const KEPT_MAX = 32;
/** As the wardrobe cache's lifetime: the bound on staleness should an announcement be lost. */
const KEPT_TTL_MS = 10 * 60_000;
const keptByCache = new WeakMap<object, Map<string, Kept>>();

/**
 * The owner's wardrobe mapped and prepared for suggestions (docs/suggestions.md): made once per
 * wardrobe version (the wardrobe cache's, which every write moves), settings, rates and day, and
 * kept, so a request on an unchanged wardrobe pays only for ranking its day. After a write of
 * the calendar alone, the items and outfits are kept too (under the cache's recordsVersion).
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
  // A write of the calendar alone (a day logged, "Wear this") leaves the items and outfits as
  // they were, and one of some items alone leaves the others: only the wears (and those items)
  // are read again, and the preparation made afresh from them.
  const recordsVersion = ctx.cache.recordsVersion(userId);
  const [records, calendar] = await Promise.all([
    recordsFor(ctx, userId, hit?.records, recordsVersion),
    readCalendar(ctx, userId),
  ]);
  const wardrobe: WardrobeData = { clothes: records.clothes, outfits: records.outfits, calendar };
  const settings = settingsFromWire(wireSettings);
  const made: Kept = {
    version,
    records,
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
 * The items and outfits kept for the owner's suggestions by the process whose wardrobe cache is
 * `cache` (for tests: which records a write left shared, which it read again).
 */
export function keptSuggestionRecords(
  cache: WardrobeCache,
  userId: string,
): Pick<WardrobeData, 'clothes' | 'outfits'> | undefined {
  const records = keptByCache.get(cache)?.get(userId)?.records;
  return records && { clothes: records.clothes, outfits: records.outfits };
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
