import { describe, expect, it } from 'vitest';
import {
  batchStatusEdits,
  categoryChangeEdits,
  isSold,
  missingNewItemFields,
  parseAmountInput,
  parseTextInput,
  parseWearCountInput,
  soldEdits,
  statusChangeEdits,
} from './item-edits.js';
import { selectionRange } from './selection-range.js';
import { item } from './testing/fixtures.js';

describe('missingNewItemFields', () => {
  it('names every requirement of docs/spec.md §5 that is missing, in form order', () => {
    expect(missingNewItemFields({ imageCount: 0, category: '', status: '' })).toEqual([
      'image',
      'category',
      'status',
    ]);
    expect(missingNewItemFields({ imageCount: 2, category: 'top', status: undefined })).toEqual([
      'status',
    ]);
    expect(missingNewItemFields({ imageCount: 1, category: 'shoes', status: 'wishlist' })).toEqual(
      [],
    );
  });
});

describe('parseAmountInput', () => {
  it.each([
    ['49.90', 49.9],
    ['12,50', 12.5],
    ['1,299.00', 1299],
    ['1.299,5', 1299.5],
    ['1 299,50', 1299.5],
    ['1299', 1299],
    ['.5', 0.5],
    ['0', 0],
    ['10.005', 10005],
    ['19.999', 19999],
  ])('reads %s as %d', (text, value) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, value });
  });

  it('rounds to cents and treats blank as cleared', () => {
    expect(parseAmountInput('  ')).toEqual({ ok: true, value: undefined });
    expect(parseAmountInput('0,1')).toEqual({ ok: true, value: 0.1 });
  });

  it.each(['-5', 'abc', '12€', '1e5', '2000000000'])('refuses %s', (text) => {
    expect(parseAmountInput(text).ok).toBe(false);
  });

  describe('in a currency and a locale', () => {
    it.each([
      // Three decimals: a currency that has them, or the user's own decimal mark.
      ['1.234', 'BHD', 'en', 1.234],
      ['0,005', 'KWD', 'de', 0.005],
      ['1.234,567', 'KWD', 'de', 1234.567],
      // A group of three after the locale's thousands separator is a thousands group.
      ['1.234', 'EUR', 'de', 1234],
      ['1,234', 'USD', 'en', 1234],
      ['1.234.567', 'USD', 'en', 1234567],
      // Trailing zeros past the currency's decimals change nothing.
      ['19.990', 'USD', 'en', 19.99],
      ['1200.00', 'JPY', 'en', 1200],
      ['1.500', 'JPY', 'de', 1500],
      ['12,5', 'EUR', 'fr', 12.5],
    ])('reads %s %s (%s) as %d', (text, currency, locale, value) => {
      expect(parseAmountInput(text, { currency, locale })).toEqual({ ok: true, value });
    });

    it.each([
      ['19.999', 'USD', 'en', 'Enter at most 2 decimals, such as 49.90.'],
      ['19,999', 'EUR', 'de', 'Enter at most 2 decimals, such as 49.90.'],
      ['0.001', 'USD', 'en', 'Enter at most 2 decimals, such as 49.90.'],
      ['1.2345', 'EUR', 'en', 'Enter at most 2 decimals, such as 49.90.'],
      ['0.0005', 'KWD', 'en', 'Enter at most 3 decimals, such as 49.900.'],
      ['12.5', 'JPY', 'en', 'Enter a whole amount, such as 50.'],
    ])(
      'refuses %s %s (%s) instead of reading it as another amount',
      (text, currency, locale, error) => {
        expect(parseAmountInput(text, { currency, locale })).toEqual({ ok: false, error });
      },
    );
  });
});

describe('parseWearCountInput and parseTextInput', () => {
  it('accepts whole counts only', () => {
    expect(parseWearCountInput(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(parseWearCountInput('')).toEqual({ ok: true, value: undefined });
    expect(parseWearCountInput('2.5').ok).toBe(false);
    expect(parseWearCountInput('-1').ok).toBe(false);
    expect(parseWearCountInput('100001').ok).toBe(false);
  });

  it('trims text, clears blanks and refuses over-long text', () => {
    expect(parseTextInput('  Uniqlo ')).toEqual({ ok: true, value: 'Uniqlo' });
    expect(parseTextInput('   ')).toEqual({ ok: true, value: undefined });
    expect(parseTextInput('x'.repeat(201)).ok).toBe(false);
  });
});

describe('statusChangeEdits', () => {
  const today = '2025-03-10';

  it('stamps the archive date when archiving', () => {
    expect(statusChangeEdits(item('a'), 'archived', today)).toEqual({
      status: 'archived',
      dateArchived: today,
    });
  });

  it('clears the archive date when an item leaves the archive', () => {
    const archived = item('a', { status: 'archived', dateArchived: '2025-01-01' });
    const edits = statusChangeEdits(archived, 'clothes', today);
    expect(edits).toEqual({ status: 'clothes', dateArchived: undefined });
    expect('dateArchived' in edits).toBe(true);
  });

  it('moves between closet, wishlist and loaned without touching dates', () => {
    expect(statusChangeEdits(item('a', { status: 'wishlist' }), 'loaned', today)).toEqual({
      status: 'loaned',
    });
  });

  it('changes nothing when the status is the same (a missing status is the closet)', () => {
    expect(statusChangeEdits(item('a'), 'clothes', today)).toEqual({});
  });
});

describe('soldEdits', () => {
  it('records the sale and archives the item that day', () => {
    const edits = soldEdits(item('a'), { price: 20, currency: 'EUR' }, '2025-03-10');
    expect(edits).toEqual({
      soldPrice: 20,
      soldCurrency: 'EUR',
      status: 'archived',
      dateArchived: '2025-03-10',
    });
    expect(isSold({ ...item('a'), ...edits })).toBe(true);
    expect(isSold(item('a'))).toBe(false);
  });

  it('keeps the archive date of an item already archived', () => {
    const archived = item('a', { status: 'archived', dateArchived: '2024-12-01' });
    expect(soldEdits(archived, { price: 5, currency: 'USD' }, '2025-03-10')).toEqual({
      soldPrice: 5,
      soldCurrency: 'USD',
    });
  });
});

describe('categoryChangeEdits', () => {
  it('clears the subcategory, which belongs to the old category', () => {
    expect(categoryChangeEdits(item('a', { subCategoryId: 'tee' }), 'bottom')).toEqual({
      category: 'bottom',
      subCategoryId: undefined,
    });
    expect(categoryChangeEdits(item('a'), 'bottom')).toEqual({ category: 'bottom' });
    expect(categoryChangeEdits(item('a'), 'top')).toEqual({});
  });
});

describe('batchStatusEdits', () => {
  it('dates the archive today and clears the date for any other status', () => {
    expect(batchStatusEdits('archived', '2025-04-01')).toEqual({
      status: 'archived',
      dateArchived: '2025-04-01',
    });
    expect(batchStatusEdits('wishlist', '2025-04-01')).toEqual({
      status: 'wishlist',
      dateArchived: undefined,
    });
  });
});

describe('selectionRange', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('takes everything between the anchor and the target, either way round', () => {
    expect(selectionRange(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(selectionRange(order, 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(selectionRange(order, 'c', 'c')).toEqual(['c']);
  });
  it('takes only the target without an anchor on screen', () => {
    expect(selectionRange(order, undefined, 'c')).toEqual(['c']);
    expect(selectionRange(order, 'gone', 'c')).toEqual(['c']);
  });
});
