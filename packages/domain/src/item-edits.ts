import type { Category } from './categories.js';
import { currencyDecimals, localeDecimalMark, roundTo } from './currency.js';
import { MAX_MONEY, MAX_TEXT, MAX_WEARS, textProblem } from './limits.js';
import type { ItemStatus } from './status.js';
import type { ClothingItem } from './types.js';
import type { EditableItemField } from './editable-fields.js';

/**
 * The rules behind the upload form and the clothing detail screen's edits: what a new item
 * needs (docs/spec.md §5), how typed amounts and counts are read, and what a status change or a
 * sale also changes. Screens call these; the server validates the same limits with its schemas.
 */

export type ItemEdits = Partial<Pick<ClothingItem, EditableItemField>>;

export type NewItemRequirement = 'image' | 'category' | 'status';

/** What the user is told for each missing requirement of a new item. */
export const NEW_ITEM_MISSING_MESSAGES: Record<NewItemRequirement, string> = {
  image: 'Add a photo of the item.',
  category: 'Choose a category.',
  status: 'Choose where the item goes.',
};

/** The requirements of docs/spec.md §5 a new item still misses, in form order. */
export function missingNewItemFields(input: {
  imageCount: number;
  category: Category | '' | undefined;
  status: ItemStatus | '' | undefined;
}): NewItemRequirement[] {
  const missing: NewItemRequirement[] = [];
  if (input.imageCount < 1) missing.push('image');
  if (!input.category) missing.push('category');
  if (!input.status) missing.push('status');
  return missing;
}

/** A typed value: `value` undefined means the field was left blank (cleared). */
export type ParsedInput<T> = { ok: true; value: T | undefined } | { ok: false; error: string };

/** What an amount is typed in: its currency (how many decimals it has) and the user's locale. */
export interface AmountContext {
  currency?: string;
  locale?: string;
}

const AMOUNT_EXAMPLE = 'Enter an amount such as 49.90.';

/**
 * An amount as people type it: "12", "12.5", "12,50", "1,299.00", "1.299,5" or "1 299,50".
 *
 * The last dot or comma is the decimal mark when digits other than a group of three follow it,
 * when the other mark comes before it ("1,299.00"), or when the number before it starts with 0
 * ("0.005"). One mark followed by exactly three digits ("1.234") is a thousands separator,
 * unless the currency has three decimals (KWD, BHD: 1.234) or it is the user's own decimal mark
 * ("19.999" in en is 19.999, in de 19,999 is; "1.234" in de is 1234). An amount may not have more
 * decimals than its currency (trailing zeros aside): "19.999" dollars is refused, not read as
 * 19,999. Amounts are rounded to the currency's decimals (cents without a currency); negative,
 * huge or unreadable amounts are refused.
 */
export function parseAmountInput(text: string, context: AmountContext = {}): ParsedInput<number> {
  const raw = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (raw === '') return { ok: true, value: undefined };
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(raw)) return { ok: false, error: AMOUNT_EXAMPLE };
  const decimals = context.currency ? currencyDecimals(context.currency) : 2;
  const at = Math.max(raw.lastIndexOf('.'), raw.lastIndexOf(','));
  let whole = raw;
  let fraction = '';
  if (at >= 0) {
    const mark = raw[at]!;
    const before = raw.slice(0, at);
    const after = raw.slice(at + 1);
    let isDecimal: boolean;
    if (before.includes(mark === '.' ? ',' : '.') || after.length !== 3) isDecimal = true;
    else if (before.includes(mark)) isDecimal = false;
    else if (before === '' || before.startsWith('0') || decimals >= 3) isDecimal = true;
    else isDecimal = context.locale !== undefined && localeDecimalMark(context.locale) === mark;
    if (isDecimal) {
      whole = before;
      fraction = after;
    }
  }
  if (/[^0]/.test(fraction.slice(decimals))) {
    return {
      ok: false,
      error:
        decimals === 0
          ? 'Enter a whole amount, such as 50.'
          : `Enter at most ${decimals} decimals, such as ${(49.9).toFixed(decimals)}.`,
    };
  }
  const amount = Number(`${whole.replace(/[.,]/g, '') || '0'}.${fraction || '0'}`);
  if (!Number.isFinite(amount)) return { ok: false, error: AMOUNT_EXAMPLE };
  if (amount > MAX_MONEY) return { ok: false, error: 'That amount is too large.' };
  return { ok: true, value: roundTo(amount, decimals) };
}

/** A count of wears: a whole number from 0; blank clears it. */
export function parseWearCountInput(text: string): ParsedInput<number> {
  const raw = text.trim();
  if (raw === '') return { ok: true, value: undefined };
  if (!/^\d+$/.test(raw)) return { ok: false, error: 'Enter a whole number of wears.' };
  const count = Number(raw);
  if (count > MAX_WEARS) return { ok: false, error: `Enter at most ${MAX_WEARS} wears.` };
  return { ok: true, value: count };
}

/**
 * Free text such as a brand: trimmed, blank clears it, at most MAX_TEXT characters, and text the
 * server can store (the rule of limits.ts textProblem, which the server's schemas apply too).
 */
export function parseTextInput(text: string): ParsedInput<string> {
  const value = text.trim();
  if (value === '') return { ok: true, value: undefined };
  if (value.length > MAX_TEXT) return { ok: false, error: `Use at most ${MAX_TEXT} characters.` };
  const problem = textProblem(value);
  if (problem) return { ok: false, error: `The text ${problem}.` };
  return { ok: true, value };
}

/**
 * The edits of a move to another status. Archiving stamps today as the archive date; leaving
 * the archive clears it, because a date archived on an item back in use would read as if it had
 * left again. Moving to the status it already has changes nothing.
 */
export function statusChangeEdits(
  item: ClothingItem,
  status: ItemStatus,
  today: string,
): ItemEdits {
  const current = item.status ?? 'clothes';
  if (current === status) return {};
  if (status === 'archived') return { status, dateArchived: today };
  return item.dateArchived === undefined ? { status } : { status, dateArchived: undefined };
}

/**
 * The edits of marking an item sold: the sale price in its currency, and the item leaves the
 * closet for the archive on that day (an item already archived keeps its archive date).
 */
export function soldEdits(
  item: ClothingItem,
  sale: { price: number; currency: string },
  today: string,
): ItemEdits {
  const edits: ItemEdits = { soldPrice: sale.price, soldCurrency: sale.currency };
  if (item.status !== 'archived') Object.assign(edits, { status: 'archived', dateArchived: today });
  else if (item.dateArchived === undefined) edits.dateArchived = today;
  return edits;
}

/** Edits of a category change: a subcategory belongs to its category, so it is cleared. */
export function categoryChangeEdits(item: ClothingItem, category: Category): ItemEdits {
  if (item.category === category) return {};
  return item.subCategoryId === undefined ? { category } : { category, subCategoryId: undefined };
}

/** Whether an item was marked sold. */
export function isSold(item: ClothingItem): boolean {
  return item.soldPrice !== undefined;
}

/**
 * Select many's status change (docs/select-many.md): the same edits for every item chosen. The
 * archive dates them today; any other status clears a date archived, as statusChangeEdits does
 * for one item.
 */
export function batchStatusEdits(status: ItemStatus, today: string): ItemEdits {
  return status === 'archived'
    ? { status, dateArchived: today }
    : { status, dateArchived: undefined };
}
