import { CATEGORIES, categoryFromWire, categoryToWire, type Category } from './categories.js';
import {
  EDITABLE_ITEM_FIELDS,
  EDITABLE_OUTFIT_FIELDS,
  type EditableItemField,
  type EditableOutfitField,
} from './editable-fields.js';
import {
  wardrobeResponseSchema,
  wireItemSchema,
  wireOutfitSchema,
  wireSettingsSchema,
  type WireCalendarEntry,
  type WireCanvasEntry,
  type WireItem,
  type WireItemPatch,
  type WireOutfit,
  type WireOutfitPatch,
  type WireSettings,
  type WireWardrobe,
} from './schemas.js';
import type {
  Calendar,
  CalendarEntry,
  CanvasEntry,
  ClothingItem,
  Outfit,
  Settings,
  Subcategory,
  WardrobeData,
} from './types.js';

/**
 * Typed conversions between the wire (snake_case, 'full_body', nulls allowed) and the app's
 * records (camelCase, 'full body', absent instead of null). Parsed wire in, app records out, and
 * back. Each record's fields are named once, in a table the compiler checks against both shapes
 * (every field listed, each paired with a wire key of the same type), rather than converted key
 * by key with a regex: a 5,000-item wardrobe converts without string work per key. A record is
 * built from its table alone, so it starts as `{} as Record`: the table names every field, and
 * parsed wire always carries the required ones.
 */

/** The keys of Wire that carry the same kind of value as V (null and absence aside). */
type WireKeyFor<V, Wire> = {
  [W in keyof Wire]-?: [NonNullable<Wire[W]>] extends [NonNullable<V>]
    ? [NonNullable<V>] extends [NonNullable<Wire[W]>]
      ? W
      : never
    : never;
}[keyof Wire];

/** For every field of an app record, the wire key that carries it. */
type FieldKeys<App, Wire> = { readonly [K in keyof App]-?: WireKeyFor<App[K], Wire> };

/** Every item field but `category`, whose value is spelled differently on the wire. */
const ITEM_FIELDS: FieldKeys<Omit<ClothingItem, 'category'>, WireItem> = {
  id: 'id',
  image: 'image',
  thumbnail: 'thumbnail',
  subCategoryId: 'sub_category_id',
  status: 'status',
  source: 'source',
  brand: 'brand',
  dateCreated: 'date_created',
  dateObtained: 'date_obtained',
  dateArchived: 'date_archived',
  price: 'price',
  currency: 'currency',
  convertedPrice: 'converted_price',
  soldPrice: 'sold_price',
  soldCurrency: 'sold_currency',
  convertedSoldPrice: 'converted_sold_price',
  manualTimesWorn: 'manual_times_worn',
  scale: 'scale',
  original: 'original',
  cutout: 'cutout',
  colors: 'colors',
};

/** Every outfit field but `canvasData`, whose entries are records of their own. */
const OUTFIT_FIELDS: FieldKeys<Omit<Outfit, 'canvasData'>, WireOutfit> = {
  id: 'id',
  image: 'image',
  thumbnail: 'thumbnail',
  status: 'status',
  dateCreated: 'date_created',
  manualTimesWorn: 'manual_times_worn',
};

/** Every settings field but `subcategories`, keyed by category as each side spells it. */
const SETTINGS_FIELDS: FieldKeys<Omit<Settings, 'subcategories'>, WireSettings> = {
  locale: 'locale',
  currency: 'currency',
  weekStart: 'week_start',
  dataConsent: 'data_consent',
  trackingStartDate: 'tracking_start_date',
  cutOutNewPhotos: 'cut_out_new_photos',
  cutoutsAvailable: 'cutouts_available',
};

/** [from, to] key pairs, read once from a field table. */
type KeyPairs = readonly (readonly [string, string])[];

const appToWire = (fields: object): KeyPairs => Object.entries(fields);
const wireToApp = (fields: object): KeyPairs =>
  Object.entries(fields).map(([app, wire]: [string, string]) => [wire, app] as const);

const ITEM_TO_WIRE = appToWire(ITEM_FIELDS);
const ITEM_FROM_WIRE = wireToApp(ITEM_FIELDS);
const OUTFIT_TO_WIRE = appToWire(OUTFIT_FIELDS);
const OUTFIT_FROM_WIRE = wireToApp(OUTFIT_FIELDS);
const SETTINGS_TO_WIRE = appToWire(SETTINGS_FIELDS);
const SETTINGS_FROM_WIRE = wireToApp(SETTINGS_FIELDS);

/**
 * Copy the values of `from` into `to` under their new keys, leaving out undefined ones and, unless
 * `keepNulls`, null ones too (docs/spec.md §5: nulls are removed from records).
 */
function copyFields<T extends object>(from: object, to: T, pairs: KeyPairs, keepNulls = false): T {
  const source = from as Record<string, unknown>;
  const target = to as Record<string, unknown>;
  for (const [fromKey, toKey] of pairs) {
    const value = source[fromKey];
    if (value !== undefined && (value !== null || keepNulls)) target[toKey] = value;
  }
  return to;
}

/** Copy `value` under `key` unless it is null or undefined (docs/spec.md §5: nulls are removed). */
function put<T extends object, K extends keyof T>(
  out: T,
  key: K,
  value: T[K] | null | undefined,
): void {
  if (value !== null && value !== undefined) out[key] = value;
}

/**
 * Object.keys rather than Object.entries: for a 10,000-item wardrobe the pairs it builds cost
 * several times the copy itself (bench/suggestions.bench.ts, wire mapping).
 */
function mapValues<A, B>(record: Readonly<Record<string, A>>, fn: (value: A) => B) {
  const out: Record<string, B> = {};
  for (const key of Object.keys(record)) out[key] = fn(record[key]!);
  return out;
}

export function itemFromWire(wire: WireItem): ClothingItem {
  const item = copyFields(wire, {} as ClothingItem, ITEM_FROM_WIRE);
  item.category = categoryFromWire(wire.category);
  return item;
}

export function itemToWire(item: ClothingItem): WireItem {
  const wire = copyFields(item, {} as WireItem, ITEM_TO_WIRE);
  wire.category = categoryToWire(item.category);
  return wire;
}

export function canvasEntryFromWire(wire: WireCanvasEntry): CanvasEntry {
  return {
    clothingId: wire.clothing_id,
    x: wire.x,
    y: wire.y,
    scale: wire.scale,
    rotation: wire.rotation,
  };
}

/** `locked` stays in the browser (docs/spec.md §3). */
export function canvasEntryToWire(entry: CanvasEntry): WireCanvasEntry {
  return {
    clothing_id: entry.clothingId,
    x: entry.x,
    y: entry.y,
    scale: entry.scale,
    rotation: entry.rotation,
  };
}

export function outfitFromWire(wire: WireOutfit): Outfit {
  const outfit = copyFields(wire, {} as Outfit, OUTFIT_FROM_WIRE);
  outfit.canvasData = wire.canvas_data.map(canvasEntryFromWire);
  return outfit;
}

export function outfitToWire(outfit: Outfit): WireOutfit {
  const wire = copyFields(outfit, {} as WireOutfit, OUTFIT_TO_WIRE);
  wire.canvas_data = outfit.canvasData.map(canvasEntryToWire);
  return wire;
}

/** A PATCH answer in app spelling: only the fields that changed; null marks a cleared one. */
export type Patch<T> = { [K in keyof T]?: T[K] | null };

/** Read a parsed PATCH clothes/{id} answer (itemPatchResponseSchema) into app spelling. */
export function itemPatchFromWire(wire: WireItemPatch): Patch<ClothingItem> {
  const patch = copyFields(wire, {} as Patch<ClothingItem>, ITEM_FROM_WIRE, true);
  if (wire.category !== undefined) patch.category = categoryFromWire(wire.category);
  return patch;
}

/** Read a parsed PATCH outfits/{id} answer (outfitPatchResponseSchema) into app spelling. */
export function outfitPatchFromWire(wire: WireOutfitPatch): Patch<Outfit> {
  const patch = copyFields(wire, {} as Patch<Outfit>, OUTFIT_FROM_WIRE, true);
  if (wire.canvas_data !== undefined) patch.canvasData = wire.canvas_data.map(canvasEntryFromWire);
  return patch;
}

export function calendarEntryFromWire(wire: WireCalendarEntry): CalendarEntry {
  const entry: CalendarEntry = { clothes: [...wire.clothes], outfits: [...wire.outfits] };
  put(entry, 'displayItem', wire.display_item);
  return entry;
}

export function calendarEntryToWire(entry: CalendarEntry): WireCalendarEntry {
  const wire: WireCalendarEntry = { clothes: [...entry.clothes], outfits: [...entry.outfits] };
  put(wire, 'display_item', entry.displayItem);
  return wire;
}

/** Every category's list, copied from `lists` (keyed by `fromKey`) and keyed by `toKey`. */
function subcategoryLists<F extends string, T extends string>(
  lists: Partial<Record<F, readonly Subcategory[]>>,
  fromKey: (category: Category) => F,
  toKey: (category: Category) => T,
): Record<T, Subcategory[]> {
  const out = {} as Record<T, Subcategory[]>;
  for (const category of CATEGORIES) {
    out[toKey(category)] = (lists[fromKey(category)] ?? []).map(({ id, name }) => ({ id, name }));
  }
  return out;
}

const sameCategory = (category: Category): Category => category;

export function settingsFromWire(wire: WireSettings): Settings {
  const settings = copyFields(wire, {} as Settings, SETTINGS_FROM_WIRE);
  settings.subcategories = subcategoryLists(wire.subcategories, categoryToWire, sameCategory);
  return settings;
}

export function settingsToWire(settings: Settings): WireSettings {
  const wire = copyFields(settings, {} as WireSettings, SETTINGS_TO_WIRE);
  wire.subcategories = subcategoryLists(settings.subcategories, sameCategory, categoryToWire);
  return wire;
}

export function calendarFromWire(wire: WireWardrobe['calendar']): Calendar {
  return mapValues(wire, calendarEntryFromWire);
}

export function wardrobeFromWire(wire: WireWardrobe): WardrobeData {
  return {
    clothes: mapValues(wire.clothes, itemFromWire),
    outfits: mapValues(wire.outfits, outfitFromWire),
    calendar: calendarFromWire(wire.calendar),
  };
}

/**
 * The item fields suggestOutfits reads (README, "What to wear": status, category, colours,
 * subcategory, price, wears) besides the ones every record has.
 */
const SUGGESTION_ITEM_FROM_WIRE = ITEM_FROM_WIRE.filter(([, app]) =>
  [
    'id',
    'image',
    'dateCreated',
    'status',
    'subCategoryId',
    'price',
    'currency',
    'convertedPrice',
    'manualTimesWorn',
    'colors',
  ].includes(app),
);

/**
 * The wire wardrobe read for suggestOutfits only: items carry the fields it reads, outfits their
 * canvas, and calendar days share the wire's lists (not copied: nothing here changes them). The
 * server maps a 10,000-item wardrobe for every suggestion request, and the whole mapping
 * (wardrobeFromWire) is most of that request's work; the suggestions are the same from either.
 */
export function wardrobeForSuggestionsFromWire(wire: WireWardrobe): WardrobeData {
  const calendar: Calendar = {};
  for (const [day, entry] of Object.entries(wire.calendar)) {
    calendar[day] = { clothes: entry.clothes, outfits: entry.outfits };
  }
  return {
    clothes: mapValues(wire.clothes, (w) => {
      const item = copyFields(w, {} as ClothingItem, SUGGESTION_ITEM_FROM_WIRE);
      item.category = categoryFromWire(w.category);
      return item;
    }),
    outfits: mapValues(wire.outfits, outfitFromWire),
    calendar,
  };
}

export function wardrobeToWire(wardrobe: WardrobeData): WireWardrobe {
  return {
    clothes: mapValues(wardrobe.clothes, itemToWire),
    outfits: mapValues(wardrobe.outfits, outfitToWire),
    calendar: mapValues(wardrobe.calendar, calendarEntryToWire),
  };
}

/** Parse an unknown JSON answer and read it into app records; throws a ZodError when invalid. */
export function parseWardrobe(json: unknown): WardrobeData {
  return wardrobeFromWire(wardrobeResponseSchema.parse(json));
}

export function parseItem(json: unknown): ClothingItem {
  return itemFromWire(wireItemSchema.parse(json));
}

export function parseOutfit(json: unknown): Outfit {
  return outfitFromWire(wireOutfitSchema.parse(json));
}

export function parseSettings(json: unknown): Settings {
  return settingsFromWire(wireSettingsSchema.parse(json));
}

/** The wire key of each field a user may edit. */
const ITEM_EDIT_KEYS: ReadonlyMap<string, string> = new Map(
  EDITABLE_ITEM_FIELDS.map((f) => [f, f === 'category' ? 'category' : ITEM_FIELDS[f]]),
);
const OUTFIT_EDIT_KEYS: ReadonlyMap<string, string> = new Map(
  EDITABLE_OUTFIT_FIELDS.map((f) => [f, OUTFIT_FIELDS[f]]),
);

function updatesToWire(updates: object, keys: ReadonlyMap<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updates)) {
    const wireKey = keys.get(key);
    if (wireKey === undefined) continue;
    if (value === undefined || value === null) out[wireKey] = '';
    else out[wireKey] = key === 'category' ? categoryToWire(value as Category) : value;
  }
  return out;
}

/**
 * The `updates` JSON of PATCH clothes/{id}: snake_case keys, 'full_body', and an explicitly
 * undefined (or null) field sent as "" so that the server clears it (docs/spec.md §5). Keys that
 * are not editable (id, image, converted prices, ...) are left out rather than rejected by the
 * server.
 */
export function itemUpdatesToWire(
  updates: Partial<Pick<ClothingItem, EditableItemField>>,
): Record<string, unknown> {
  return updatesToWire(updates, ITEM_EDIT_KEYS);
}

/** The `updates` JSON of PATCH outfits/{id}, by the same rules as itemUpdatesToWire. */
export function outfitUpdatesToWire(
  updates: Partial<Pick<Outfit, EditableOutfitField>>,
): Record<string, unknown> {
  return updatesToWire(updates, OUTFIT_EDIT_KEYS);
}
