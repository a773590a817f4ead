import { z } from 'zod';
import { CALENDAR_MAX_YEAR, CALENDAR_MIN_YEAR } from './calendar-month.js';
import { SOURCES, WIRE_CATEGORIES, type WireCategory } from './categories.js';
import { COLOUR_NAMES, MAX_ITEM_COLOURS } from './colour-names.js';
import {
  COLLECTION_KINDS,
  MAX_COLLECTIONS,
  MAX_COLLECTION_DESTINATION,
  MAX_COLLECTION_ENTRIES,
  MAX_COLLECTION_NAME,
  MAX_COLLECTION_NOTE,
} from './collections.js';
import { isDayKey } from './day-keys.js';
import { MAX_EMAIL, MAX_ID, MAX_MONEY, MAX_SUBCATEGORIES, MAX_TEXT, MAX_WEARS } from './limits.js';
import {
  MAX_CANVAS_ENTRIES,
  calendarYearsCheck,
  canvasItemsOnceCheck,
  knownCurrencyCheck,
  storable,
  subcategoryListCheck,
  subcategoryNameSchema,
  unknownCategoryError,
} from './schemas.js';
import { ITEM_STATUSES, OUTFIT_STATUSES } from './status.js';

/**
 * The account export format ("hanger-export", version 3; versions 1 and 2 still import): one zip
 * holding `hanger-export.json` (this schema) and one photo per item and outfit under `photos/`,
 * and an item's cut-out (docs/cutouts.md) under `photos/cutouts/`. Version 2 adds optional item
 * fields (colours, the cut-out's path); a version 1 file is a version 2 file without them.
 * Version 3 adds the custom collections (docs/collections.md); an older file has none.
 * Documented for people in docs/export-format.md; docs/export-format.schema.json is generated from this schema
 * (`exportFormatJsonSchema`) and a test keeps the two equal.
 *
 * Everything here is declarative (no transforms), so the JSON Schema says what the parser
 * accepts; what a JSON Schema cannot express is checked by refinements that leave it unchanged
 * (real dates, storable text, and the API's own rules from schemas.ts: calendar days in the
 * calendar's years, each item once on a canvas, no subcategory id or name twice in a category,
 * no key that is not a category) and by `exportProblems` (references between records), so that an
 * import stores nothing the API would refuse. Any change to what a file may hold bumps the version.
 */

export const EXPORT_FORMAT = 'hanger-export';
export const EXPORT_VERSION = 3;
/**
 * Every version this server reads: version 2 added item colours, version 3 collections
 * (docs/export-format.md).
 */
export const EXPORT_READABLE_VERSIONS = [1, 2, 3] as const;
/** The document's name inside the zip. */
export const EXPORT_DOCUMENT_PATH = 'hanger-export.json';
/** Photos are the display size the server keeps (WebP, longest side at most 1600 px). */
export const EXPORT_PHOTO_DIRS = {
  item: 'photos/items',
  outfit: 'photos/outfits',
  cutout: 'photos/cutouts',
} as const;

/** Upper bounds that keep an import's work bounded; far above any real wardrobe. */
export const EXPORT_MAX_ITEMS = 100_000;
export const EXPORT_MAX_OUTFITS = 100_000;
export const EXPORT_MAX_CALENDAR_DAYS = 100_000;
const MAX_DAY_ENTRIES = 500;

const DAY_KEY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY_PATTERN = /^[A-Z]{3}$/;
/** A photo's path in the zip: a folder per kind, a plain file name, an image extension. */
export const EXPORT_PHOTO_PATH_PATTERN =
  /^photos\/(items|outfits|cutouts)\/[A-Za-z0-9][A-Za-z0-9_-]{0,199}\.(webp|jpg|jpeg|png)$/;

// Text both engines store alike (schemas.ts storable): a refinement, so the generated JSON Schema
// is unchanged.
const id = storable(z.string().min(1).max(MAX_ID));
const dayKey = z
  .string()
  .regex(DAY_KEY_PATTERN)
  .refine(isDayKey, { message: 'Expected a real date as YYYY-MM-DD' })
  .meta({ description: 'A calendar day, YYYY-MM-DD.' });
/** A day of the calendar: one the app's calendar opens, as PUT calendar/{date} requires. */
const calendarDay = dayKey.check(calendarYearsCheck).meta({
  description: `A calendar day, YYYY-MM-DD, from ${CALENDAR_MIN_YEAR}-01-01 to ${CALENDAR_MAX_YEAR}-12-31.`,
});
const timestamp = z.iso.datetime({ offset: true }).meta({ description: 'ISO 8601 date-time.' });
/** A code the API takes (currencyCodeSchema): prices in others could not be converted. */
const currency = z
  .string()
  .regex(CURRENCY_PATTERN)
  .check(knownCurrencyCheck)
  .meta({ description: 'ISO 4217 code, one of the currencies Hanger knows.' });
const money = z.number().min(0).max(MAX_MONEY);
const wears = z.number().int().min(0).max(MAX_WEARS);
const photoPath = z
  .string()
  .regex(EXPORT_PHOTO_PATH_PATTERN)
  .meta({ description: 'Path of the photo inside the zip, e.g. photos/items/<id>.webp.' });

/** As a settings update takes one (subcategorySchema): a name trimmed, at most 100 a category. */
const subcategory = z.strictObject({
  id,
  name: subcategoryNameSchema,
});
/** One category's list, refused as a settings update would refuse it (subcategoryListCheck). */
const subcategoryList = (category: WireCategory) =>
  z.array(subcategory).max(MAX_SUBCATEGORIES).check(subcategoryListCheck(category));

export const exportSettingsSchema = z
  .strictObject({
    locale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .meta({ description: 'BCP 47 language tag, e.g. en-GB.' }),
    currency,
    week_start: z.number().int().min(0).max(6).meta({ description: '0 = Sunday … 6 = Saturday.' }),
    data_consent: z.boolean(),
    tracking_start_date: dayKey.nullable(),
    subcategories: z.strictObject(
      Object.fromEntries(WIRE_CATEGORIES.map((c) => [c, subcategoryList(c)])) as Record<
        WireCategory,
        ReturnType<typeof subcategoryList>
      >,
      { error: unknownCategoryError },
    ),
  })
  .meta({ description: 'The account settings, with the subcategories of every category.' });

export const exportItemSchema = z
  .strictObject({
    id,
    photo: photoPath,
    category: z.enum(WIRE_CATEGORIES),
    sub_category_id: id.nullable(),
    status: z.enum(ITEM_STATUSES).nullable().meta({ description: 'null counts as clothes.' }),
    source: z.enum(SOURCES).nullable(),
    brand: storable(z.string().max(MAX_TEXT)).nullable(),
    date_created: timestamp,
    date_obtained: dayKey.nullable(),
    date_archived: dayKey.nullable(),
    price: money.nullable(),
    currency: currency.nullable(),
    converted_price: money
      .nullable()
      .meta({ description: 'price in the account currency when exported; recomputed on import.' }),
    sold_price: money.nullable(),
    sold_currency: currency.nullable(),
    converted_sold_price: money.nullable(),
    manual_times_worn: wears.nullable(),
    scale: z.number().gt(0).max(1000).nullable(),
    colors: z
      .array(z.enum(COLOUR_NAMES))
      .max(MAX_ITEM_COLOURS)
      .refine((list) => new Set(list).size === list.length, { error: 'A colour is listed twice' })
      .nullable()
      .optional()
      .meta({
        description:
          'Version 2: up to three palette colours, the main one first; absent or null when none is known (an import finds them from the photo).',
      }),
    colors_source: z.enum(['auto', 'user']).nullable().optional().meta({
      description:
        'Version 2: "user" when a person chose the colours (never replaced automatically), "auto" when found from the photo.',
    }),
    cutout: photoPath.nullable().optional().meta({
      description:
        'Version 2: path of the cut-out shown for the item (WebP with alpha, the pixel size of photo, which is then the original); null or absent when none.',
    }),
  })
  .meta({
    description:
      'A clothing item with every field; absent values are null. Fields added in version 2 may be absent.',
  });

export const exportCanvasEntrySchema = z.strictObject({
  clothing_id: id,
  x: z.number(),
  y: z.number(),
  scale: z.number().gt(0),
  rotation: z.number(),
});

export const exportOutfitSchema = z
  .strictObject({
    id,
    photo: photoPath,
    status: z.enum(OUTFIT_STATUSES).nullable().meta({ description: 'null counts as outfits.' }),
    date_created: timestamp,
    manual_times_worn: wears.nullable(),
    canvas_data: z
      .array(exportCanvasEntrySchema)
      .max(MAX_CANVAS_ENTRIES)
      .check(canvasItemsOnceCheck)
      .meta({
        description: 'Placed items, bottom to top, each item once, in 720x1080 canvas units.',
      }),
  })
  .meta({ description: 'An outfit with its canvas.' });

export const exportCalendarDaySchema = z
  .strictObject({
    day: calendarDay,
    clothes: z.array(id).max(MAX_DAY_ENTRIES),
    outfits: z.array(id).max(MAX_DAY_ENTRIES),
    display_item: id.nullable(),
  })
  .meta({ description: 'What was worn or planned on one day.' });

const collectionText = (max: number) => storable(z.string().max(max)).nullable();

export const exportCollectionSchema = z
  .strictObject({
    id,
    kind: z.enum(COLLECTION_KINDS),
    name: storable(z.string().min(1).max(MAX_COLLECTION_NAME)),
    note: collectionText(MAX_COLLECTION_NOTE),
    start_date: calendarDay.nullable(),
    end_date: calendarDay.nullable(),
    destination: collectionText(MAX_COLLECTION_DESTINATION),
    date_created: timestamp,
    items: z.array(id).max(MAX_COLLECTION_ENTRIES).meta({ description: 'Item ids, in order.' }),
    outfits: z.array(id).max(MAX_COLLECTION_ENTRIES).meta({ description: 'Outfit ids, in order.' }),
    packed: z.array(id).max(MAX_COLLECTION_ENTRIES).meta({
      description: 'Item ids ticked Packed: items of the list or of its outfits.',
    }),
  })
  .meta({
    description:
      'Version 3: a packing list or capsule (docs/collections.md). Items plus outfits at most 1,000.',
  });

export const exportDocumentSchema = z
  .strictObject({
    format: z.literal(EXPORT_FORMAT),
    version: z.union(EXPORT_READABLE_VERSIONS.map((v) => z.literal(v))),
    exported_at: timestamp,
    account: z.strictObject({
      email: z.string().max(MAX_EMAIL),
      name: z.string().max(1000),
    }),
    settings: exportSettingsSchema,
    items: z.array(exportItemSchema).max(EXPORT_MAX_ITEMS),
    outfits: z.array(exportOutfitSchema).max(EXPORT_MAX_OUTFITS),
    calendar: z.array(exportCalendarDaySchema).max(EXPORT_MAX_CALENDAR_DAYS),
    collections: z
      .array(exportCollectionSchema)
      .max(MAX_COLLECTIONS)
      .optional()
      .meta({ description: 'Version 3: the custom collections; absent in older files.' }),
  })
  .meta({
    title: 'Hanger export, version 3 (reads versions 1 and 2)',
    description:
      'hanger-export.json inside a Hanger export zip. Photos are separate zip entries named by ' +
      'each record’s photo path (display size WebP; Hanger does not keep uploaded files), and ' +
      'an item’s cut-out by its cutout path.',
  });

export type ExportDocument = z.output<typeof exportDocumentSchema>;
export type ExportItem = z.output<typeof exportItemSchema>;
export type ExportOutfit = z.output<typeof exportOutfitSchema>;
export type ExportCalendarDay = z.output<typeof exportCalendarDaySchema>;
export type ExportSettings = z.output<typeof exportSettingsSchema>;
export type ExportCollection = z.output<typeof exportCollectionSchema>;

/** The JSON Schema (draft 2020-12) of hanger-export.json, as committed in docs/. */
export function exportFormatJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(exportDocumentSchema, { target: 'draft-2020-12' });
  return { $schema, $id: EXPORT_SCHEMA_ID, ...rest };
}

/** The schema's $id: a stable name per version (the file is docs/export-format.schema.json). */
export const EXPORT_SCHEMA_ID = 'urn:hanger:export-format:3';

/** "1, 2 and 3". */
function readableVersions(): string {
  const list = EXPORT_READABLE_VERSIONS.map(String);
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

const headerSchema = z.object({ format: z.unknown(), version: z.unknown() });

export type ExportParseResult =
  { ok: true; document: ExportDocument } | { ok: false; problem: string };

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Reads a parsed hanger-export.json: the format and version first (so that a newer file is named
 * as such rather than as a list of unknown fields), then the schema, then the references.
 * `problem` is a sentence fit to show the person importing.
 */
export function parseExportDocument(value: unknown): ExportParseResult {
  const header = headerSchema.safeParse(value);
  if (!header.success || header.data.format !== EXPORT_FORMAT) {
    return { ok: false, problem: `${EXPORT_DOCUMENT_PATH} is not a Hanger export.` };
  }
  if (!(EXPORT_READABLE_VERSIONS as readonly unknown[]).includes(header.data.version)) {
    const v = header.data.version;
    const shown = typeof v === 'number' || typeof v === 'string' ? String(v) : 'unknown';
    return {
      ok: false,
      problem: `This export is format version ${shown}; this server reads versions ${readableVersions()}. Update Hanger and try again.`,
    };
  }
  const parsed = exportDocumentSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map(describeIssue).join('; ');
    return { ok: false, problem: `${EXPORT_DOCUMENT_PATH} does not match the format: ${issues}` };
  }
  const problems = exportProblems(parsed.data);
  if (problems.length > 0) {
    return { ok: false, problem: `${EXPORT_DOCUMENT_PATH} is inconsistent: ${problems[0]}` };
  }
  return { ok: true, document: parsed.data };
}

/**
 * What a JSON Schema cannot say: ids unique per kind, each photo used once, canvases and days
 * naming records of the file, a day's display item being on that day, days listed once.
 */
export function exportProblems(doc: ExportDocument): string[] {
  const problems: string[] = [];
  const itemIds = new Set<string>();
  const outfitIds = new Set<string>();
  const photos = new Set<string>();
  const usePhoto = (path: string, where: string) => {
    if (photos.has(path)) problems.push(`${where} uses photo ${path} a second time`);
    photos.add(path);
  };
  for (const item of doc.items) {
    if (itemIds.has(item.id)) problems.push(`item ${item.id} is listed twice`);
    itemIds.add(item.id);
    usePhoto(item.photo, `item ${item.id}`);
    if (item.cutout) {
      if (doc.version < 2) problems.push(`item ${item.id} has a cut-out, new in version 2`);
      usePhoto(item.cutout, `item ${item.id}`);
    }
  }
  for (const outfit of doc.outfits) {
    if (outfitIds.has(outfit.id)) problems.push(`outfit ${outfit.id} is listed twice`);
    outfitIds.add(outfit.id);
    usePhoto(outfit.photo, `outfit ${outfit.id}`);
    for (const entry of outfit.canvas_data) {
      if (!itemIds.has(entry.clothing_id))
        problems.push(`outfit ${outfit.id} places unknown item ${entry.clothing_id}`);
    }
  }
  const days = new Set<string>();
  for (const day of doc.calendar) {
    if (days.has(day.day)) problems.push(`day ${day.day} is listed twice`);
    days.add(day.day);
    for (const ref of day.clothes)
      if (!itemIds.has(ref)) problems.push(`day ${day.day} names unknown item ${ref}`);
    for (const ref of day.outfits)
      if (!outfitIds.has(ref)) problems.push(`day ${day.day} names unknown outfit ${ref}`);
    if (
      day.display_item !== null &&
      !day.clothes.includes(day.display_item) &&
      !day.outfits.includes(day.display_item)
    ) {
      problems.push(`day ${day.day} stars ${day.display_item}, which it does not list`);
    }
  }
  const collectionIds = new Set<string>();
  for (const c of doc.collections ?? []) {
    const where = `collection ${c.id}`;
    if (doc.version < 3) problems.push(`${where} is a collection, new in version 3`);
    if (collectionIds.has(c.id)) problems.push(`${where} is listed twice`);
    collectionIds.add(c.id);
    if (c.items.length + c.outfits.length > MAX_COLLECTION_ENTRIES)
      problems.push(`${where} holds more than ${MAX_COLLECTION_ENTRIES} items and outfits`);
    if (c.start_date && c.end_date && c.end_date < c.start_date)
      problems.push(`${where} ends before it starts`);
    for (const ref of c.items)
      if (!itemIds.has(ref)) problems.push(`${where} names unknown item ${ref}`);
    for (const ref of c.outfits)
      if (!outfitIds.has(ref)) problems.push(`${where} names unknown outfit ${ref}`);
    for (const ref of c.packed)
      if (!itemIds.has(ref)) problems.push(`${where} packs unknown item ${ref}`);
  }
  return problems;
}

/** The photo paths the document references, in order (items, then outfits). */
export function exportPhotoPaths(doc: ExportDocument): string[] {
  return [
    ...doc.items.flatMap((i) => (i.cutout ? [i.photo, i.cutout] : [i.photo])),
    ...doc.outfits.map((o) => o.photo),
  ];
}

/** A record's photo path: its id when that makes a plain file name, else its position. */
export function exportPhotoPath(
  kind: 'item' | 'outfit' | 'cutout',
  recordId: string,
  index: number,
): string {
  const name = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/.test(recordId) ? recordId : `record-${index}`;
  return `${EXPORT_PHOTO_DIRS[kind]}/${name}.webp`;
}

/** The zip's file name for an export made on `day` (YYYY-MM-DD). */
export function exportFileName(day: string): string {
  return `hanger-export-${day}.zip`;
}
