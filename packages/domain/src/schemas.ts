import { z } from 'zod';
import { CALENDAR_MAX_YEAR, CALENDAR_MIN_YEAR, isCalendarDayKey } from './calendar-month.js';
import { SOURCES, WIRE_CATEGORIES, type WireCategory } from './categories.js';
import { COLOUR_NAMES, MAX_ITEM_COLOURS, isColourName, type ColourName } from './colour-names.js';
import { isCurrencyCode } from './currency-names.js';
import {
  COLLECTION_KINDS,
  MAX_COLLECTION_DESTINATION,
  MAX_COLLECTION_ENTRIES,
  MAX_COLLECTION_NAME,
  MAX_COLLECTION_NOTE,
} from './collections.js';
import { isDayKey } from './day-keys.js';
import {
  MAX_BATCH_IDS,
  MAX_CANVAS_ENTRIES,
  MAX_DAY_IDS,
  MAX_ID,
  MAX_LOCALE,
  MAX_MONEY,
  MAX_SUBCATEGORIES,
  MAX_SUBCATEGORY_NAME,
  MAX_TEXT,
  MAX_WEARS,
  textProblem,
} from './limits.js';
import { ITEM_STATUSES, OUTFIT_STATUSES } from './status.js';
import { CUTOUT_STATES } from './types.js';
import { subcategoryListProblems } from './subcategory-names.js';

/**
 * The wire of docs/spec.md §7 as zod schemas: snake_case keys, the category 'full body' keyed
 * 'full_body'. The server validates every request with them; the web app parses every answer with
 * them.
 *
 * Two conventions run through the request schemas:
 * - multipart text fields arrive as strings, so numbers are coerced and an empty string means
 *   the field is absent;
 * - in update payloads (PATCH `updates`) an empty string, or null, means "clear the field"
 *   (docs/spec.md §5: the web sends undefined as ""). The parsed value is then `null`, which the
 * server   stores as NULL; an absent key leaves the field as it is.
 * Answers may carry nulls; the mappers in wire-mappers.ts remove them (docs/spec.md §5).
 */

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

function isBlank(v: unknown): boolean {
  return v === '' || (typeof v === 'string' && v.trim() === '');
}

/** Multipart: "" (or whitespace) is the same as not sending the field. */
const blankToUndefined = (v: unknown): unknown => (isBlank(v) ? undefined : v);
/** Updates: "" and null both clear; parsed as null. */
const blankToNull = (v: unknown): unknown => (isBlank(v) || v === null ? null : v);
/** Answers: a stored "" reads like a missing value. */
const blankToNullish = (v: unknown): unknown => (isBlank(v) ? null : v);

/** A blank multipart field parses to undefined; leave it out so "absent" has one spelling. */
function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}

function numericString(v: unknown): unknown {
  return typeof v === 'string' ? Number(v.trim()) : v;
}

/**
 * Text that both engines can store: no NUL (PostgreSQL refuses it), no lone surrogate, no control
 * characters, no U+FFFD left by bytes that were not UTF-8. Anything else is a 422 that says why.
 */
export function storable(schema: z.ZodString) {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `Text ${problem}` });
  });
}

/** An id the app stores or defines (a subcategory's id, an answer's id, a path's `{id}`). */
export const idSchema = storable(z.string().trim().min(1).max(MAX_ID));

/**
 * An id in a request that names a stored row (an item on a canvas or a calendar day, the outfit
 * a POST outfit changes, an item's subcategory). Characters no stored id can hold are not refused
 * here: such an id matches nothing, so it answers exactly as a missing id does. The server never
 * sends it to the database (see isStorableText in limits.ts).
 */
export const referenceIdSchema = z.string().trim().min(1).max(MAX_ID);

const DAY_KEY_MESSAGE = 'Expected a real date as YYYY-MM-DD';

/** `YYYY-MM-DD` naming a real date; 2024-02-29 passes, 2023-02-29 does not. */
export const dayKeySchema = z.string().refine(isDayKey, { message: DAY_KEY_MESSAGE });

/**
 * Refuses a real date outside the years the app's calendar opens (CALENDAR_MIN_YEAR to
 * CALENDAR_MAX_YEAR, calendar-month.ts). Nothing is logged on such a day, where it would count as
 * a wear that no screen shows and no one can remove. A check to add to a schema of real dates:
 * calendarDayKeySchema, and the days of the export format (export-format.ts).
 */
export const calendarYearsCheck = z.superRefine<string>((value, ctx) => {
  if (isDayKey(value) && !isCalendarDayKey(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `Expected a day from ${CALENDAR_MIN_YEAR}-01-01 to ${CALENDAR_MAX_YEAR}-12-31, the years the calendar shows`,
    });
  }
});

/** A day the app's calendar can open: a real date (dayKeySchema) in its years (calendarYearsCheck). */
export const calendarDayKeySchema = dayKeySchema.check(calendarYearsCheck);

/** A code of CURRENCIES (the request schema below, and the export format's exact codes). */
export const knownCurrencyCheck = z.refine<string>(isCurrencyCode, {
  message: 'Expected a known three-letter currency code',
});

/** A code of CURRENCIES; lower case is accepted and upper-cased. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .transform((c) => c.toUpperCase())
  .check(knownCurrencyCheck);

/** 'full body' (the app's spelling) is accepted and read as 'full_body'. */
export const wireCategorySchema = z.preprocess(
  (v) => (v === 'full body' ? 'full_body' : v),
  z.enum(WIRE_CATEGORIES),
);
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export const outfitStatusSchema = z.enum(OUTFIT_STATUSES);
export const sourceSchema = z.enum(SOURCES);

const moneySchema = z.number().finite().min(0).max(MAX_MONEY);
const wearsSchema = z.number().int().min(0).max(MAX_WEARS);
const scaleSchema = z.number().finite().positive().max(1000);
/**
 * A palette colour's name (colours.ts). An unknown name is refused with a message that lists the
 * palette, so that a caller sees what it may send.
 */
export const colourNameSchema = z.custom<ColourName>(isColourName, {
  error: (issue) =>
    `Unknown colour ${JSON.stringify(issue.input)}: the colours are ${COLOUR_NAMES.join(', ')}`,
});

/** An item's colours: at most MAX_ITEM_COLOURS palette names, each once, the main one first. */
export const itemColoursSchema = z
  .array(colourNameSchema)
  .max(MAX_ITEM_COLOURS, { error: `At most ${MAX_ITEM_COLOURS} colours, the main one first` })
  .refine((list) => new Set(list).size === list.length, { error: 'A colour is listed twice' });

/** Free text such as a brand: trimmed, at most MAX_TEXT characters, storable (see storable). */
export const textSchema = storable(z.string().trim().max(MAX_TEXT));

// ---------------------------------------------------------------------------------------------
// Answers (what the server sends, what the web parses)
// ---------------------------------------------------------------------------------------------

/** An optional answer field: null and "" are accepted and later removed. */
function answerField<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNullish, schema.nullish());
}

export const wireItemSchema = z.object({
  id: idSchema,
  image: z.string(),
  thumbnail: answerField(z.string()),
  category: wireCategorySchema,
  sub_category_id: answerField(z.string()),
  status: answerField(itemStatusSchema),
  source: answerField(sourceSchema),
  brand: answerField(z.string()),
  date_created: z.string().min(1),
  date_obtained: answerField(dayKeySchema),
  date_archived: answerField(dayKeySchema),
  price: answerField(z.number()),
  currency: answerField(z.string()),
  converted_price: answerField(z.number()),
  sold_price: answerField(z.number()),
  sold_currency: answerField(z.string()),
  converted_sold_price: answerField(z.number()),
  manual_times_worn: answerField(z.number()),
  scale: answerField(z.number()),
  /** docs/cutouts.md: the original photo's URL, present while a cut-out is shown. */
  original: answerField(z.string()),
  /** docs/cutouts.md: absent when the item has no cut-out. */
  cutout: answerField(z.enum(CUTOUT_STATES)),
  colors: answerField(z.array(colourNameSchema)),
});
export type WireItem = z.output<typeof wireItemSchema>;

/** A placed item on the wire. `locked` is UI-only and is dropped (docs/spec.md §3). */
export const wireCanvasEntrySchema = z.object({
  clothing_id: referenceIdSchema,
  x: z.number().finite(),
  y: z.number().finite(),
  scale: z.number().finite().positive(),
  rotation: z.number().finite(),
});
export type WireCanvasEntry = z.output<typeof wireCanvasEntrySchema>;

export const wireOutfitSchema = z.object({
  id: idSchema,
  image: z.string(),
  thumbnail: answerField(z.string()),
  status: answerField(outfitStatusSchema),
  date_created: z.string().min(1),
  manual_times_worn: answerField(z.number()),
  canvas_data: z.preprocess((v) => v ?? [], z.array(wireCanvasEntrySchema)),
});
export type WireOutfit = z.output<typeof wireOutfitSchema>;

export const wireCalendarEntrySchema = z.object({
  clothes: z.preprocess((v) => v ?? [], z.array(z.string())),
  outfits: z.preprocess((v) => v ?? [], z.array(z.string())),
  display_item: answerField(z.string()),
});
export type WireCalendarEntry = z.output<typeof wireCalendarEntrySchema>;

/** A subcategory's name: trimmed, 1 to MAX_SUBCATEGORY_NAME characters, storable. */
export const subcategoryNameSchema = storable(z.string().trim().min(1).max(MAX_SUBCATEGORY_NAME));

export const subcategorySchema = z.object({
  id: idSchema,
  name: subcategoryNameSchema,
});

const subcategoryList = z.preprocess(
  (v) => v ?? [],
  z.array(subcategorySchema).max(MAX_SUBCATEGORIES),
);

/** Accept the app's 'full body' key too, so a hand-written payload is not silently emptied. */
function withWireFullBody(v: unknown): unknown {
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
    if ('full body' in v && !('full_body' in v)) {
      const { 'full body': fullBody, ...rest } = v as Record<string, unknown>;
      return { ...rest, full_body: fullBody };
    }
  }
  return v;
}

/** Every category key is always present (docs/spec.md §3); a missing one reads as an empty list. */
export const wireSubcategoriesSchema = z.preprocess(
  (v) => (v === null || v === undefined ? {} : withWireFullBody(v)),
  z.object({
    top: subcategoryList,
    bottom: subcategoryList,
    full_body: subcategoryList,
    outerwear: subcategoryList,
    shoes: subcategoryList,
    bag: subcategoryList,
    accessory: subcategoryList,
    other: subcategoryList,
  }),
);
export type WireSubcategories = Record<WireCategory, { id: string; name: string }[]>;

/**
 * One category's list holds no id twice, and no name twice ignoring case (the profile's rule,
 * subcategory-names.ts). A check for a settings update's lists and an export's (export-format.ts).
 */
export function subcategoryListCheck(category: WireCategory) {
  return z.superRefine<{ id: string; name: string }[]>((list, ctx) => {
    for (const { index, field, message } of subcategoryListProblems(list, category))
      ctx.addIssue({ code: 'custom', path: [index, field], message });
  });
}

/** One category's list in a settings update (subcategoryListCheck). */
function subcategoryUpdateList(category: WireCategory) {
  return subcategoryList.check(subcategoryListCheck(category)).optional();
}

const MAX_SHOWN_KEY = 40;

/**
 * The message of subcategories keyed by something that is not a category (a settings update's,
 * an export's): the error of their strict object.
 */
export function unknownCategoryError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const keys = issue.keys.map((k) => `"${k.slice(0, MAX_SHOWN_KEY)}"`).join(', ');
  const noun = issue.keys.length === 1 ? 'category' : 'categories';
  return `Unknown ${noun} ${keys}: the categories are ${WIRE_CATEGORIES.join(', ')}`;
}

/**
 * The subcategories of a settings update, by category. A category left out keeps its saved list;
 * a key that names no category is refused, never dropped (dropping it once emptied the rest).
 */
export const subcategoriesUpdateSchema = z.preprocess(
  withWireFullBody,
  z.strictObject(
    {
      top: subcategoryUpdateList('top'),
      bottom: subcategoryUpdateList('bottom'),
      full_body: subcategoryUpdateList('full_body'),
      outerwear: subcategoryUpdateList('outerwear'),
      shoes: subcategoryUpdateList('shoes'),
      bag: subcategoryUpdateList('bag'),
      accessory: subcategoryUpdateList('accessory'),
      other: subcategoryUpdateList('other'),
    },
    { error: unknownCategoryError },
  ),
);

/** A BCP 47 tag such as en, en-GB, pt-BR or zh-Hant-TW. */
export const localeSchema = z
  .string()
  .trim()
  .max(MAX_LOCALE)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Expected a language tag such as en or en-GB');

export const DEFAULT_LOCALE = 'en';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_WEEK_START = 0;
export const DEFAULT_DATA_CONSENT = true;

function withDefault<T extends z.ZodType>(schema: T, fallback: z.input<T>) {
  return z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.prefault(fallback));
}

const weekStartSchema = z.number().int().min(0).max(6);

/** docs/cutouts.md: both absent from a server without cut-outs (read as true and false). */
export const DEFAULT_CUT_OUT_NEW_PHOTOS = true;

export const wireSettingsSchema = z.object({
  locale: withDefault(localeSchema, DEFAULT_LOCALE),
  currency: withDefault(currencyCodeSchema, DEFAULT_CURRENCY),
  week_start: withDefault(weekStartSchema, DEFAULT_WEEK_START),
  subcategories: wireSubcategoriesSchema,
  data_consent: withDefault(z.boolean(), DEFAULT_DATA_CONSENT),
  tracking_start_date: answerField(dayKeySchema),
  cut_out_new_photos: answerField(z.boolean()),
  cutouts_available: answerField(z.boolean()),
});
export type WireSettings = z.output<typeof wireSettingsSchema>;

/** GET users: id-keyed maps of clothes and outfits, and the calendar keyed by day. */
export const wardrobeResponseSchema = z.object({
  clothes: z.preprocess((v) => v ?? {}, z.record(z.string(), wireItemSchema)),
  outfits: z.preprocess((v) => v ?? {}, z.record(z.string(), wireOutfitSchema)),
  calendar: z.preprocess((v) => v ?? {}, z.record(dayKeySchema, wireCalendarEntrySchema)),
});
export type WireWardrobe = z.output<typeof wardrobeResponseSchema>;

/** PATCH answers carry only the fields that changed; a cleared field comes back null. */
export const itemPatchResponseSchema = wireItemSchema.partial();
export type WireItemPatch = z.output<typeof itemPatchResponseSchema>;
export const outfitPatchResponseSchema = wireOutfitSchema.partial();
export type WireOutfitPatch = z.output<typeof outfitPatchResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A multipart text field holding JSON; an already-parsed value is accepted as it is. */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected valid JSON' });
      return z.NEVER;
    }
  }, schema);
}

function formOptional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

function formNumber(schema: z.ZodNumber) {
  return z.preprocess((v) => numericString(blankToUndefined(v)), schema.optional());
}

/** POST clothes: the text fields beside the image file. */
export const newItemFieldsSchema = z
  .object({
    category: wireCategorySchema,
    status: itemStatusSchema,
    sub_category_id: formOptional(referenceIdSchema),
    source: formOptional(sourceSchema),
    brand: formOptional(textSchema),
    date_obtained: formOptional(dayKeySchema),
    date_archived: formOptional(dayKeySchema),
    price: formNumber(moneySchema),
    currency: formOptional(currencyCodeSchema),
    sold_price: formNumber(moneySchema),
    sold_currency: formOptional(currencyCodeSchema),
    manual_times_worn: formNumber(wearsSchema),
    scale: formNumber(scaleSchema),
  })
  .transform(dropUndefined);
export type NewItemFields = z.output<typeof newItemFieldsSchema>;

/** An update field: a value sets it, "" or null clears it (parsed as null). */
function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable().optional());
}

function clearableNumber(schema: z.ZodNumber) {
  return z.preprocess((v) => numericString(blankToNull(v)), schema.nullable().optional());
}

/**
 * PATCH clothes/{id} `updates`. Category cannot be cleared (every item has one); clearing status
 * makes the item 'clothes' again (a missing status counts as clothes).
 */
const itemUpdateFields = z.strictObject({
  category: wireCategorySchema.optional(),
  sub_category_id: clearable(referenceIdSchema),
  status: clearable(itemStatusSchema),
  source: clearable(sourceSchema),
  brand: clearable(textSchema),
  date_obtained: clearable(dayKeySchema),
  date_archived: clearable(dayKeySchema),
  price: clearableNumber(moneySchema),
  currency: clearable(currencyCodeSchema),
  sold_price: clearableNumber(moneySchema),
  sold_currency: clearable(currencyCodeSchema),
  manual_times_worn: clearableNumber(wearsSchema),
  scale: clearableNumber(scaleSchema),
  /** The user's choice of colours ([] or null: none); never replaced by an automatic run. */
  colors: z.preprocess((v) => (isBlank(v) ? null : v), itemColoursSchema.nullable().optional()),
});
export const itemUpdatesSchema = itemUpdateFields.transform(dropUndefined);
export type ItemUpdates = z.output<typeof itemUpdatesSchema>;

/** PATCH outfits/{id} `updates`. The canvas changes through POST outfit with the outfit's id. */
export const outfitUpdatesSchema = z
  .strictObject({
    status: clearable(outfitStatusSchema),
    manual_times_worn: clearableNumber(wearsSchema),
  })
  .transform(dropUndefined);
export type OutfitUpdates = z.output<typeof outfitUpdatesSchema>;

/** PATCH multipart bodies: one field `updates` holding the JSON above. */
export const itemPatchFieldsSchema = z.object({ updates: jsonField(itemUpdatesSchema) });
export const outfitPatchFieldsSchema = z.object({ updates: jsonField(outfitUpdatesSchema) });

/**
 * The ids of a batch call: a JSON list in field `ids`, 1 to MAX_BATCH_IDS, each once
 * (docs/select-many.md). The call is all or nothing: one id the user does not hold refuses it.
 */
export const batchIdsSchema = jsonField(
  z
    .array(referenceIdSchema)
    .min(1)
    .max(MAX_BATCH_IDS)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id may appear once'),
);

/**
 * PATCH clothes (batch): what "Select many" sets on every item at once. Prices, wears and scale
 * are per item and stay with PATCH clothes/{id}.
 */
export const itemBatchUpdatesSchema = itemUpdateFields
  .pick({
    category: true,
    sub_category_id: true,
    status: true,
    source: true,
    brand: true,
    date_archived: true,
    colors: true,
  })
  .transform(dropUndefined);
export type ItemBatchUpdates = z.output<typeof itemBatchUpdatesSchema>;

export const itemBatchPatchFieldsSchema = z.object({
  ids: batchIdsSchema,
  updates: jsonField(itemBatchUpdatesSchema),
});
export const outfitBatchPatchFieldsSchema = z.object({
  ids: batchIdsSchema,
  updates: jsonField(outfitUpdatesSchema),
});
export const batchDeleteFieldsSchema = z.object({ ids: batchIdsSchema });

/** The answer of a batch update: each record's changed fields, in the order of `ids`. */
export const itemBatchPatchResponseSchema = z.object({
  changes: z.array(z.object({ id: z.string(), patch: itemPatchResponseSchema })),
});
export type WireItemBatchPatch = z.output<typeof itemBatchPatchResponseSchema>;
export const outfitBatchPatchResponseSchema = z.object({
  changes: z.array(z.object({ id: z.string(), patch: outfitPatchResponseSchema })),
});
export type WireOutfitBatchPatch = z.output<typeof outfitBatchPatchResponseSchema>;

/** Items on one canvas (limits.ts); far above any real outfit, low enough to bound the work. */
export { MAX_CANVAS_ENTRIES };

/**
 * Each item on a canvas once: an entry that places an item a second time is refused. A check for
 * a canvas sent to be saved and an export's canvases (export-format.ts).
 */
export const canvasItemsOnceCheck = z.superRefine<{ clothing_id: string }[]>((entries, ctx) => {
  const seen = new Set<string>();
  entries.forEach(({ clothing_id: id }, index) => {
    if (seen.has(id)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'clothing_id'],
        message: `Item "${id}" is on the canvas twice: each item can be on an outfit's canvas once`,
      });
    }
    seen.add(id);
  });
});

/** A canvas sent to be saved: 1 to MAX_CANVAS_ENTRIES entries, each item on it once. */
const canvasRequestSchema = z
  .array(wireCanvasEntrySchema)
  .min(1)
  .max(MAX_CANVAS_ENTRIES)
  .check(canvasItemsOnceCheck);

/**
 * POST outfit: canvas_data JSON, optional id (to change that outfit), optional status. Both the
 * new outfit and the change of an existing one's canvas go through it.
 */
export const newOutfitFieldsSchema = z
  .object({
    canvas_data: jsonField(canvasRequestSchema),
    id: formOptional(referenceIdSchema),
    status: formOptional(outfitStatusSchema),
  })
  .transform(dropUndefined);
export type NewOutfitFields = z.output<typeof newOutfitFieldsSchema>;

/** A repeated multipart field arrives as a string (once) or a list (several times). */
const repeatedIds = z.preprocess((v) => {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? (v as unknown[]) : [v];
  return list.filter((x) => !isBlank(x));
}, z.array(referenceIdSchema).max(MAX_DAY_IDS));

/**
 * PUT calendar/{date}: adds the ids to the day; `display_item` sets the star ("" clears it,
 * absent leaves it). At least one of the three must be sent.
 */
export const calendarPutSchema = z
  .object({
    clothes: repeatedIds,
    outfits: repeatedIds,
    display_item: z.preprocess(blankToNull, referenceIdSchema.nullable().optional()),
  })
  .refine((v) => v.clothes.length > 0 || v.outfits.length > 0 || v.display_item !== undefined, {
    message: 'Send clothes, outfits or display_item',
  });
export type CalendarPut = z.output<typeof calendarPutSchema>;

export const CALENDAR_ITEM_TYPES = ['clothes', 'outfits'] as const;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPES)[number];

/** DELETE calendar/{date}/{itemId}: which list of the day the id is removed from. */
export const calendarDeleteSchema = z.object({ item_type: z.enum(CALENDAR_ITEM_TYPES) });
export type CalendarDelete = z.output<typeof calendarDeleteSchema>;

/** PUT calendar/{date}: a day the calendar can show (calendarDayKeySchema). */
export const calendarDayParamsSchema = z.object({ date: calendarDayKeySchema });
/**
 * DELETE calendar/{date}/{itemId}: any real date, so that an entry logged before the calendar's
 * years were enforced can still be removed (removing logs nothing new).
 */
export const calendarRemoveParamsSchema = z.object({ date: dayKeySchema });
/** Both path parameters of DELETE calendar/{date}/{itemId}. */
export const calendarItemParamsSchema = z.object({ date: dayKeySchema, itemId: referenceIdSchema });

/**
 * The settings a PUT may change; a key left out keeps its stored value. So does a category left
 * out of `subcategories`: a category sent replaces its list ([] empties it), and one that is not
 * a category is refused (subcategoriesUpdateSchema).
 */
export const settingsUpdateSchema = z
  .strictObject({
    locale: localeSchema.optional(),
    currency: currencyCodeSchema.optional(),
    week_start: weekStartSchema.optional(),
    subcategories: subcategoriesUpdateSchema.optional(),
    data_consent: z.boolean().optional(),
    tracking_start_date: clearable(dayKeySchema),
    cut_out_new_photos: z.boolean().optional(),
  })
  .transform(dropUndefined);
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** PUT users/settings: multipart field `settings` holding the JSON above. */
export const settingsPutSchema = z.object({
  settings: jsonField(z.preprocess(withoutReadOnlySettings, settingsUpdateSchema)),
});

/**
 * The settings a PUT cannot change but a client may send back as it read them: dropped, not
 * refused (docs/cutouts.md: `cutouts_available` is the server's to say).
 */
function withoutReadOnlySettings(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || !('cutouts_available' in v)) return v;
  const { cutouts_available: _readOnly, ...rest } = v as Record<string, unknown>;
  return rest;
}
export type SettingsPut = z.output<typeof settingsPutSchema>;

/** A table of currency rates (the bundled one, or the server's RATES_FILE). */
export const ratesTableSchema = z.object({
  base: currencyCodeSchema,
  date: dayKeySchema,
  rates: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().finite().positive()),
});

// ---------------------------------------------------------------------------------------------
// What to wear (suggestions.ts)
// ---------------------------------------------------------------------------------------------

/** `GET /api/suggestions`: the day (today when absent), a piece to style, the page to show. */
export const suggestionsQuerySchema = z.object({
  date: calendarDayKeySchema.optional(),
  pin: referenceIdSchema.optional(),
  offset: z.coerce.number().int().min(0).max(1000).optional(),
});

export const SUGGESTION_REASON_KINDS = [
  'together',
  'idle',
  'never-worn',
  'cost',
  'new-pairing',
] as const;

export const wireSuggestionSchema = z.object({
  key: z.string(),
  item_ids: z.array(z.string()),
  reasons: z.array(z.object({ kind: z.enum(SUGGESTION_REASON_KINDS), text: z.string() })),
});

export const suggestionsResponseSchema = z.object({
  date: dayKeySchema,
  offset: z.number().int(),
  next_offset: z.number().int(),
  suggestions: z.array(wireSuggestionSchema),
  /** What to add when no outfit can be made (wire categories). */
  missing: z.array(z.enum(WIRE_CATEGORIES)),
  /**
   * The account's "Not this" still in force on the day (key, last day), so that the app's own
   * computation from its copy of the wardrobe answers the same (docs/suggestions.md).
   */
  not_this: z.array(z.object({ key: z.string(), until: dayKeySchema })).optional(),
});

/** `POST /api/suggestions/feedback`: "Not this" for the pieces of one suggestion. */
export const suggestionFeedbackSchema = z.object({
  item_ids: z.array(referenceIdSchema).min(1).max(MAX_CANVAS_ENTRIES),
});

export const suggestionFeedbackResponseSchema = z.object({ key: z.string(), until: dayKeySchema });

// ---------------------------------------------------------------------------------------------
// Custom collections (collections.ts, docs/collections.md)
// ---------------------------------------------------------------------------------------------

const collectionNameSchema = storable(z.string().trim().min(1).max(MAX_COLLECTION_NAME));
/** Optional text of a collection: "" or null clears it (parsed as null). */
const collectionTextSchema = (max: number) =>
  z.preprocess(blankToNull, storable(z.string().trim().max(max)).nullable());
const collectionDaySchema = z.preprocess(blankToNull, calendarDayKeySchema.nullable());
const collectionIdsSchema = z.array(referenceIdSchema).max(MAX_COLLECTION_ENTRIES);

function tripDatesInOrder(
  value: { start_date?: string | null; end_date?: string | null },
  ctx: z.core.$RefinementCtx,
): void {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The trip ends before it starts' });
  }
}

export const collectionKindSchema = z.enum(COLLECTION_KINDS);

/** A collection on the wire. */
export const wireCollectionSchema = z.object({
  id: idSchema,
  kind: collectionKindSchema,
  name: z.string().min(1),
  note: answerField(z.string()),
  start_date: answerField(dayKeySchema),
  end_date: answerField(dayKeySchema),
  destination: answerField(z.string()),
  date_created: z.string().min(1),
  item_ids: z.array(z.string()),
  outfit_ids: z.array(z.string()),
  packed_ids: z.array(z.string()),
});
export type WireCollection = z.output<typeof wireCollectionSchema>;

/** `GET /api/collections`. */
export const collectionsResponseSchema = z.object({ collections: z.array(wireCollectionSchema) });

/**
 * `POST /api/collections`: a new collection. `id` may be chosen by the client (the app's offline
 * create); a repeat of the same id answers the collection already made.
 */
export const newCollectionSchema = z
  .object({
    id: idSchema.optional(),
    kind: collectionKindSchema,
    name: collectionNameSchema,
    note: collectionTextSchema(MAX_COLLECTION_NOTE).optional(),
    start_date: collectionDaySchema.optional(),
    end_date: collectionDaySchema.optional(),
    destination: collectionTextSchema(MAX_COLLECTION_DESTINATION).optional(),
    item_ids: collectionIdsSchema.optional(),
    outfit_ids: collectionIdsSchema.optional(),
  })
  .superRefine(tripDatesInOrder);
export type NewCollection = z.output<typeof newCollectionSchema>;

/** `PATCH /api/collections/{id}`: a key left out keeps its value; "" or null clears it. */
export const collectionPatchSchema = z
  .object({
    name: collectionNameSchema.optional(),
    note: collectionTextSchema(MAX_COLLECTION_NOTE).optional(),
    start_date: collectionDaySchema.optional(),
    end_date: collectionDaySchema.optional(),
    destination: collectionTextSchema(MAX_COLLECTION_DESTINATION).optional(),
  })
  .superRefine(tripDatesInOrder);
export type CollectionPatch = z.output<typeof collectionPatchSchema>;

/** `POST /api/collections/{id}/entries`: items and outfits to add (those already on it stay). */
export const collectionEntriesSchema = z
  .object({
    item_ids: collectionIdsSchema.default([]),
    outfit_ids: collectionIdsSchema.default([]),
  })
  .refine((v) => v.item_ids.length + v.outfit_ids.length > 0, {
    message: 'Name at least one item or outfit',
  });

/** `PUT /api/collections/{id}/packed`: tick or untick pieces; without item_ids, every piece. */
export const collectionPackedSchema = z.object({
  item_ids: collectionIdsSchema.optional(),
  packed: z.boolean(),
});

/** `POST /api/collections/{id}/duplicate`: "Copy for the next trip". */
export const collectionDuplicateSchema = z.object({
  id: idSchema.optional(),
  name: collectionNameSchema.optional(),
});
