import type { WardrobeData } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { joinWardrobe, splitWardrobe, WARDROBE_PART_SIZE } from './parse-protocol';

/** A wardrobe of n records in each map; the records are opaque to the split. */
function wardrobe(n: number): WardrobeData {
  const map = (prefix: string) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { id: `${prefix}${i}` }]),
    );
  return {
    clothes: map('c'),
    outfits: map('o'),
    calendar: map('2026-01-'),
  } as unknown as WardrobeData;
}

describe('the parse worker sending a wardrobe in parts', () => {
  it('sends no part larger than the part size, and the parts make the wardrobe again', () => {
    const data = wardrobe(450);
    const { parts, rest } = splitWardrobe(data);
    expect(parts.length).toBe(9);
    expect(Math.max(...parts.map((p) => p.entries.length))).toBeLessThanOrEqual(WARDROBE_PART_SIZE);
    expect(rest).toEqual({ clothes: {}, outfits: {}, calendar: {} });
    const joined = joinWardrobe(parts, rest);
    expect(joined).toEqual(data);
    // Keys keep their order (the order the grid's ties fall back on nowhere, but it costs nothing).
    expect(Object.keys(joined.clothes)).toEqual(Object.keys(data.clothes));
  });

  it('sends an empty wardrobe as its rest alone', () => {
    const { parts, rest } = splitWardrobe(wardrobe(0));
    expect(parts).toEqual([]);
    expect(joinWardrobe(parts, rest)).toEqual({ clothes: {}, outfits: {}, calendar: {} });
  });

  it('keeps ids named like Object.prototype members as plain records', () => {
    const data = {
      clothes: JSON.parse('{"constructor":{"id":"constructor"},"__proto__":{"id":"__proto__"}}'),
      outfits: {},
      calendar: {},
    };
    const { parts, rest } = splitWardrobe(data as unknown as WardrobeData, 1);
    const joined = joinWardrobe(parts, rest);
    expect(Object.hasOwn(joined.clothes, 'constructor')).toBe(true);
    expect(joined.clothes.constructor).toEqual({ id: 'constructor' });
    expect(Object.hasOwn(joined.clothes, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(joined.clothes)).toBe(Object.prototype);
  });
});
