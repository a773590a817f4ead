import { describe, expect, it } from 'vitest';
import { addSubcategory, defaultSettings, renameSubcategory } from './subcategories.js';
import {
  duplicateSubcategoryMessage,
  subcategoryListProblems,
  subcategoryNameKey,
} from './subcategory-names.js';

describe('subcategory names', () => {
  it('compare trimmed and ignoring case', () => {
    expect(subcategoryNameKey(' Sneakers ')).toBe(subcategoryNameKey('sneakers'));
    expect(subcategoryNameKey('Sneakers')).not.toBe(subcategoryNameKey('Sneaker'));
  });

  it('say which category already has the name, in the app’s spelling', () => {
    expect(duplicateSubcategoryMessage(' sneakers ', 'shoes')).toBe(
      '“sneakers” is already a subcategory of shoes.',
    );
    expect(duplicateSubcategoryMessage('Dress', 'full_body')).toBe(
      '“Dress” is already a subcategory of full body.',
    );
  });

  it('find the entries of a list that repeat an id or a name, and nothing in a clean list', () => {
    expect(
      subcategoryListProblems(
        [
          { id: 'a', name: 'Sneakers' },
          { id: 'b', name: 'Boots' },
          { id: 'a', name: 'SNEAKERS' },
        ],
        'shoes',
      ),
    ).toEqual([
      { index: 2, field: 'id', message: 'Two subcategories of shoes have the id "a"' },
      { index: 2, field: 'name', message: '“SNEAKERS” is already a subcategory of shoes.' },
    ]);
    expect(
      subcategoryListProblems(
        [
          { id: 'a', name: 'Sneakers' },
          { id: 'b', name: 'Boots' },
        ],
        'shoes',
      ),
    ).toEqual([]);
  });

  it('are the rule the profile’s edits apply', () => {
    const settings = addSubcategory(defaultSettings(), 'shoes', { id: 'a', name: 'Sneakers' });
    const withBoots = addSubcategory(settings, 'shoes', { id: 'b', name: 'Boots' });
    expect(addSubcategory(settings, 'shoes', { id: 'c', name: ' sneakers ' })).toBe(settings);
    expect(renameSubcategory(withBoots, 'shoes', 'b', 'SNEAKERS')).toBe(withBoots);
    const lists = [...withBoots.subcategories.shoes, { id: 'c', name: ' sneakers ' }];
    expect(subcategoryListProblems(lists, 'shoes').map((p) => p.field)).toEqual(['name']);
  });
});
