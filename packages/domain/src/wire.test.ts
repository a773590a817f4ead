import { describe, expect, it } from 'vitest';
import { camelToSnake, snakeToCamel, toCamel, toSnake, withoutNulls } from './wire.js';

describe('key case conversion', () => {
  it('converts field names both ways', () => {
    expect(snakeToCamel('sub_category_id')).toBe('subCategoryId');
    expect(camelToSnake('convertedSoldPrice')).toBe('converted_sold_price');
    expect(snakeToCamel('photo_url')).toBe('photoURL');
    expect(camelToSnake('photoURL')).toBe('photo_url');
  });

  it('never converts values or the keys of id-keyed maps', () => {
    const wire = {
      clothes: { item_one: { date_created: 'keep_me', sub_category_id: 'sub_id' } },
      calendar: { '2024-02-29': { display_item: 'item_one', clothes: ['item_one'] } },
      subcategories: { full_body: [{ id: 'a_b', name: 'x_y' }] },
    };
    expect(toCamel(wire)).toEqual({
      clothes: { item_one: { dateCreated: 'keep_me', subCategoryId: 'sub_id' } },
      calendar: { '2024-02-29': { displayItem: 'item_one', clothes: ['item_one'] } },
      subcategories: { full_body: [{ id: 'a_b', name: 'x_y' }] },
    });
    expect(toSnake(toCamel(wire))).toEqual(wire);
  });

  it('converts keys inside arrays', () => {
    expect(toCamel({ canvas_data: [{ clothing_id: 'a' }] })).toEqual({
      canvasData: [{ clothingId: 'a' }],
    });
  });
});

describe('answers', () => {
  it('remove null fields', () => {
    expect(withoutNulls({ a: 1, b: null, c: 0, d: '' })).toEqual({ a: 1, c: 0, d: '' });
  });
});
