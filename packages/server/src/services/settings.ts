import {
  WIRE_CATEGORIES,
  defaultSettings,
  settingsToWire,
  wireSubcategoriesSchema,
} from '@hanger/domain';
import type { SettingsUpdate, WireCategory, WireSettings, WireSubcategories } from '@hanger/domain';
import type { UserSettingsRow } from '../db/schema.js';
import { clearSubcategories, listPricedItems, updateItem } from '../repositories/clothes.js';
import type { Db } from '../repositories/db.js';
import { findSettingsRow, upsertSettingsRow } from '../repositories/settings.js';
import type { ServiceContext } from './context.js';
import { convertedColumns } from './prices.js';

/** The defaults of docs/spec.md §3 as the API answers them. */
function defaultWireSettings(): WireSettings {
  return settingsToWire(defaultSettings());
}

function parseSubcategories(json: string): WireSubcategories {
  const parsed = wireSubcategoriesSchema.safeParse(JSON.parse(json));
  return parsed.success ? (parsed.data as WireSubcategories) : defaultWireSettings().subcategories;
}

function fromRow(row: UserSettingsRow): WireSettings {
  const settings: WireSettings = {
    locale: row.locale,
    currency: row.currency,
    week_start: Number(row.week_start),
    subcategories: parseSubcategories(row.subcategories),
    data_consent: Number(row.data_consent) === 1,
    cut_out_new_photos: Number(row.cut_out_new_photos ?? 1) === 1,
  };
  if (row.tracking_start_date) settings.tracking_start_date = row.tracking_start_date;
  return settings;
}

/** The user's settings; a user who never saved any gets the defaults of docs/spec.md §3. */
export async function readSettings(db: Db, userId: string): Promise<WireSettings> {
  const row = await findSettingsRow(db, userId);
  return row ? fromRow(row) : { ...defaultWireSettings(), cut_out_new_photos: true };
}

/**
 * The settings as GET and PUT users/settings answer them: with `cutouts_available`, the server's
 * to say (docs/cutouts.md).
 */
export async function answerSettings(
  ctx: ServiceContext,
  settings: WireSettings,
): Promise<WireSettings> {
  return { ...settings, cutouts_available: await cutoutsAvailable(ctx) };
}

/** Whether cut-outs can run here: CUTOUT is on and the model loads (checked once). */
export async function cutoutsAvailable(ctx: ServiceContext): Promise<boolean> {
  const runner = ctx.cutouts.runner;
  return runner ? (await runner.available()).available : false;
}

/** Ids of subcategories present in `before` but gone from `after`, per category. */
function removedSubcategories(
  before: WireSubcategories,
  after: WireSubcategories,
): Map<WireCategory, string[]> {
  const removed = new Map<WireCategory, string[]>();
  for (const category of WIRE_CATEGORIES) {
    const kept = new Set((after[category] ?? []).map((s) => s.id));
    const gone = (before[category] ?? []).map((s) => s.id).filter((id) => !kept.has(id));
    if (gone.length > 0) removed.set(category, gone);
  }
  return removed;
}

/** Store the user's whole settings row (insert or replace): PUT users/settings and imports. */
export async function writeSettings(db: Db, userId: string, settings: WireSettings): Promise<void> {
  const row = {
    locale: settings.locale,
    currency: settings.currency,
    week_start: settings.week_start,
    data_consent: settings.data_consent ? 1 : 0,
    tracking_start_date: settings.tracking_start_date ?? null,
    subcategories: JSON.stringify(settings.subcategories),
    cut_out_new_photos: settings.cut_out_new_photos === false ? 0 : 1,
  };
  await upsertSettingsRow(db, userId, row);
}

/**
 * Apply a settings update: what it leaves out keeps its saved value, down to each category's
 * subcategories. In the same transaction: items that used a removed subcategory lose it
 * (docs/spec.md §4), and a new currency recomputes every item's converted prices.
 */
export async function updateSettings(
  ctx: ServiceContext,
  userId: string,
  update: SettingsUpdate,
): Promise<WireSettings> {
  const next = await ctx.db.transaction().execute(async (trx) => {
    const current = await readSettings(trx, userId);
    const merged: WireSettings = {
      locale: update.locale ?? current.locale,
      currency: update.currency ?? current.currency,
      week_start: update.week_start ?? current.week_start,
      // A category the update leaves out keeps its list (settingsUpdateSchema).
      subcategories: { ...current.subcategories, ...update.subcategories },
      data_consent: update.data_consent ?? current.data_consent,
      cut_out_new_photos: update.cut_out_new_photos ?? current.cut_out_new_photos,
    };
    const tracking =
      update.tracking_start_date === undefined
        ? current.tracking_start_date
        : update.tracking_start_date;
    if (tracking) merged.tracking_start_date = tracking;

    await writeSettings(trx, userId, merged);

    const removed = removedSubcategories(current.subcategories, merged.subcategories);
    for (const [category, ids] of removed) {
      await clearSubcategories(trx, userId, category, ids);
    }

    const reconvert = merged.currency !== current.currency;
    if (reconvert) await reconvertPrices(ctx, trx, userId, merged.currency);
    return { merged, itemsChanged: removed.size > 0 || reconvert };
  });
  // Items lose a removed subcategory, or get prices in a new currency: read them all again.
  // Otherwise no item's or outfit's row changed (docs/suggestions.md).
  await ctx.cache.invalidate(userId, next.itemsChanged ? 'wardrobe' : 'settings');
  return next.merged;
}

async function reconvertPrices(
  ctx: ServiceContext,
  trx: Db,
  userId: string,
  currency: string,
): Promise<void> {
  const items = await listPricedItems(trx, userId);
  for (const item of items) {
    const converted = convertedColumns(ctx.prices, item, currency);
    if (
      converted.converted_price === item.converted_price &&
      converted.converted_sold_price === item.converted_sold_price
    ) {
      continue;
    }
    await updateItem(trx, userId, item.id, converted);
  }
}
