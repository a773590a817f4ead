import { CATEGORIES, categoryFromWire, categoryToWire, type Category } from './categories.js';
import {
  EDITABLE_ITEM_FIELDS,
  EDITABLE_OUTFIT_FIELDS,
  wardrobeResponseSchema,
  wireItemSchema,
  wireOutfitSchema,
  wireSettingsSchema,
  type EditableItemField,
  type EditableOutfitField,
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
 * (every optional field listed, each paired with a wire key of the same type), rather than
 * converted with toCamel/toSnake: a 5,000-item wardrobe converts without regex work per key.
 */

/** The keys of T whose value may be absent. */
type OptionalKey<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** The keys of Wire that carry the same kind of value as V (null and absence aside). */
type WireKeyFor<V, Wire> = {
  [W in keyof Wire]-?: [NonNullable<Wire[W]>] extends [NonNullable<V>]
    ? [NonNullable<V>] extends [NonNullable<Wire[W]>]
      ? W
      : never
    : never;
}[keyof Wire];

/** For every optional field of an app record, the wire key that carries it. */
type OptionalFieldKeys<App, Wire> = { readonly [K in OptionalKey<App>]: WireKeyFor<App[K], Wire> };

const ITEM_FIELDS: OptionalFieldKeys<ClothingItem, WireItem> = {
  thumbnail: 'thumbnail',
  subCategoryId: 'sub_category_id',
  status: 'status',
  source: 'source',
  brand: 'brand',
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
};

const OUTFIT_FIELDS: OptionalFieldKeys<Outfit, WireOutfit> = {
  thumbnail: 'thumbnail',
  status: 'status',
  manualTimesWorn: 'manual_times_worn',
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
/** PATCH answers may carry any field, required ones included. */
const ITEM_PATCH_FROM_WIRE = wireToApp({
  ...ITEM_FIELDS,
  id: 'id',
  image: 'image',
  category: 'category',
  dateCreated: 'date_created',
});
const OUTFIT_PATCH_FROM_WIRE = wireToApp({
  ...OUTFIT_FIELDS,
  id: 'id',
  image: 'image',
  dateCreated: 'date_created',
});

/**
 * Copy the values of `from` into `to` under their new keys, leaving out undefined ones and, unless
 * `keepNulls`, null ones too (SPEC §5: nulls are removed from records).
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

/** Copy `value` under `key` unless it is null or undefined (SPEC §5: nulls are removed). */
function put<T extends object, K extends keyof T>(
  out: T,
  key: K,
  value: T[K] | null | undefined,
): void {
  if (value !== null && value !== undefined) out[key] = value;
}

function mapValues<A, B>(record: Readonly<Record<string, A>>, fn: (value: A) => B) {
  const out: Record<string, B> = {};
  for (const [key, value] of Object.entries(record)) out[key] = fn(value);
  return out;
}

export function itemFromWire(wire: WireItem): ClothingItem {
  const item: ClothingItem = {
    id: wire.id,
    image: wire.image,
    category: categoryFromWire(wire.category),
    dateCreated: wire.date_created,
  };
  return copyFields(wire, item, ITEM_FROM_WIRE);
}

export function itemToWire(item: ClothingItem): WireItem {
  const wire: WireItem = {
    id: item.id,
    image: item.image,
    category: categoryToWire(item.category),
    date_created: item.dateCreated,
  };
  return copyFields(item, wire, ITEM_TO_WIRE);
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

/** `locked` stays in the browser (SPEC §3). */
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
  const outfit: Outfit = {
    id: wire.id,
    image: wire.image,
    dateCreated: wire.date_created,
    canvasData: wire.canvas_data.map(canvasEntryFromWire),
  };
  return copyFields(wire, outfit, OUTFIT_FROM_WIRE);
}

export function outfitToWire(outfit: Outfit): WireOutfit {
  const wire: WireOutfit = {
    id: outfit.id,
    image: outfit.image,
    date_created: outfit.dateCreated,
    canvas_data: outfit.canvasData.map(canvasEntryToWire),
  };
  return copyFields(outfit, wire, OUTFIT_TO_WIRE);
}

/** A PATCH answer in app spelling: only the fields that changed; null marks a cleared one. */
export type Patch<T> = { [K in keyof T]?: T[K] | null };

/** Read a parsed PATCH clothes/{id} answer (itemPatchResponseSchema) into app spelling. */
export function itemPatchFromWire(wire: WireItemPatch): Patch<ClothingItem> {
  const patch = copyFields(wire, {} as Patch<ClothingItem>, ITEM_PATCH_FROM_WIRE, true);
  if (wire.category !== undefined) patch.category = categoryFromWire(wire.category);
  return patch;
}

/** Read a parsed PATCH outfits/{id} answer (outfitPatchResponseSchema) into app spelling. */
export function outfitPatchFromWire(wire: WireOutfitPatch): Patch<Outfit> {
  const patch = copyFields(wire, {} as Patch<Outfit>, OUTFIT_PATCH_FROM_WIRE, true);
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
  const settings: Settings = {
    locale: wire.locale,
    currency: wire.currency,
    weekStart: wire.week_start,
    subcategories: subcategoryLists(wire.subcategories, categoryToWire, sameCategory),
    dataConsent: wire.data_consent,
  };
  put(settings, 'trackingStartDate', wire.tracking_start_date);
  return settings;
}

export function settingsToWire(settings: Settings): WireSettings {
  const wire: WireSettings = {
    locale: settings.locale,
    currency: settings.currency,
    week_start: settings.weekStart,
    subcategories: subcategoryLists(settings.subcategories, sameCategory, categoryToWire),
    data_consent: settings.dataConsent,
  };
  put(wire, 'tracking_start_date', settings.trackingStartDate);
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
 * undefined (or null) field sent as "" so that the server clears it (SPEC §5). Keys that are not
 * editable (id, image, converted prices, ...) are left out rather than rejected by the server.
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
