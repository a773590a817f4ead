import { z } from 'zod';
import { SOURCES, WIRE_CATEGORIES, type Source, type WireCategory } from './categories.js';
import { COLOUR_NAMES, MAX_ITEM_COLOURS, type ColourName } from './colour-names.js';
import { currencyDecimals } from './currency.js';
import { CURRENCY_CODES } from './currency-names.js';
import { isDayKey } from './day-keys.js';
import { MAX_TEXT } from './limits.js';
import { ITEM_STATUSES, type ItemStatus } from './status.js';

/**
 * Importing items from a spreadsheet (docs/spreadsheet-import.md): the bytes decoded (UTF-8 with
 * or without BOM, UTF-16, Windows-1252), the CSV parsed (RFC 4180, comma, semicolon or tab,
 * quoted newlines), the columns matched to item fields from their headers, and every row read
 * into an item or refused with its reason. Pure: the server and the web app run the same rules.
 */

export type SheetEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export const SHEET_ENCODINGS: readonly SheetEncoding[] = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
];
export type SheetDelimiter = ',' | ';' | '\t';

/** Data rows a spreadsheet may hold (the header not counted). */
export const MAX_SHEET_ROWS = 50_000;
export const MAX_SHEET_COLUMNS = 200;
/** Characters in one cell: far past any field, short of a file that is one huge cell. */
export const MAX_SHEET_CELL = 10_000;

export interface DecodedSheet {
  text: string;
  encoding: SheetEncoding;
}

/** Many NUL bytes at even or odd offsets: UTF-16 text without its byte order mark. */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/** Windows-1252's 0x80-0x9F (the rest is Latin-1); Node's TextDecoder reads them as Latin-1. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += 8192) {
    const chars: string[] = [];
    const end = Math.min(bytes.length, start + 8192);
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      chars.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80]! : String.fromCharCode(b));
    }
    parts.push(chars.join(''));
  }
  return parts.join('');
}

/**
 * The text of a spreadsheet file: in `chosen` when the user picked an encoding, else detected:
 * a byte order mark (UTF-8, UTF-16 LE/BE), UTF-16 by its NUL bytes, UTF-8 when every byte
 * sequence is valid UTF-8, otherwise Windows-1252 (Excel's "CSV" on Western Windows). The byte
 * order mark is never part of the text.
 */
export function decodeSheet(bytes: Uint8Array, chosen?: SheetEncoding): DecodedSheet {
  let encoding: SheetEncoding;
  if (chosen) encoding = chosen;
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) encoding = 'utf-8';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else {
    encoding = utf16Without(bytes) ?? 'utf-8';
    if (encoding === 'utf-8') {
      try {
        return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding };
      } catch {
        encoding = 'windows-1252';
      }
    }
  }
  const text =
    encoding === 'windows-1252'
      ? decodeWindows1252(bytes)
      : new TextDecoder(encoding).decode(bytes);
  return { text: text.startsWith('\uFEFF') ? text.slice(1) : text, encoding };
}

/** The delimiter of the header line: the one of , ; tab found most often outside quotes. */
export function detectDelimiter(text: string): SheetDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 65_536; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

export type ParsedSheet =
  | { ok: true; header: string[]; rows: string[][]; delimiter: SheetDelimiter }
  | { ok: false; problem: string };

/**
 * RFC 4180 records: fields in double quotes may hold the delimiter, line breaks and doubled
 * quotes; lines end in CRLF, LF or CR; blank lines are skipped. The first record is the header.
 * Refuses (with the line) an unclosed quote, a text after a closing quote, more than
 * MAX_SHEET_ROWS rows, MAX_SHEET_COLUMNS columns or MAX_SHEET_CELL characters in a cell.
 */
export function parseSheet(text: string, delimiter = detectDelimiter(text)): ParsedSheet {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  const endRecord = (): string | null => {
    record.push(cell);
    cell = '';
    if (!(record.length === 1 && record[0] === '')) {
      if (record.length > MAX_SHEET_COLUMNS)
        return `Line ${recordLine} has ${record.length} columns; at most ${MAX_SHEET_COLUMNS} are read.`;
      records.push(record);
      if (records.length > MAX_SHEET_ROWS + 1)
        return `The spreadsheet has more than ${MAX_SHEET_ROWS.toLocaleString('en')} rows; import it in parts.`;
    }
    record = [];
    return null;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === '"' && cell === '') {
      // A quoted field, to its closing quote.
      const start = line;
      i++;
      let value = '';
      for (;;) {
        if (i >= n) return { ok: false, problem: `Line ${start} opens a quote that never closes.` };
        const q = text.indexOf('"', i);
        if (q === -1)
          return { ok: false, problem: `Line ${start} opens a quote that never closes.` };
        const part = text.slice(i, q);
        for (const ch of part) if (ch === '\n') line++;
        value += part;
        if (text[q + 1] === '"') {
          value += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      if (value.length > MAX_SHEET_CELL)
        return {
          ok: false,
          problem: `Line ${start} has a cell over ${MAX_SHEET_CELL} characters.`,
        };
      const next = text[i];
      if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
        return { ok: false, problem: `Line ${line} has text after a closing quote.` };
      cell = value;
      continue;
    }
    if (c === delimiter) {
      record.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      const problem = endRecord();
      if (problem) return { ok: false, problem };
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    // An unquoted run up to the next delimiter or line break.
    let j = i;
    while (j < n && text[j] !== delimiter && text[j] !== '\r' && text[j] !== '\n') j++;
    cell += text.slice(i, j);
    if (cell.length > MAX_SHEET_CELL)
      return { ok: false, problem: `Line ${line} has a cell over ${MAX_SHEET_CELL} characters.` };
    i = j;
  }
  if (cell !== '' || record.length > 0) {
    const problem = endRecord();
    if (problem) return { ok: false, problem };
  }
  if (records.length === 0) return { ok: false, problem: 'The spreadsheet is empty.' };
  const [header, ...rows] = records;
  return { ok: true, header: header!.map((h) => h.trim()), rows, delimiter };
}

// ---------------------------------------------------------------------------------------------
// Columns to fields
// ---------------------------------------------------------------------------------------------

/** The fields a column may fill; `id` is the row's own id (Hanger's CSV), used to import once. */
export const SHEET_FIELDS = [
  'id',
  'brand',
  'category',
  'subcategory',
  'status',
  'source',
  'price',
  'currency',
  'date_obtained',
  'colours',
  'photo',
] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];

export const SHEET_FIELD_LABELS: Record<SheetField, string> = {
  id: 'Row id',
  brand: 'Name / brand',
  category: 'Category',
  subcategory: 'Subcategory',
  status: 'Status',
  source: 'Source',
  price: 'Price',
  currency: 'Currency',
  date_obtained: 'Date obtained',
  colours: 'Colours',
  photo: 'Photo file',
};

/** Column index per field; a field left out is not imported. */
export type SheetMapping = Partial<Record<SheetField, number>>;

/** Header words per field, compared lower-case with everything but letters and digits removed. */
const HEADER_WORDS: Record<SheetField, string[]> = {
  id: ['id', 'itemid', 'uuid'],
  brand: ['brand', 'name', 'itemname', 'item', 'title', 'label', 'designer', 'description'],
  category: ['category', 'type', 'kind', 'categorie', 'kategorie', 'categoria'],
  subcategory: ['subcategory', 'subtype', 'subcategoryname', 'subcat'],
  status: ['status', 'state', 'where'],
  source: ['source', 'origin', 'acquired', 'howobtained', 'from'],
  price: ['price', 'cost', 'paid', 'amount', 'purchaseprice', 'pricepaid', 'preis', 'prix'],
  currency: ['currency', 'curr', 'ccy', 'currencycode', 'wahrung', 'devise'],
  date_obtained: [
    'dateobtained',
    'obtained',
    'purchasedate',
    'datepurchased',
    'dateofpurchase',
    'bought',
    'purchased',
    'date',
    'acquiredon',
  ],
  colours: ['colors', 'colours', 'color', 'colour', 'farbe', 'couleur'],
  photo: ['photo', 'photofile', 'image', 'imagefile', 'picture', 'file', 'filename', 'img'],
};

function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The mapping guessed from the headers: each field takes the first column whose header is one
 * of its words (an exact word first, then a header starting with it), and a column fills one
 * field at most. Hanger's own items CSV maps whole (its `colors`, `price`, `currency`…).
 */
export function guessSheetMapping(header: readonly string[]): SheetMapping {
  const keys = header.map(headerKey);
  const used = new Set<number>();
  const mapping: SheetMapping = {};
  for (const exact of [true, false]) {
    for (const field of SHEET_FIELDS) {
      if (mapping[field] !== undefined) continue;
      for (const word of HEADER_WORDS[field]) {
        const at = keys.findIndex(
          (k, i) => !used.has(i) && k !== '' && (exact ? k === word : k.startsWith(word)),
        );
        if (at !== -1) {
          mapping[field] = at;
          used.add(at);
          break;
        }
      }
    }
  }
  return mapping;
}

// ---------------------------------------------------------------------------------------------
// Rows to items
// ---------------------------------------------------------------------------------------------

/** One row read into an item's fields (wire names); `key` identifies the row across imports. */
export interface SheetItem {
  /** 1-based row of the spreadsheet, the header being row 1. */
  row: number;
  key: string;
  category: WireCategory;
  status: ItemStatus;
  subcategory?: string;
  source?: Source;
  brand?: string;
  price?: number;
  currency?: string;
  date_obtained?: string;
  colors?: ColourName[];
  /** File name in the photos zip. */
  photo?: string;
}

export interface SheetRefusal {
  row: number;
  reason: string;
}

export interface SheetReadOptions {
  /** The account's currency: a price with no currency column or cell is in it. */
  currency: string;
  /**
   * File names in the photos zip (as sent), or null when none was sent. A row naming a photo
   * that is not there is refused; with no zip the photo column is not read.
   */
  photos: ReadonlySet<string> | null;
}

const CATEGORY_WORDS: Record<string, WireCategory> = {
  tops: 'top',
  shirt: 'top',
  shirts: 'top',
  tshirt: 'top',
  blouse: 'top',
  sweater: 'top',
  bottoms: 'bottom',
  trousers: 'bottom',
  pants: 'bottom',
  jeans: 'bottom',
  skirt: 'bottom',
  shorts: 'bottom',
  fullbody: 'full_body',
  dress: 'full_body',
  dresses: 'full_body',
  jumpsuit: 'full_body',
  outerwear: 'outerwear',
  coat: 'outerwear',
  coats: 'outerwear',
  jacket: 'outerwear',
  jackets: 'outerwear',
  shoe: 'shoes',
  footwear: 'shoes',
  bags: 'bag',
  handbag: 'bag',
  accessories: 'accessory',
  jewellery: 'accessory',
  jewelry: 'accessory',
};

const STATUS_WORDS: Record<string, ItemStatus> = {
  clothes: 'clothes',
  closet: 'clothes',
  incloset: 'clothes',
  owned: 'clothes',
  active: 'clothes',
  wishlist: 'wishlist',
  wish: 'wishlist',
  wanted: 'wishlist',
  loaned: 'loaned',
  lent: 'loaned',
  onloan: 'loaned',
  archived: 'archived',
  archive: 'archived',
  sold: 'archived',
  donated: 'archived',
};

const SOURCE_WORDS: Record<string, Source> = {
  boughtnew: 'bought new',
  new: 'bought new',
  bought: 'bought new',
  preloved: 'preloved',
  secondhand: 'preloved',
  used: 'preloved',
  vintage: 'preloved',
  thrifted: 'preloved',
  gifted: 'gifted',
  gift: 'gifted',
  selfmade: 'self made',
  handmade: 'self made',
  diy: 'self made',
};

class Refused extends Error {}

function refuse(reason: string): never {
  throw new Refused(reason);
}

function shown(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `“${short}”`;
}

/**
 * A text cell: our own CSV guards text that starts like a formula with an apostrophe, which is
 * taken off again; any other cell that starts with = or @, or with + or - and is not a number,
 * is a formula a spreadsheet would run, and its row is refused.
 */
export function sheetText(raw: string, field: string): string {
  const value = raw.trim();
  if (/^'[=+\-@]/.test(value)) return value.slice(1);
  if (/^[=@]/.test(value) || (/^[+-]/.test(value) && !/^[+-]\d/.test(value)))
    refuse(`${field} ${shown(value)} is a spreadsheet formula; save the sheet with values only`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
    refuse(`${field} ${shown(value)} holds control characters`);
  return value;
}

function pick<T>(words: Record<string, T>, exact: readonly string[], value: string): T | undefined {
  const key = headerKey(value);
  const direct = exact.find((e) => headerKey(e) === key);
  return (direct as T | undefined) ?? words[key];
}

/**
 * A price as people type it: 12.5, 12,50, 1,234.50, 1.234,50, € 12 or 12 EUR. The last `.` or
 * `,` followed by 1-3 digits to the end is the decimal mark when the other mark is used before it
 * (or it is not a run of exactly three digits after a single mark).
 */
export function parseSheetPrice(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/^[^\d\-+.,]+|[^\d.,]+$/g, '');
  if (!/^[+-]?[\d.,]+$/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimal: '.' | ',' | null = null;
  if (lastDot !== -1 && lastComma !== -1) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot !== -1 || lastComma !== -1) {
    const mark = lastDot !== -1 ? '.' : ',';
    const parts = s.split(mark);
    // "1,234" or "1.234.567": thousands; "12,5" or "12.50": decimals.
    decimal = parts.length === 2 && parts[1]!.length !== 3 ? mark : null;
    if (parts.length === 2 && parts[1]!.length === 3 && parts[0]!.replace(/^[+-]/, '') === '0')
      decimal = mark;
  }
  const thousands = decimal === '.' ? ',' : decimal === ',' ? '.' : /[.,]/;
  const [whole, fraction] = decimal
    ? [s.slice(0, s.lastIndexOf(decimal)), s.slice(s.lastIndexOf(decimal) + 1)]
    : [s, ''];
  const digits = whole.split(thousands).join('');
  if (!/^[+-]?\d+$/.test(digits) || (fraction !== '' && !/^\d+$/.test(fraction))) return null;
  s = fraction ? `${digits}.${fraction}` : digits;
  const value = Number(s);
  return Number.isFinite(value) ? value : null;
}

function decimalsOf(value: number): number {
  const text = String(value);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function readColours(raw: string): ColourName[] {
  const names = raw
    .split(/[\s,;/|+&]+/)
    .map((n) => n.toLowerCase())
    .filter((n) => n !== '' && n !== 'and');
  const colours: ColourName[] = [];
  for (const name of names) {
    const colour = name === 'gray' ? 'grey' : name === 'multicolor' ? 'multicolour' : name;
    if (!(COLOUR_NAMES as readonly string[]).includes(colour))
      refuse(`unknown colour ${shown(name)} (the colours are ${COLOUR_NAMES.join(', ')})`);
    if (!colours.includes(colour as ColourName)) colours.push(colour as ColourName);
  }
  if (colours.length > MAX_ITEM_COLOURS)
    refuse(`${colours.length} colours; an item has at most ${MAX_ITEM_COLOURS}`);
  return colours;
}

/** A day as YYYY-MM-DD, or YYYY/MM/DD, or a timestamp starting with one. */
function readDay(raw: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(raw);
  const day = m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : '';
  if (!isDayKey(day)) refuse(`date obtained ${shown(raw)} is not a date (write it as 2024-03-31)`);
  return day;
}

function readRow(
  cells: readonly string[],
  mapping: SheetMapping,
  options: SheetReadOptions,
  row: number,
): Omit<SheetItem, 'key'> & { id?: string } {
  const cell = (field: SheetField): string => {
    const at = mapping[field];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const text = (field: SheetField, label: string): string | undefined => {
    const value = sheetText(cell(field), label);
    if (value.length > MAX_TEXT) refuse(`${label} is longer than ${MAX_TEXT} characters`);
    return value === '' ? undefined : value;
  };
  const categoryText = text('category', 'category');
  if (!categoryText) refuse('no category');
  const category = pick(CATEGORY_WORDS, WIRE_CATEGORIES, categoryText);
  if (!category)
    refuse(
      `unknown category ${shown(categoryText)} (use top, bottom, full body, outerwear, shoes, bag, accessory or other)`,
    );
  const item: Omit<SheetItem, 'key'> & { id?: string } = { row, category, status: 'clothes' };
  const id = text('id', 'id');
  if (id) item.id = id;
  const statusText = text('status', 'status');
  if (statusText) {
    const status = pick(STATUS_WORDS, ITEM_STATUSES, statusText);
    if (!status)
      refuse(`unknown status ${shown(statusText)} (use in closet, wishlist, loaned or archived)`);
    item.status = status;
  }
  const sourceText = text('source', 'source');
  if (sourceText && headerKey(sourceText) !== 'notspecified') {
    const source = pick(SOURCE_WORDS, SOURCES, sourceText);
    if (!source)
      refuse(`unknown source ${shown(sourceText)} (use bought new, preloved, gifted or self made)`);
    item.source = source;
  }
  const brand = text('brand', 'name');
  if (brand) item.brand = brand;
  const subcategory = text('subcategory', 'subcategory');
  if (subcategory) item.subcategory = subcategory;

  const currencyText = text('currency', 'currency');
  const currency = (currencyText ?? '').toUpperCase();
  if (currencyText && !CURRENCY_CODES.includes(currency))
    refuse(`unknown currency ${shown(currencyText)} (a three-letter code such as EUR or USD)`);
  const priceText = cell('price');
  if (priceText !== '') {
    const price = parseSheetPrice(priceText);
    const code = currency || options.currency;
    if (price === null) refuse(`price ${shown(priceText)} is not a number`);
    if (price < 0) refuse(`price ${shown(priceText)} is negative`);
    const decimals = currencyDecimals(code);
    if (decimalsOf(price) > decimals)
      refuse(
        decimals === 0
          ? `price ${shown(priceText)} has decimals; ${code} has none`
          : `price ${shown(priceText)} has more than ${decimals} decimals for ${code}`,
      );
    if (price > 1e9) refuse(`price ${shown(priceText)} is too large`);
    item.price = price;
    item.currency = code;
  } else if (currency) item.currency = currency;

  const dayText = cell('date_obtained');
  if (dayText !== '') item.date_obtained = readDay(dayText);
  const coloursText = text('colours', 'colours');
  if (coloursText) {
    const colours = readColours(coloursText);
    if (colours.length > 0) item.colors = colours;
  }
  if (options.photos) {
    const photo = text('photo', 'photo');
    if (photo) {
      const name = photo.replace(/^.*[\\/]/, '');
      if (!options.photos.has(name)) refuse(`missing photo ${shown(name)} (not in the photos zip)`);
      item.photo = name;
    }
  }
  return item;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What identifies a row across imports: its id cell, or else everything it imports. */
function rowKey(item: Omit<SheetItem, 'key'> & { id?: string }, seen: Map<string, number>): string {
  const { row: _row, id, ...fields } = item;
  // Only an id Hanger gave (a UUID) names the row: "1", "2"… of two other sheets are not the same.
  const base = id && UUID.test(id) ? `id:${id.toLowerCase()}` : `row:${JSON.stringify(fields)}`;
  // The same row twice in one file is two items (two identical shirts), each imported once.
  const n = (seen.get(base) ?? 0) + 1;
  seen.set(base, n);
  return n === 1 ? base : `${base}#${n}`;
}

export interface SheetReading {
  items: SheetItem[];
  refused: SheetRefusal[];
}

/**
 * Every data row read with `mapping`: an item, or a refusal naming the row and why (unknown
 * category, status, source, colour or currency, a price that is not a number or has more
 * decimals than its currency, a date that is not one, a missing photo, a formula). A mapping
 * without a category column refuses every row.
 */
export function readSheetRows(
  rows: readonly string[][],
  mapping: SheetMapping,
  options: SheetReadOptions,
): SheetReading {
  const reader = sheetRowReader(mapping, options);
  reader.read(rows, 0);
  return reader.reading;
}

/**
 * readSheetRows a slice at a time, for a caller that lets other work run between slices (the
 * server, with 50,000 rows): `read(slice, first)` reads the rows from index `first` of the sheet's
 * data rows. Read in order, slices give exactly what readSheetRows gives for the whole.
 */
export function sheetRowReader(mapping: SheetMapping, options: SheetReadOptions) {
  const reading: SheetReading = { items: [], refused: [] };
  const seen = new Map<string, number>();
  return {
    reading,
    read(rows: readonly string[][], first: number): void {
      rows.forEach((cells, index) => {
        const row = first + index + 2;
        try {
          const item = readRow(cells, mapping, options, row);
          const key = rowKey(item, seen);
          const { id: _id, ...fields } = item;
          reading.items.push({ ...fields, key });
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
          reading.refused.push({ row, reason: err.message });
        }
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The wire (POST /api/imports/sheet)
// ---------------------------------------------------------------------------------------------

/** Item rows a preview shows; every refused row is listed up to MAX_SHEET_REFUSALS_SHOWN. */
export const SHEET_PREVIEW_ITEMS = 20;
export const MAX_SHEET_REFUSALS_SHOWN = 1000;

const count = z.number().int().nonnegative();

export const sheetMappingSchema = z.partialRecord(z.enum(SHEET_FIELDS), count);

/** The form's text fields beside the files `sheet` (CSV) and `photos` (zip, optional). */
export const sheetImportFieldsSchema = z.object({
  /** "preview" answers what would be imported; "import" imports. */
  action: z.enum(['preview', 'import']),
  encoding: z.enum(SHEET_ENCODINGS).optional(),
  /** JSON of a SheetMapping; absent: guessed from the headers. */
  mapping: z
    .string()
    .max(4000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      try {
        const parsed = sheetMappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: 'mapping must be JSON of field: column index' });
      return z.NEVER;
    }),
  /** "true": import the rows that can be and leave the refused ones out. */
  skip_refused: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type SheetImportFields = z.output<typeof sheetImportFieldsSchema>;

export const sheetItemSchema = z.object({
  row: count,
  key: z.string(),
  category: z.enum(WIRE_CATEGORIES),
  status: z.enum(ITEM_STATUSES),
  subcategory: z.string().optional(),
  source: z.enum(SOURCES).optional(),
  brand: z.string().optional(),
  price: z.number().optional(),
  currency: z.string().optional(),
  date_obtained: z.string().optional(),
  colors: z.array(z.enum(COLOUR_NAMES)).optional(),
  photo: z.string().optional(),
});

export const sheetPreviewSchema = z.object({
  encoding: z.enum(SHEET_ENCODINGS),
  delimiter: z.enum([',', ';', '\t']),
  header: z.array(z.string()),
  mapping: sheetMappingSchema,
  /** Data rows in the file. */
  rows: count,
  /** The first SHEET_PREVIEW_ITEMS rows read as items. */
  items: z.array(sheetItemSchema),
  /** Rows that would be imported now: readable and not imported before. */
  importable: count,
  already_imported: count,
  refused: z.array(z.object({ row: count, reason: z.string() })),
  refused_count: count,
  photos: count,
});
export type SheetPreview = z.output<typeof sheetPreviewSchema>;

// The import answers 202 with importStartedSchema (wire-answers.ts) and runs as a job; its
// state, progress and result are GET /api/imports/{id}'s (importStatusSchema).
