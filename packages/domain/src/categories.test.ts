import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  categoryFromWire,
  categoryIndex,
  categoryToWire,
  isCategory,
  isWireCategory,
  sourceLabel,
  WIRE_CATEGORIES,
} from './categories.js';

describe('categories', () => {
  it('are in the order of docs/spec.md §3', () => {
    expect(CATEGORIES).toEqual([
      'top',
      'bottom',
      'full body',
      'outerwear',
      'shoes',
      'bag',
      'accessory',
      'other',
    ]);
  });

  it("key 'full body' as full_body on the wire and back", () => {
    expect(categoryToWire('full body')).toBe('full_body');
    expect(categoryFromWire('full_body')).toBe('full body');
    for (const c of CATEGORIES) expect(categoryFromWire(categoryToWire(c))).toBe(c);
    expect(WIRE_CATEGORIES.map(categoryFromWire)).toEqual([...CATEGORIES]);
  });

  it('tell app and wire spellings apart', () => {
    expect(isCategory('full body')).toBe(true);
    expect(isCategory('full_body')).toBe(false);
    expect(isWireCategory('full_body')).toBe(true);
    expect(isWireCategory('full body')).toBe(false);
  });

  it('index either spelling, unknown values last', () => {
    expect(categoryIndex('full body')).toBe(2);
    expect(categoryIndex('full_body')).toBe(2);
    expect(categoryIndex('hats')).toBe(8);
    expect(categoryIndex(undefined)).toBe(8);
  });
});

describe('sources', () => {
  it("show an absent source as 'not specified'", () => {
    expect(sourceLabel(undefined)).toBe('not specified');
    expect(sourceLabel('')).toBe('not specified');
    expect(sourceLabel('preloved')).toBe('preloved');
  });
});
