import { roundMoney } from './currency.js';
import { computeItemStats, type StatsOptions } from './item-stats.js';
import { itemPriceIn, itemSoldPriceIn } from './money.js';
import { subcategoryName } from './subcategories.js';
import type { ClothingItem, Settings, WardrobeData } from './types.js';

/**
 * The items of a wardrobe as CSV for spreadsheets (RFC 4180): one row per item with every stored
 * field and the derived stats of docs/spec.md §3, computed by the same functions the screens use.
 * Money the stats use is in the user's currency, whose code is part of those columns' names.
 */

/** A cell: text is quoted as needed and guarded; numbers are written as they are. */
export type CsvCell = string | number | undefined;

/** Starts a spreadsheet reads as a formula (OWASP "CSV injection"), including after a tab or CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell of text. Text a spreadsheet would run as a formula gets a leading apostrophe, which
 * spreadsheets show as text; numbers are written by the exporter, never by the user, so they are
 * not guarded (a guard would turn a negative number into text).
 */
export function csvCell(value: CsvCell): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: cells joined by commas and ended by CRLF (RFC 4180 §2.1). */
export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Rounded to cents; undefined stays empty. */
function money(amount: number | undefined): number | undefined {
  return amount === undefined ? undefined : roundMoney(amount);
}

/** Column names; the currency goes into the names of the columns in the user's currency. */
export function itemsCsvHeader(currency: string): string[] {
  return [
    'id',
    'category',
    'subcategory_id',
    'subcategory',
    'status',
    'source',
    'brand',
    'date_created',
    'date_obtained',
    'date_archived',
    'price',
    'currency',
    `price_in_${currency}`,
    'sold_price',
    'sold_currency',
    `sold_price_in_${currency}`,
    'manual_times_worn',
    'scale',
    'colors',
    'times_worn',
    'times_worn_in_calendar',
    'last_worn',
    'days_in_closet',
    'wears_per_day',
    `cost_per_wear_in_${currency}`,
    'pairings',
    'outfits',
  ];
}

/** Oldest first, as the wardrobe lists them; ties by id so the order is stable. */
function byCreation(a: ClothingItem, b: ClothingItem): number {
  if (a.dateCreated !== b.dateCreated) return a.dateCreated < b.dateCreated ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The rows of the export (header first), each as a list of cells. Photos are left out: their links
 * are signed and stop working within a day, so a spreadsheet would keep only dead links.
 */
export function itemsCsvRows(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: StatsOptions = {},
): CsvCell[][] {
  const currency = settings.currency;
  const stats = computeItemStats(wardrobe, settings, now, options);
  const rows: CsvCell[][] = [itemsCsvHeader(currency)];
  const items = Object.values(wardrobe.clothes).sort(byCreation);
  for (const item of items) {
    const s = stats.get(item.id);
    rows.push([
      item.id,
      item.category,
      item.subCategoryId,
      subcategoryName(item, settings),
      item.status,
      item.source,
      item.brand,
      item.dateCreated,
      item.dateObtained,
      item.dateArchived,
      item.price,
      item.currency,
      money(itemPriceIn(item, currency, options.rates)),
      item.soldPrice,
      item.soldCurrency,
      money(itemSoldPriceIn(item, currency, options.rates)),
      item.manualTimesWorn,
      item.scale,
      // Names joined by spaces: one cell a spreadsheet filters on ("navy white"), main first.
      item.colors?.join(' '),
      s?.totalTimesWorn,
      s?.calTimesWorn,
      s?.lastWorn,
      s?.daysInCloset,
      s?.useFrequency === undefined ? undefined : Math.round(s.useFrequency * 1e4) / 1e4,
      money(s?.costPerWear),
      s?.numPairings,
      s?.numOutfits,
    ]);
  }
  return rows;
}

/**
 * The whole file. It starts with a UTF-8 byte order mark: Excel reads a CSV without one in the
 * machine's legacy code page and garbles every accented brand; other spreadsheets skip it.
 */
export function itemsCsv(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
  options: StatsOptions = {},
): string {
  return `\uFEFF${itemsCsvRows(wardrobe, settings, now, options).map(csvRow).join('')}`;
}

/** The download's file name, dated with the day it was made. */
export function itemsCsvFileName(day: string): string {
  return `hanger-items-${day}.csv`;
}
