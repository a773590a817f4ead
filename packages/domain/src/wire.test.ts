import { describe, expect, it } from 'vitest';
import { camelToSnake, toSnake, withoutNulls } from './wire.js';

describe('key case conversion', () => {
  it('converts field names', () => {
    expect(camelToSnake('convertedSoldPrice')).toBe('converted_sold_price');
    expect(camelToSnake('photoURL')).toBe('photo_url');
  });

  it('never converts values or the keys of id-keyed maps', () => {
    const app = {
      clothes: { itemOne: { dateCreated: 'keepMe', subCategoryId: 'subId' } },
      calendar: { '2024-02-29': { displayItem: 'itemOne', clothes: ['itemOne'] } },
      subcategories: { top: [{ id: 'aB', name: 'xY' }] },
    };
    expect(toSnake(app)).toEqual({
      clothes: { itemOne: { date_created: 'keepMe', sub_category_id: 'subId' } },
      calendar: { '2024-02-29': { display_item: 'itemOne', clothes: ['itemOne'] } },
      subcategories: { top: [{ id: 'aB', name: 'xY' }] },
    });
  });

  it('converts keys inside arrays', () => {
    expect(toSnake({ canvasData: [{ clothingId: 'a' }] })).toEqual({
      canvas_data: [{ clothing_id: 'a' }],
    });
  });
});

describe('answers', () => {
  it('remove null fields', () => {
    expect(withoutNulls({ a: 1, b: null, c: 0, d: '' })).toEqual({ a: 1, c: 0, d: '' });
  });
});
