import {
  CATEGORIES,
  WIRE_CATEGORIES,
  categoryFromWire,
  categoryToWire,
  type Category,
} from './categories.js';
import {
  wardrobeResponseSchema,
  wireItemSchema,
  wireOutfitSchema,
  wireSettingsSchema,
  type EditableItemField,
  type EditableOutfitField,
  type WireCalendarEntry,
  type WireCanvasEntry,
  type WireItem,
  type WireOutfit,
  type WireSettings,
  type WireSubcategories,
  type WireUser,
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
  User,
  WardrobeData,
} from './types.js';

/**
 * Typed conversions between the wire (snake_case, 'full_body', nulls allowed) and the app's
 * records (camelCase, 'full body', absent instead of null). Parsed wire in, app records out, and
 * back. These are written field by field rather than with toCamel/toSnake so that the compiler
 * checks both shapes and a 5,000-item wardrobe converts without regex work per key.
 */

/** Copy `value` under `key` unless it is null or undefined (SPEC §5: nulls are removed). */
function put<T extends object, K extends keyof T>(
  out: T,
  key: K,
  value: T[K] | null | undefined,
): void {
  if (value !== null && value !== undefined) out[key] = value;
}

export function itemFromWire(wire: WireItem): ClothingItem {
  const item: ClothingItem = {
    id: wire.id,
    image: wire.image,
    category: categoryFromWire(wire.category),
    dateCreated: wire.date_created,
  };
  put(item, 'thumbnail', wire.thumbnail);
  put(item, 'subCategoryId', wire.sub_category_id);
  put(item, 'status', wire.status);
  put(item, 'source', wire.source);
  put(item, 'brand', wire.brand);
  put(item, 'dateObtained', wire.date_obtained);
  put(item, 'dateArchived', wire.date_archived);
  put(item, 'price', wire.price);
  put(item, 'currency', wire.currency);
  put(item, 'convertedPrice', wire.converted_price);
  put(item, 'soldPrice', wire.sold_price);
  put(item, 'soldCurrency', wire.sold_currency);
  put(item, 'convertedSoldPrice', wire.converted_sold_price);
  put(item, 'manualTimesWorn', wire.manual_times_worn);
  put(item, 'scale', wire.scale);
  return item;
}

export function itemToWire(item: ClothingItem): WireItem {
  const wire: WireItem = {
    id: item.id,
    image: item.image,
    category: categoryToWire(item.category),
    date_created: item.dateCreated,
  };
  put(wire, 'thumbnail', item.thumbnail);
  put(wire, 'sub_category_id', item.subCategoryId);
  put(wire, 'status', item.status);
  put(wire, 'source', item.source);
  put(wire, 'brand', item.brand);
  put(wire, 'date_obtained', item.dateObtained);
  put(wire, 'date_archived', item.dateArchived);
  put(wire, 'price', item.price);
  put(wire, 'currency', item.currency);
  put(wire, 'converted_price', item.convertedPrice);
  put(wire, 'sold_price', item.soldPrice);
  put(wire, 'sold_currency', item.soldCurrency);
  put(wire, 'converted_sold_price', item.convertedSoldPrice);
  put(wire, 'manual_times_worn', item.manualTimesWorn);
  put(wire, 'scale', item.scale);
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
  put(outfit, 'thumbnail', wire.thumbnail);
  put(outfit, 'status', wire.status);
  put(outfit, 'manualTimesWorn', wire.manual_times_worn);
  return outfit;
}

export function outfitToWire(outfit: Outfit): WireOutfit {
  const wire: WireOutfit = {
    id: outfit.id,
    image: outfit.image,
    date_created: outfit.dateCreated,
    canvas_data: outfit.canvasData.map(canvasEntryToWire),
  };
  put(wire, 'thumbnail', outfit.thumbnail);
  put(wire, 'status', outfit.status);
  put(wire, 'manual_times_worn', outfit.manualTimesWorn);
  return wire;
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

function subcategoriesFromWire(wire: WireSubcategories): Record<Category, Subcategory[]> {
  const out = {} as Record<Category, Subcategory[]>;
  for (const category of WIRE_CATEGORIES) {
    out[categoryFromWire(category)] = (wire[category] ?? []).map((s) => ({
      id: s.id,
      name: s.name,
    }));
  }
  return out;
}

function subcategoriesToWire(subcategories: Partial<Record<Category, Subcategory[]>>) {
  const out = {} as WireSubcategories;
  for (const category of CATEGORIES) {
    out[categoryToWire(category)] = (subcategories[category] ?? []).map((s) => ({
      id: s.id,
      name: s.name,
    }));
  }
  return out;
}

export function settingsFromWire(wire: WireSettings): Settings {
  const settings: Settings = {
    locale: wire.locale,
    currency: wire.currency,
    weekStart: wire.week_start,
    subcategories: subcategoriesFromWire(wire.subcategories),
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
    subcategories: subcategoriesToWire(settings.subcategories),
    data_consent: settings.dataConsent,
  };
  put(wire, 'tracking_start_date', settings.trackingStartDate);
  return wire;
}

export function userFromWire(wire: WireUser): User {
  const user: User = {
    uid: wire.uid,
    displayName: wire.display_name,
    email: wire.email,
    settings: settingsFromWire(wire.settings),
  };
  put(user, 'photoURL', wire.photo_url);
  return user;
}

export function userToWire(user: User): WireUser {
  const wire: WireUser = {
    uid: user.uid,
    display_name: user.displayName,
    email: user.email,
    settings: settingsToWire(user.settings),
  };
  put(wire, 'photo_url', user.photoURL);
  return wire;
}

export function calendarFromWire(wire: WireWardrobe['calendar']): Calendar {
  const calendar: Calendar = {};
  for (const [day, entry] of Object.entries(wire)) calendar[day] = calendarEntryFromWire(entry);
  return calendar;
}

export function wardrobeFromWire(wire: WireWardrobe): WardrobeData {
  const clothes: Record<string, ClothingItem> = {};
  for (const [id, item] of Object.entries(wire.clothes)) clothes[id] = itemFromWire(item);
  const outfits: Record<string, Outfit> = {};
  for (const [id, outfit] of Object.entries(wire.outfits)) outfits[id] = outfitFromWire(outfit);
  return { clothes, outfits, calendar: calendarFromWire(wire.calendar) };
}

export function wardrobeToWire(wardrobe: WardrobeData): WireWardrobe {
  const clothes: WireWardrobe['clothes'] = {};
  for (const [id, item] of Object.entries(wardrobe.clothes)) clothes[id] = itemToWire(item);
  const outfits: WireWardrobe['outfits'] = {};
  for (const [id, outfit] of Object.entries(wardrobe.outfits)) outfits[id] = outfitToWire(outfit);
  const calendar: WireWardrobe['calendar'] = {};
  for (const [day, entry] of Object.entries(wardrobe.calendar)) {
    calendar[day] = calendarEntryToWire(entry);
  }
  return { clothes, outfits, calendar };
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

const ITEM_WIRE_KEYS: Record<EditableItemField, string> = {
  category: 'category',
  subCategoryId: 'sub_category_id',
  status: 'status',
  source: 'source',
  brand: 'brand',
  dateObtained: 'date_obtained',
  dateArchived: 'date_archived',
  price: 'price',
  currency: 'currency',
  soldPrice: 'sold_price',
  soldCurrency: 'sold_currency',
  manualTimesWorn: 'manual_times_worn',
  scale: 'scale',
};

const OUTFIT_WIRE_KEYS: Record<EditableOutfitField, string> = {
  status: 'status',
  manualTimesWorn: 'manual_times_worn',
};

/**
 * The `updates` JSON of PATCH clothes/{id}: snake_case keys, 'full_body', and an explicitly
 * undefined (or null) field sent as "" so that the server clears it (SPEC §5). Keys that are not
 * editable (id, image, converted prices, ...) are left out rather than rejected by the server.
 */
export function itemUpdatesToWire(
  updates: Partial<Pick<ClothingItem, EditableItemField>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updates)) {
    const wireKey = ITEM_WIRE_KEYS[key as EditableItemField];
    if (wireKey === undefined) continue;
    if (value === undefined || value === null) out[wireKey] = '';
    else out[wireKey] = key === 'category' ? categoryToWire(value as Category) : value;
  }
  return out;
}

/** The `updates` JSON of PATCH outfits/{id}, by the same rules as itemUpdatesToWire. */
export function outfitUpdatesToWire(
  updates: Partial<Pick<Outfit, EditableOutfitField>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(updates)) {
    const wireKey = OUTFIT_WIRE_KEYS[key as EditableOutfitField];
    if (wireKey === undefined) continue;
    out[wireKey] = value === undefined || value === null ? '' : value;
  }
  return out;
}
