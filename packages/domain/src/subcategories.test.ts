import { describe, expect, it } from 'vitest';
import {
  addSubcategory,
  defaultSettings,
  hasSubcategory,
  itemsUsingSubcategory,
  removeSubcategory,
  renameSubcategory,
  subcategoryName,
} from './subcategories.js';
import { item } from './testing/fixtures.js';

describe('subcategory edits', () => {
  const base = addSubcategory(defaultSettings(), 'top', { id: 'tee', name: ' T-shirt ' });

  it('adds with a trimmed name, refusing blanks and duplicates', () => {
    expect(base.subcategories.top).toEqual([{ id: 'tee', name: 'T-shirt' }]);
    expect(addSubcategory(base, 'top', { id: 'x', name: 't-shirt' })).toBe(base);
    expect(addSubcategory(base, 'top', { id: 'x', name: '  ' })).toBe(base);
    expect(
      addSubcategory(base, 'shoes', { id: 'x', name: 'T-shirt' }).subcategories.shoes,
    ).toHaveLength(1);
  });

  it('renames and removes', () => {
    expect(renameSubcategory(base, 'top', 'tee', 'Tee').subcategories.top).toEqual([
      { id: 'tee', name: 'Tee' },
    ]);
    expect(renameSubcategory(base, 'top', 'nope', 'Tee')).toBe(base);
    expect(removeSubcategory(base, 'top', 'tee').subcategories.top).toEqual([]);
  });

  it('finds the items of that category whose subcategory must be emptied', () => {
    const clothes = {
      a: item('a', { category: 'top', subCategoryId: 'tee' }),
      b: item('b', { category: 'shoes', subCategoryId: 'tee' }),
      c: item('c', { category: 'top' }),
    };
    expect(itemsUsingSubcategory(clothes, 'top', 'tee')).toEqual(['a']);
    expect(subcategoryName(clothes.a, base)).toBe('T-shirt');
    expect(subcategoryName(clothes.c, base)).toBeUndefined();
  });

  it('knows a subcategory only under its own category, in either spelling of full body', () => {
    const dress = addSubcategory(base, 'full body', { id: 'maxi', name: 'Maxi dress' });
    expect(hasSubcategory(dress, 'top', 'tee')).toBe(true);
    expect(hasSubcategory(dress, 'shoes', 'tee')).toBe(false);
    expect(hasSubcategory(dress, 'top', 'nope')).toBe(false);
    expect(hasSubcategory(dress, 'full body', 'maxi')).toBe(true);
    expect(hasSubcategory(dress, 'full_body', 'maxi')).toBe(true);
    expect(hasSubcategory(removeSubcategory(dress, 'top', 'tee'), 'top', 'tee')).toBe(false);
  });

  it('starts from the defaults of docs/spec.md §3 with every category', () => {
    const s = defaultSettings();
    expect(s).toMatchObject({ locale: 'en', currency: 'USD', weekStart: 0, dataConsent: true });
    expect(Object.keys(s.subcategories)).toHaveLength(8);
  });
});
