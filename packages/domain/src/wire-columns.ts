/**
 * The wardrobe answer in columns (docs/wardrobe-wire.md): what GET /api/users answers
 * when asked for `application/vnd.hanger.wardrobe+json; v=2`. It carries exactly the wardrobe of
 * the default answer (docs/spec.md §7: `clothes`, `outfits` and `calendar` maps, absent fields left
 * out), written so that gzip and brotli have little left but the ids' own randomness:
 *
 * - per record type one array per field (field names once, not once per record); a field that few
 *   records have is sparse (`{ at: gaps, v: values }`), one that none has is left out;
 * - text fields (category, status, brand, currencies, ...) as indexes into a list of their
 *   distinct values; creation times as millisecond steps from the previous record's; days
 *   (`YYYY-MM-DD`) as day numbers;
 * - ids that are UUIDs (every id the server makes) as one base64url string of their random bits;
 * - photo URLs as one media prefix (`/media/<capability>/<user>/`) sent once: a photo stored under
 *   its record's own key (`<user>/<id>-image.webp`) costs nothing, any other key its stem, any
 *   other URL itself;
 * - the items on outfits' canvases and the calendar's items and outfits as indexes into the
 *   clothes and outfits arrays, not ids.
 *
 * `decodeWardrobeColumns(encodeWardrobeColumns(w))` equals `w` for every wardrobe whose map keys
 * are their records' ids (as GET users answers): every value and every absent field as it was.
 * Values that do not fit a compact form (a creation time that is not a canonical ISO instant, a
 * reference to an id that is not in the wardrobe) travel as they are.
 */
import { dayKeyFromNumber, dayNumber } from './day-keys.js';
import { WARDROBE_COLUMNS_FORMAT, WARDROBE_COLUMNS_VERSION } from './wire-columns-names.js';
import type {
  WireCalendarEntry,
  WireCanvasEntry,
  WireItem,
  WireOutfit,
  WireWardrobe,
} from './schemas.js';

/** A sparse column: `at` holds the gaps between present indexes (index − previous index − 1). */
export interface SparseColumn<V> {
  at: number[];
  v: V[];
}
/** One value per record (`null`: absent), or the sparse form. */
export type Column<V> = (V | null)[] | SparseColumn<V>;

/** Distinct values once, and per record an index into them. */
export interface DictColumn {
  d: string[];
  i: Column<number>;
}

/**
 * A record's photo: absent when both files are under the media prefix at the record's own key
 * (`<id>-image.webp`, `<id>-thumbnail.webp`); `0` for the next UUID of the record type's
 * `photo_uuids` as the stem (the keys photos had before they were named after their record); a
 * stem `s` for `<s>-image.webp` and `<s>-thumbnail.webp` (a stem starting with `-` follows the id:
 * `<id><s>`, a replaced photo's version); else the URLs themselves, `[image]` or
 * `[image, thumbnail]`.
 */
export type PhotoValue = 0 | string | [string] | [string, string];

/** A reference: an index into the clothes (or outfits) arrays, or an id not in them. */
export type Ref = number | string;

const ITEM_TEXT = [
  'category',
  'sub_category_id',
  'status',
  'source',
  'brand',
  'currency',
  'sold_currency',
  'cutout',
  'original',
] as const;
const ITEM_DAYS = ['date_obtained', 'date_archived'] as const;
/** Lists of names: a dictionary of the lists written as `a,b` (few distinct lists repeat a lot). */
const ITEM_NAME_LISTS = ['colors'] as const;
const ITEM_NUMBERS = [
  'price',
  'converted_price',
  'sold_price',
  'converted_sold_price',
  'manual_times_worn',
  'scale',
] as const;
const OUTFIT_TEXT = ['status'] as const;
const OUTFIT_NUMBERS = ['manual_times_worn'] as const;

// Every field of WireItem and WireOutfit has a column: a new wire field fails to compile here.
type UnlistedItemField = Exclude<
  keyof WireItem,
  | 'id'
  | 'image'
  | 'thumbnail'
  | 'date_created'
  | (typeof ITEM_TEXT)[number]
  | (typeof ITEM_DAYS)[number]
  | (typeof ITEM_NUMBERS)[number]
  | (typeof ITEM_NAME_LISTS)[number]
>;
type UnlistedOutfitField = Exclude<
  keyof WireOutfit,
  | 'id'
  | 'image'
  | 'thumbnail'
  | 'date_created'
  | 'canvas_data'
  | (typeof OUTFIT_TEXT)[number]
  | (typeof OUTFIT_NUMBERS)[number]
>;
const _everyItemField: [UnlistedItemField] extends [never] ? true : UnlistedItemField = true;
const _everyOutfitField: [UnlistedOutfitField] extends [never] ? true : UnlistedOutfitField = true;
void _everyItemField;
void _everyOutfitField;

type ItemText = (typeof ITEM_TEXT)[number];
type ItemDay = (typeof ITEM_DAYS)[number];
type ItemNumber = (typeof ITEM_NUMBERS)[number];

export interface RecordColumns {
  /** How many records. */
  n: number;
  /** Their ids: packUuids of them when every id is a version 4 UUID, else a list. */
  id: string | string[];
  photo?: Column<PhotoValue>;
  /** The UUID stems of the photos written `0`, packed (packUuids). */
  photo_uuids?: string;
  /** Creation times: ms steps from the previous number of the column, or the text itself. */
  date_created?: Column<number | string>;
}

export type ItemColumns = RecordColumns &
  Partial<Record<ItemText | (typeof ITEM_NAME_LISTS)[number], DictColumn>> &
  Partial<Record<ItemDay, Column<number | string>>> &
  Partial<Record<ItemNumber, Column<number>>>;

export interface CanvasColumns {
  /** Entries per outfit, in outfit order. */
  n: number[];
  item: Ref[];
  x: number[];
  y: number[];
  scale: number[];
  rotation: number[];
}

export type OutfitColumns = RecordColumns & {
  status?: DictColumn;
  manual_times_worn?: Column<number>;
  canvas: CanvasColumns;
};

export interface CalendarColumns {
  /** Day numbers as steps from the previous number (the first from 0), or the key itself. */
  day: (number | string)[];
  /** Per day: how many items, how many outfits. */
  c: number[];
  o: number[];
  /** The days' items (indexes into clothes) and outfits (indexes into outfits), day after day. */
  cref: Ref[];
  oref: Ref[];
  /** The day's display item: an index into clothes, −1 − an index into outfits, or an id. */
  display?: Column<Ref>;
}

export interface WardrobeColumns {
  format: typeof WARDROBE_COLUMNS_FORMAT;
  v: typeof WARDROBE_COLUMNS_VERSION;
  /** The part every photo URL starts with (capability and owner's folder), sent once. */
  media: string;
  clothes: ItemColumns;
  outfits: OutfitColumns;
  calendar: CalendarColumns;
}

/** A malformed answer in columns (the parser reports it as any other bad answer). */
class ColumnsError extends Error {
  constructor(message: string) {
    super(`Wardrobe columns: ${message}`);
    this.name = 'ColumnsError';
  }
}

// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------

/** Values (`undefined`/`null`: absent) as a column: dense, sparse, or `undefined` when empty. */
function toColumn<V>(values: (V | null | undefined)[]): Column<V> | undefined {
  let present = 0;
  for (const v of values) if (v !== undefined && v !== null) present++;
  if (present === 0) return undefined;
  if (present * 3 >= values.length) return values.map((v) => (v === undefined ? null : v));
  const at: number[] = [];
  const v: V[] = [];
  let last = -1;
  values.forEach((value, i) => {
    if (value === undefined || value === null) return;
    at.push(i - last - 1);
    v.push(value);
    last = i;
  });
  return { at, v };
}

function dictColumn(values: (string | null | undefined)[]): DictColumn | undefined {
  const index = new Map<string, number>();
  const d: string[] = [];
  const i = toColumn(
    values.map((value) => {
      if (value === undefined || value === null) return undefined;
      let at = index.get(value);
      if (at === undefined) {
        at = d.length;
        index.set(value, at);
        d.push(value);
      }
      return at;
    }),
  );
  return i === undefined ? undefined : { d, i };
}

/** Canonical ISO instants as steps from the previous one; anything else as it is. */
function timeColumn(values: (string | null | undefined)[]): Column<number | string> | undefined {
  let previous = 0;
  return toColumn(
    values.map((value) => {
      if (value === undefined || value === null) return undefined;
      const ms = Date.parse(value);
      if (!Number.isFinite(ms) || new Date(ms).toISOString() !== value) return value;
      const step = ms - previous;
      previous = ms;
      return step;
    }),
  );
}

function dayValue(value: string): number | string {
  const n = dayNumber(value);
  return Number.isFinite(n) && dayKeyFromNumber(n) === value ? n : value;
}

function dayColumn(values: (string | null | undefined)[]): Column<number | string> | undefined {
  return toColumn(values.map((v) => (v === undefined || v === null ? undefined : dayValue(v))));
}

/** A version 4 UUID as crypto.randomUUID() writes it (every id the server makes). */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64URL.length; i++) BASE64URL_VALUE[BASE64URL.charCodeAt(i)] = i;
const BASE64URL_CODE = Uint8Array.from(BASE64URL, (c) => c.charCodeAt(0));
const HEX_CODE = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** Bits of each hex digit of a v4 UUID (dashes left out): the version digit is always 4, the
 * variant digit one of 8, 9, a, b. */
const UUID_DIGIT_BITS = Array.from({ length: 32 }, (_, i) => (i === 12 ? 0 : i === 16 ? 2 : 4));
const UUID_BITS = 122;

function hexValue(code: number): number {
  return code <= 57 ? code - 48 : code - 87;
}

/**
 * Version 4 UUIDs as one base64url string of their 122 random bits, one after the other; or
 * `undefined` when any id is not one. Hex digits would cost gzip some 17 bytes per id (its
 * 3-character matches in random hex cost more than they save); this about 15.5.
 */
export function packUuids(ids: readonly string[]): string | undefined {
  if (ids.length === 0 || !ids.every((id) => UUID_V4.test(id))) return undefined;
  const out = new Uint8Array(Math.ceil((ids.length * UUID_BITS) / 6));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (const id of ids) {
    for (let i = 0, digit = 0; i < 36; i++) {
      const code = id.charCodeAt(i);
      if (code === 45) continue; // '-'
      const width = UUID_DIGIT_BITS[digit++]!;
      if (width === 0) continue;
      acc = (acc << width) | (hexValue(code) & ((1 << width) - 1));
      bits += width;
      if (bits >= 6) {
        bits -= 6;
        out[o++] = BASE64URL_CODE[(acc >> bits) & 63]!;
        acc &= (1 << bits) - 1;
      }
    }
  }
  if (bits > 0) out[o++] = BASE64URL_CODE[(acc << (6 - bits)) & 63]!;
  return latin1(out);
}

/** ASCII bytes as a string, in slices that stay within any engine's argument limit. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192) as unknown as number[]);
  }
  return text;
}

/** The `n` UUIDs of a packUuids string. */
export function unpackUuids(packed: string, n: number): string[] {
  if (packed.length !== Math.ceil((n * UUID_BITS) / 6))
    throw new ColumnsError(`${n} packed ids expected`);
  let acc = 0;
  let bits = 0;
  let at = 0;
  const read = (width: number): number => {
    if (bits < width) {
      const code = packed.charCodeAt(at++);
      const value = code < 128 ? BASE64URL_VALUE[code]! : -1;
      if (value < 0) throw new ColumnsError('packed ids are not base64url');
      acc = (acc << 6) | value;
      bits += 6;
    }
    bits -= width;
    const value = (acc >> bits) & ((1 << width) - 1);
    acc &= (1 << bits) - 1;
    return value;
  };
  const ids = new Array<string>(n);
  const chars = new Uint8Array(36);
  for (let k = 0; k < n; k++) {
    let c = 0;
    for (let i = 0; i < 32; i++) {
      if (i === 8 || i === 12 || i === 16 || i === 20) chars[c++] = 45;
      const width = UUID_DIGIT_BITS[i]!;
      chars[c++] = width === 0 ? 52 : HEX_CODE[width === 2 ? 8 + read(2) : read(4)]!;
    }
    ids[k] = String.fromCharCode.apply(null, chars as unknown as number[]);
  }
  return ids;
}

function packIds(ids: string[]): string | string[] {
  return packUuids(ids) ?? ids;
}

function unpackIds(packed: unknown, n: number, what: string): string[] {
  if (Array.isArray(packed)) {
    if (packed.length !== n || !packed.every((id) => typeof id === 'string'))
      throw new ColumnsError(`${what}: ${n} ids expected`);
    return packed as string[];
  }
  if (typeof packed !== 'string') throw new ColumnsError(`${what}: ${n} ids expected`);
  return unpackUuids(packed, n);
}

const IMAGE_SUFFIX = '-image.webp';
const THUMBNAIL_SUFFIX = '-thumbnail.webp';

/** The folder part (up to the last `/`) of the first photo URL, shared by most of them. */
function mediaPrefixOf(records: { image: string }[]): string {
  const first = records[0]?.image;
  if (first === undefined) return '';
  return first.slice(0, first.lastIndexOf('/') + 1);
}

/** A record's photo (see PhotoValue); `uuids` collects the stems written as `0`. */
function photoValue(
  media: string,
  id: string,
  image: string,
  thumbnail: string | null | undefined,
  uuids: string[],
): PhotoValue | undefined {
  const verbatim = (): PhotoValue => (typeof thumbnail === 'string' ? [image, thumbnail] : [image]);
  if (typeof thumbnail !== 'string' || !image.startsWith(media) || !image.endsWith(IMAGE_SUFFIX))
    return verbatim();
  const stem = image.slice(media.length, -IMAGE_SUFFIX.length);
  if (stem.length === 0 || stem.includes('/') || thumbnail !== `${media}${stem}${THUMBNAIL_SUFFIX}`)
    return verbatim();
  if (stem === id) return undefined;
  if (stem.startsWith(`${id}-`)) return stem.slice(id.length);
  if (UUID_V4.test(stem)) {
    uuids.push(stem);
    return 0;
  }
  // A stem of its own that could be read as a version travels as URLs.
  return stem.startsWith('-') ? verbatim() : stem;
}

/** The photo column and the UUID stems its `0`s stand for. */
function photoColumns(
  media: string,
  records: { id: string; image: string; thumbnail?: string | null }[],
) {
  const uuids: string[] = [];
  const photo = toColumn(records.map((r) => photoValue(media, r.id, r.image, r.thumbnail, uuids)));
  return { photo, photo_uuids: uuids.length > 0 ? packUuids(uuids) : undefined };
}

function refOf(index: Map<string, number>, id: string): Ref {
  return index.get(id) ?? id;
}

function indexOf(ids: string[]): Map<string, number> {
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (!index.has(id)) index.set(id, i);
  });
  return index;
}

function recordsOf<T extends { id: string }>(map: Record<string, T>, what: string): T[] {
  const keys = Object.keys(map);
  const records = new Array<T>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const record = map[keys[i]!]!;
    if (record.id !== keys[i]) {
      throw new Error(`${what}: the record under ${keys[i]} has id ${record.id}`);
    }
    records[i] = record;
  }
  return records;
}

/**
 * A list of names as one dictionary value (`navy,white`); an empty list is a value too (`''`),
 * so that decoding gives back exactly what was encoded. Names never hold commas.
 */
function listText(list: readonly string[] | null | undefined): string | null | undefined {
  return list === null || list === undefined ? list : list.join(',');
}

/** Sets `key` on `target` only when the column is present (absent columns are left out). */
function put<T extends object>(target: T, key: string, column: unknown): void {
  if (column !== undefined) (target as Record<string, unknown>)[key] = column;
}

/** The wardrobe in columns; its map keys must be its records' ids (as GET users answers). */
export function encodeWardrobeColumns(wardrobe: WireWardrobe): WardrobeColumns {
  const items = recordsOf(wardrobe.clothes, 'clothes');
  const outfits = recordsOf(wardrobe.outfits, 'outfits');
  const media = mediaPrefixOf(items.length > 0 ? items : outfits);
  const itemIds = items.map((r) => r.id);
  const outfitIds = outfits.map((r) => r.id);
  const itemIndex = indexOf(itemIds);
  const outfitIndex = indexOf(outfitIds);

  const clothes: ItemColumns = { n: items.length, id: packIds(itemIds) };
  const itemPhotos = photoColumns(media, items);
  put(clothes, 'photo', itemPhotos.photo);
  put(clothes, 'photo_uuids', itemPhotos.photo_uuids);
  put(clothes, 'date_created', timeColumn(items.map((r) => r.date_created)));
  for (const field of ITEM_TEXT) put(clothes, field, dictColumn(items.map((r) => r[field])));
  for (const field of ITEM_DAYS) put(clothes, field, dayColumn(items.map((r) => r[field])));
  for (const field of ITEM_NUMBERS) put(clothes, field, toColumn(items.map((r) => r[field])));
  for (const field of ITEM_NAME_LISTS)
    put(clothes, field, dictColumn(items.map((r) => listText(r[field]))));

  const canvas: CanvasColumns = { n: [], item: [], x: [], y: [], scale: [], rotation: [] };
  for (const outfit of outfits) {
    canvas.n.push(outfit.canvas_data.length);
    for (const entry of outfit.canvas_data) {
      canvas.item.push(refOf(itemIndex, entry.clothing_id));
      canvas.x.push(entry.x);
      canvas.y.push(entry.y);
      canvas.scale.push(entry.scale);
      canvas.rotation.push(entry.rotation);
    }
  }
  const outfitColumns: OutfitColumns = { n: outfits.length, id: packIds(outfitIds), canvas };
  const outfitPhotos = photoColumns(media, outfits);
  put(outfitColumns, 'photo', outfitPhotos.photo);
  put(outfitColumns, 'photo_uuids', outfitPhotos.photo_uuids);
  put(outfitColumns, 'date_created', timeColumn(outfits.map((r) => r.date_created)));
  for (const field of OUTFIT_TEXT)
    put(outfitColumns, field, dictColumn(outfits.map((r) => r[field])));
  for (const field of OUTFIT_NUMBERS)
    put(outfitColumns, field, toColumn(outfits.map((r) => r[field])));

  const calendar: CalendarColumns = { day: [], c: [], o: [], cref: [], oref: [] };
  const days = Object.keys(wardrobe.calendar).sort();
  const displays: (Ref | undefined)[] = [];
  let previousDay = 0;
  for (const day of days) {
    const entry = wardrobe.calendar[day]!;
    const value = dayValue(day);
    if (typeof value === 'number') {
      calendar.day.push(value - previousDay);
      previousDay = value;
    } else calendar.day.push(value);
    calendar.c.push(entry.clothes.length);
    calendar.o.push(entry.outfits.length);
    for (const id of entry.clothes) calendar.cref.push(refOf(itemIndex, id));
    for (const id of entry.outfits) calendar.oref.push(refOf(outfitIndex, id));
    const display = entry.display_item;
    if (display === undefined || display === null) displays.push(undefined);
    else {
      const asItem = itemIndex.get(display);
      const asOutfit = outfitIndex.get(display);
      displays.push(asItem ?? (asOutfit === undefined ? display : -1 - asOutfit));
    }
  }
  put(calendar, 'display', toColumn(displays));

  return {
    format: WARDROBE_COLUMNS_FORMAT,
    v: WARDROBE_COLUMNS_VERSION,
    media,
    clothes,
    outfits: outfitColumns,
    calendar,
  };
}

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a parsed answer is in this form (rather than the default maps). */
export function isWardrobeColumns(json: unknown): json is WardrobeColumns {
  return isObject(json) && json.format === WARDROBE_COLUMNS_FORMAT;
}

function count(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new ColumnsError(`${what} is not a count`);
  return value;
}

/** The column's `n` values, `undefined` where absent. */
function readColumn(column: unknown, n: number, what: string): unknown[] {
  const out = new Array<unknown>(n).fill(undefined);
  if (column === undefined) return out;
  if (Array.isArray(column)) {
    if (column.length !== n) throw new ColumnsError(`${what} has ${column.length} of ${n} values`);
    for (let i = 0; i < n; i++) out[i] = column[i] === null ? undefined : column[i];
    return out;
  }
  if (!isObject(column) || !Array.isArray(column.at) || !Array.isArray(column.v))
    throw new ColumnsError(`${what} is not a column`);
  const { at, v } = column as { at: unknown[]; v: unknown[] };
  if (at.length !== v.length) throw new ColumnsError(`${what}: gaps and values differ`);
  let i = -1;
  for (let k = 0; k < at.length; k++) {
    i += count(at[k], `${what} gap`) + 1;
    if (i >= n) throw new ColumnsError(`${what} goes past ${n} records`);
    out[i] = v[k];
  }
  return out;
}

function readDict(column: unknown, n: number, what: string): (string | undefined)[] {
  if (column === undefined) return new Array<undefined>(n).fill(undefined);
  if (!isObject(column) || !Array.isArray(column.d))
    throw new ColumnsError(`${what} is not a dictionary`);
  const d = column.d as unknown[];
  return readColumn(column.i, n, what).map((i) => {
    if (i === undefined) return undefined;
    const value = typeof i === 'number' ? d[i] : undefined;
    if (typeof value !== 'string') throw new ColumnsError(`${what}: no value ${String(i)}`);
    return value;
  });
}

function readTimes(column: unknown, n: number, what: string): (string | undefined)[] {
  let previous = 0;
  return readColumn(column, n, what).map((value) => {
    if (value === undefined || typeof value === 'string') return value;
    if (typeof value !== 'number') throw new ColumnsError(`${what}: not a time`);
    previous += value;
    return new Date(previous).toISOString();
  });
}

function dayOf(value: unknown, what: string): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new ColumnsError(`${what}: not a day`);
  return dayKeyFromNumber(value);
}

function readNumbers(column: unknown, n: number, what: string): (number | undefined)[] {
  return readColumn(column, n, what).map((value) => {
    if (value !== undefined && typeof value !== 'number')
      throw new ColumnsError(`${what}: not a number`);
    return value;
  });
}

function deref(ids: string[], ref: unknown, what: string): string {
  if (typeof ref === 'string') return ref;
  const id = typeof ref === 'number' ? ids[ref] : undefined;
  if (id === undefined) throw new ColumnsError(`${what}: no record ${String(ref)}`);
  return id;
}

function photoOf(
  media: string,
  id: string,
  value: unknown,
  uuids: () => string,
  what: string,
): { image: string; thumbnail?: string } {
  let stem: string | undefined;
  if (value === undefined) stem = id;
  else if (value === 0) stem = uuids();
  else if (typeof value === 'string') stem = value.startsWith('-') ? `${id}${value}` : value;
  if (stem !== undefined) {
    return {
      image: `${media}${stem}${IMAGE_SUFFIX}`,
      thumbnail: `${media}${stem}${THUMBNAIL_SUFFIX}`,
    };
  }
  if (Array.isArray(value) && typeof value[0] === 'string') {
    if (value.length === 1) return { image: value[0] };
    if (value.length === 2 && typeof value[1] === 'string')
      return { image: value[0], thumbnail: value[1] };
  }
  throw new ColumnsError(`${what}: not a photo`);
}

interface BaseRecord {
  id: string;
  image: string;
  thumbnail?: string;
  date_created: string;
}

function readRecords(columns: unknown, media: string, what: string) {
  if (!isObject(columns)) throw new ColumnsError(`${what} missing`);
  const n = count(columns.n, `${what}.n`);
  const ids = unpackIds(columns.id, n, what);
  const photos = readColumn(columns.photo, n, `${what}.photo`);
  let stems = 0;
  for (const p of photos) if (p === 0) stems++;
  const packedStems = columns.photo_uuids;
  if (stems > 0 && typeof packedStems !== 'string')
    throw new ColumnsError(`${what}.photo_uuids missing`);
  const stemList = stems > 0 ? unpackUuids(packedStems as string, stems) : [];
  let nextStem = 0;
  const uuids = () => stemList[nextStem++]!;
  const created = readTimes(columns.date_created, n, `${what}.date_created`);
  const records: BaseRecord[] = ids.map((id, i) => {
    const created_ = created[i];
    if (created_ === undefined) throw new ColumnsError(`${what}: no date_created for ${id}`);
    return { id, ...photoOf(media, id, photos[i], uuids, `${what}.photo`), date_created: created_ };
  });
  return { columns, n, ids, records };
}

function setField(record: object, key: string, value: unknown): void {
  if (value !== undefined) (record as Record<string, unknown>)[key] = value;
}

/** The wardrobe of an answer in columns, exactly as the default answer holds it. */
export function decodeWardrobeColumns(json: unknown): WireWardrobe {
  if (!isWardrobeColumns(json)) throw new ColumnsError('not a wardrobe in columns');
  if (json.v !== WARDROBE_COLUMNS_VERSION) throw new ColumnsError(`version ${String(json.v)}`);
  const media = typeof json.media === 'string' ? json.media : '';

  const items = readRecords(json.clothes, media, 'clothes');
  const itemRecords = items.records as WireItem[];
  for (const field of ITEM_TEXT) {
    const values = readDict(items.columns[field], items.n, `clothes.${field}`);
    values.forEach((v, i) => setField(itemRecords[i]!, field, v));
  }
  for (const field of ITEM_DAYS) {
    const values = readColumn(items.columns[field], items.n, `clothes.${field}`);
    values.forEach((v, i) => {
      if (v !== undefined) setField(itemRecords[i]!, field, dayOf(v, `clothes.${field}`));
    });
  }
  for (const field of ITEM_NUMBERS) {
    const values = readNumbers(items.columns[field], items.n, `clothes.${field}`);
    values.forEach((v, i) => setField(itemRecords[i]!, field, v));
  }
  for (const field of ITEM_NAME_LISTS) {
    const values = readDict(items.columns[field], items.n, `clothes.${field}`);
    values.forEach((v, i) =>
      setField(itemRecords[i]!, field, v === undefined ? v : v === '' ? [] : v.split(',')),
    );
  }

  const outfits = readRecords(json.outfits, media, 'outfits');
  const outfitRecords = outfits.records as WireOutfit[];
  for (const field of OUTFIT_TEXT) {
    const values = readDict(outfits.columns[field], outfits.n, `outfits.${field}`);
    values.forEach((v, i) => setField(outfitRecords[i]!, field, v));
  }
  for (const field of OUTFIT_NUMBERS) {
    const values = readNumbers(outfits.columns[field], outfits.n, `outfits.${field}`);
    values.forEach((v, i) => setField(outfitRecords[i]!, field, v));
  }
  const canvas = outfits.columns.canvas;
  if (!isObject(canvas) || !Array.isArray(canvas.n) || canvas.n.length !== outfits.n)
    throw new ColumnsError('outfits.canvas missing');
  const entries = canvas.n.reduce<number>((sum, k) => sum + count(k, 'outfits.canvas.n'), 0);
  const flat = (key: string): unknown[] => {
    const list = canvas[key];
    if (!Array.isArray(list) || list.length !== entries)
      throw new ColumnsError(`outfits.canvas.${key} has not ${entries} values`);
    return list;
  };
  const [item, x, y, scale, rotation] = ['item', 'x', 'y', 'scale', 'rotation'].map(flat) as [
    unknown[],
    unknown[],
    unknown[],
    unknown[],
    unknown[],
  ];
  const num = (v: unknown, key: string): number => {
    if (typeof v !== 'number') throw new ColumnsError(`outfits.canvas.${key}: not a number`);
    return v;
  };
  let at = 0;
  outfitRecords.forEach((outfit, i) => {
    const placed: WireCanvasEntry[] = [];
    for (let k = 0; k < (canvas.n as number[])[i]!; k++, at++) {
      placed.push({
        clothing_id: deref(items.ids, item[at], 'outfits.canvas.item'),
        x: num(x[at], 'x'),
        y: num(y[at], 'y'),
        scale: num(scale[at], 'scale'),
        rotation: num(rotation[at], 'rotation'),
      });
    }
    outfit.canvas_data = placed;
  });

  const cal = json.calendar;
  if (!isObject(cal) || !Array.isArray(cal.day) || !Array.isArray(cal.c) || !Array.isArray(cal.o))
    throw new ColumnsError('calendar missing');
  const days = cal.day as unknown[];
  if (cal.c.length !== days.length || cal.o.length !== days.length)
    throw new ColumnsError('calendar counts differ from its days');
  const cref = Array.isArray(cal.cref) ? (cal.cref as unknown[]) : [];
  const oref = Array.isArray(cal.oref) ? (cal.oref as unknown[]) : [];
  const displays = readColumn(cal.display, days.length, 'calendar.display');
  const calendar: [string, WireCalendarEntry][] = [];
  let previousDay = 0;
  let ci = 0;
  let oi = 0;
  days.forEach((d, k) => {
    let key: string;
    if (typeof d === 'number') {
      previousDay += d;
      key = dayOf(previousDay, 'calendar.day');
    } else key = dayOf(d, 'calendar.day');
    const entry: WireCalendarEntry = { clothes: [], outfits: [] };
    const nc = count((cal.c as unknown[])[k], 'calendar.c');
    const no = count((cal.o as unknown[])[k], 'calendar.o');
    if (ci + nc > cref.length || oi + no > oref.length)
      throw new ColumnsError('calendar references run out');
    for (let j = 0; j < nc; j++) entry.clothes.push(deref(items.ids, cref[ci++], 'calendar.cref'));
    for (let j = 0; j < no; j++)
      entry.outfits.push(deref(outfits.ids, oref[oi++], 'calendar.oref'));
    const display = displays[k];
    if (display !== undefined) {
      entry.display_item =
        typeof display === 'number' && display < 0
          ? deref(outfits.ids, -1 - display, 'calendar.display')
          : deref(items.ids, display, 'calendar.display');
    }
    calendar.push([key, entry]);
  });

  // fromEntries makes own properties whatever the key (`__proto__` included), as JSON.parse does.
  const byId = <T extends { id: string }>(records: T[]): Record<string, T> =>
    Object.fromEntries(records.map((r) => [r.id, r]));
  return {
    clothes: byId(itemRecords),
    outfits: byId(outfitRecords),
    calendar: Object.fromEntries(calendar),
  };
}
