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
  type Outfit,
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
  readSuggestionOutfits,
  readSuggestionRecords,
  saveFeedback,
} from '../repositories/suggestions.js';
import type { ServiceContext } from './context.js';
import { readSettings } from './settings.js';
import { canvasToWire, suggestionItemToWire, type SuggestionItemRow } from './serialize.js';
import type { RecordsChange, WardrobeCache } from './wardrobe-cache.js';
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
  return {
    version,
    expiresAt: Date.now() + KEPT_TTL_MS,
    clothes: itemsFromRows(items),
    outfits: outfitsFromRows(outfits, canvases),
  };
}

type SuggestionOutfitRows = Awaited<ReturnType<typeof readSuggestionOutfits>>;

/** Outfit rows and their canvases as suggestOutfits reads them (readRecords and patchRecords). */
function outfitsFromRows(
  rows: SuggestionOutfitRows['outfits'],
  canvases: SuggestionOutfitRows['canvases'],
): WardrobeData['outfits'] {
  return wardrobeForSuggestionsFromWire({
    clothes: {},
    outfits: recordsById(
      rows.map((o) => ({
        id: o.id,
        image: '',
        date_created: o.date_created,
        canvas_data: canvasToWire(canvases.get(o.id) ?? []),
      })),
    ),
    calendar: {},
  }).outfits;
}

/** Item rows as suggestOutfits reads them, through the wire form (readRecords and patchRecords). */
function itemsFromRows(rows: readonly SuggestionItemRow[]): WardrobeData['clothes'] {
  return wardrobeForSuggestionsFromWire({
    clothes: recordsById(rows.map(suggestionItemToWire)),
    outfits: {},
    calendar: {},
  }).clothes;
}

/** An item or an outfit, as readSuggestionRecords orders them. */
type Dated = Pick<Outfit, 'id' | 'dateCreated'>;

/** Whether `b` comes after `a` in readSuggestionRecords' order (creation, then id). */
const comesAfter = (a: Dated, b: Dated): boolean =>
  a.dateCreated < b.dateCreated || (a.dateCreated === b.dateCreated && a.id < b.id);

/**
 * `kept` (items or outfits, in readSuggestionRecords' order) with `read` (those of `ids` the owner
 * still holds, read again) in: a record read again replaces the kept one where it stands, one not
 * kept joins at the end, and one of `ids` not read (deleted) leaves; `change` makes each record
 * that stays from the kept one (undefined: as it was). Undefined when the whole read could order
 * them otherwise: a created record not strictly after the newest kept one (equal times would be
 * ordered by the database's collation of ids, also among the created), an edit of a creation date.
 */
function patchOrdered<T extends Dated>(
  kept: Record<string, T>,
  ids: readonly string[],
  read: Record<string, T>,
  change?: (record: T) => T,
): Record<string, T> | undefined {
  const named = new Set(ids);
  const out: Record<string, T> = {};
  let newest: T | undefined;
  for (const [id, record] of Object.entries(kept)) {
    const now = read[id];
    if (now !== undefined) {
      if (now.dateCreated !== record.dateCreated) return undefined;
      out[id] = now;
    } else if (named.has(id)) {
      continue;
    } else {
      out[id] = change ? change(record) : record;
    }
    newest = record;
  }
  const created = Object.values(read)
    .filter((record) => kept[record.id] === undefined)
    .sort((a, b) => (comesAfter(a, b) ? -1 : 1));
  for (const record of created) {
    if (newest !== undefined && !(newest.dateCreated < record.dateCreated)) return undefined;
    out[record.id] = newest = record;
  }
  return out;
}

/**
 * `kept` with the items and outfits `changed` read again (docs/suggestions.md): an edited record
 * is replaced where it stands, a created one joins at the end, a deleted one (not answered)
 * leaves, and with a deleted item its places on the outfits' canvases (a delete takes them in the
 * same transaction). Everything else is shared with `kept`, and nothing of `kept` changes: a
 * concurrent request may be ranking on it. Undefined when the whole read could order the records
 * otherwise (patchOrdered): read everything again.
 */
async function patchRecords(
  ctx: ServiceContext,
  userId: string,
  kept: Records,
  changed: RecordsChange,
  version: string,
): Promise<Records | undefined> {
  const [itemRows, outfitRows] = await Promise.all([
    changed.items.length > 0 ? readSuggestionItems(ctx.db, userId, changed.items) : [],
    changed.outfits.length > 0
      ? readSuggestionOutfits(ctx.db, userId, changed.outfits)
      : { outfits: [], canvases: new Map() },
  ]);
  const read = itemsFromRows(itemRows);
  const clothes = patchOrdered(kept.clothes, changed.items, read);
  const gone = new Set(changed.items.filter((id) => read[id] === undefined));
  // A deleted item's places on the canvases went with it: the kept outfits that held it lose them.
  const dropGone =
    gone.size === 0
      ? undefined
      : (outfit: Outfit): Outfit =>
          outfit.canvasData.some((e) => gone.has(e.clothingId))
            ? { ...outfit, canvasData: outfit.canvasData.filter((e) => !gone.has(e.clothingId)) }
            : outfit;
  const outfits =
    changed.outfits.length === 0 && dropGone === undefined
      ? kept.outfits
      : patchOrdered(
          kept.outfits,
          changed.outfits,
          outfitsFromRows(outfitRows.outfits, outfitRows.canvases),
          dropGone,
        );
  if (clothes === undefined || outfits === undefined) return undefined;
  return { version, expiresAt: kept.expiresAt, clothes, outfits };
}

/**
 * The owner's items and outfits at records `version`: `kept` itself when still current, `kept`
 * with the items and outfits changed since read again when the cache knows which (writes that
 * named them, WardrobeCache.changedSince), else read whole.
 */
async function recordsFor(
  ctx: ServiceContext,
  userId: string,
  kept: Records | undefined,
  version: string,
): Promise<Records> {
  if (kept && kept.expiresAt > Date.now()) {
    if (kept.version === version) return kept;
    const changed = ctx.cache.changedSince(userId, kept.version);
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
