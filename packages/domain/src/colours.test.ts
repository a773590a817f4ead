import { describe, expect, it } from 'vitest';
import {
  COLOUR_NAMES,
  coloursCaption,
  coloursFromText,
  coloursToText,
  colourSortValue,
  normaliseColours,
  type ColourName,
} from './colour-names.js';
import {
  FASHION_COLOUR_NAMES,
  colourNameOf,
  colourNamesOfPixels,
  frameColour,
  type PixelSample,
} from './colours.js';
import { filterItems, filterOutfits, hasActiveItemFilters, toggleColour } from './filtering.js';
import { itemUpdatesSchema, wireItemSchema } from './schemas.js';
import { sortCaption, sortItems } from './sorting.js';
import { defaultSettings } from './subcategories.js';
import { colourShares } from './wardrobe-stats.js';
import { decodeWardrobeColumns, encodeWardrobeColumns } from './wire-columns.js';
import type { ClothingItem, Outfit } from './types.js';

const settings = defaultSettings();

function item(id: string, colors?: ColourName[]): ClothingItem {
  return {
    id,
    image: `/m/${id}.webp`,
    category: 'top',
    dateCreated: '2024-01-01T00:00:00.000Z',
    ...(colors ? { colors } : {}),
  };
}

describe('colour names', () => {
  it('puts the in-between fashion colours where a person would', () => {
    // Decided in colours.ts: tan and camel are light browns, stone and greige warm light neutrals.
    const hex: Record<string, string> = {
      tan: '#d2b48c',
      camel: '#c19a6b',
      stone: '#c2b8a3',
      greige: '#bdb6a9',
      cream: '#f3e5c8',
      ecru: '#e4dcc5',
      ivory: '#fffff0',
      charcoal: '#36454f',
      burgundy: '#800020',
      olive: '#708238',
      denim: '#5b7fa6',
    };
    for (const [name, value] of Object.entries(hex)) {
      expect([name, colourNameOf(value)]).toEqual([name, FASHION_COLOUR_NAMES[name]]);
    }
  });

  it('keeps them there when a photo makes them a little lighter or darker', () => {
    const shift = (hex: string, by: number) => {
      const n = Number.parseInt(hex.slice(1), 16);
      const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) =>
        Math.max(0, Math.min(255, v + by)),
      );
      return colourNameOf(c[0]!, c[1]!, c[2]!);
    };
    for (const by of [-8, 8]) {
      expect(shift('#c19a6b', by)).toBe('brown'); // camel
      expect(shift('#c2b8a3', by)).toBe('beige'); // stone
      expect(shift('#bdb6a9', by)).toBe('beige'); // greige
    }
  });

  it('names the plain colours by their own names', () => {
    expect(colourNameOf('#000000')).toBe('black');
    expect(colourNameOf('#ffffff')).toBe('white');
    expect(colourNameOf('#808080')).toBe('grey');
    expect(colourNameOf('#1f2d4f')).toBe('navy');
    expect(colourNameOf('#3b73c4')).toBe('blue');
    expect(colourNameOf('#c62f2f')).toBe('red');
    expect(colourNameOf('#f4a7b9')).toBe('pink');
    expect(colourNameOf('#f57c00')).toBe('orange');
    expect(colourNameOf('#f2c230')).toBe('yellow');
    expect(colourNameOf('#2e7d32')).toBe('green');
    expect(colourNameOf('#7a4aa8')).toBe('purple');
    expect(colourNameOf('#5c3a21')).toBe('brown');
  });

  it('never finds metallic or multicolour by itself', () => {
    for (let r = 0; r < 256; r += 51)
      for (let g = 0; g < 256; g += 51)
        for (let b = 0; b < 256; b += 51)
          expect(['metallic', 'multicolour']).not.toContain(colourNameOf(r, g, b));
  });
});

/** A garment (a centred rectangle) of one colour on a background of another. */
function photo(garment: number[], background: number[], size = 64): PixelSample {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const inside = x > size * 0.25 && x < size * 0.75 && y > size * 0.2 && y < size * 0.85;
      data.set(inside ? garment : background, (y * size + x) * 3);
    }
  return { data, width: size, height: size, channels: 3 };
}

describe('colours of a photo', () => {
  it('takes the background from the frame and leaves it out', () => {
    const sample = photo([31, 45, 79], [240, 238, 232]);
    expect(frameColour(sample)).toEqual([240, 238, 232]);
    expect(colourNamesOfPixels(sample)).toEqual(['navy']);
  });

  it('names a white shirt on a white table from the middle of the photo', () => {
    expect(colourNamesOfPixels(photo([250, 250, 250], [245, 245, 245]))).toEqual(['white']);
  });

  it('reads a cut-out from its alpha, whatever the background', () => {
    const sample = photo([198, 47, 47], [198, 47, 47]);
    const alpha = new Uint8Array(64 * 64);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 32; x++) alpha[y * 64 + x] = 255;
    // Same colour everywhere: the mask alone says where the garment is.
    expect(colourNamesOfPixels({ ...sample, alpha })).toEqual(['red']);
  });

  it('gives up to three colours, the largest first, and leaves out specks', () => {
    const size = 64;
    const sample = photo([31, 45, 79], [255, 255, 255], size);
    // A white stripe across a third of the garment, and a few red pixels.
    for (let y = 30; y < 40; y++)
      for (let x = 17; x < 48; x++) sample.data.set([247, 247, 245], (y * size + x) * 3);
    sample.data.set([198, 47, 47], (50 * size + 30) * 3);
    const alpha = new Uint8Array(size * size);
    for (let y = 14; y < 54; y++) for (let x = 17; x < 48; x++) alpha[y * size + x] = 255;
    expect(colourNamesOfPixels({ ...sample, alpha })).toEqual(['navy', 'white']);
  });
});

describe('lists of colours', () => {
  it('stores known names once each, at most three, main first', () => {
    expect(normaliseColours(['navy', 'teal', 'navy', 'white', 'red', 'black'])).toEqual([
      'navy',
      'white',
      'red',
    ]);
    expect(coloursToText(['navy', 'white'])).toBe('navy,white');
    expect(coloursToText([])).toBeNull();
    expect(coloursFromText('navy,white')).toEqual(['navy', 'white']);
    expect(coloursFromText(null)).toEqual([]);
  });

  it('refuses an unknown name in an update, naming the palette', () => {
    const bad = itemUpdatesSchema.safeParse({ colors: ['navy', 'teal'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/Unknown colour "teal": the colours are red, /);
    expect(itemUpdatesSchema.safeParse({ colors: ['a', 'b', 'c', 'd'] }).success).toBe(false);
    expect(itemUpdatesSchema.safeParse({ colors: ['red', 'red'] }).success).toBe(false);
    expect(itemUpdatesSchema.parse({ colors: [] })).toEqual({ colors: [] });
    expect(itemUpdatesSchema.parse({ colors: '' })).toEqual({ colors: null });
    expect(wireItemSchema.shape.colors).toBeDefined();
  });
});

describe('colour filter', () => {
  const items = [item('a', ['navy', 'white']), item('b', ['red']), item('c')];

  it('keeps items with any of the chosen colours, main or not', () => {
    expect(filterItems(items, { colours: ['white'] }).map((i) => i.id)).toEqual(['a']);
    expect(filterItems(items, { colours: ['white', 'red'] }).map((i) => i.id)).toEqual(['a', 'b']);
    expect(filterItems(items, { colours: [] }).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('marks the filters active (the red dot) only when a colour is chosen', () => {
    expect(hasActiveItemFilters({ colours: [] })).toBe(false);
    expect(hasActiveItemFilters({ colours: ['navy'] })).toBe(true);
    expect(toggleColour(['navy'], 'navy')).toEqual([]);
    expect(toggleColour(undefined, 'navy')).toEqual(['navy']);
  });

  it('keeps outfits that hold a piece of a chosen colour', () => {
    const clothes = Object.fromEntries(items.map((i) => [i.id, i]));
    const outfit = (id: string, pieces: string[]): Outfit => ({
      id,
      image: '',
      dateCreated: '2024-01-01T00:00:00.000Z',
      canvasData: pieces.map((clothingId) => ({ clothingId, x: 0, y: 0, scale: 1, rotation: 0 })),
    });
    const outfits = [outfit('o1', ['a', 'c']), outfit('o2', ['b']), outfit('o3', ['c'])];
    const kept = filterOutfits(outfits, { colours: ['white'] }, new Map(), new Set(), clothes);
    expect(kept.map((o) => o.id)).toEqual(['o1']);
  });
});

describe('colour sort', () => {
  it('goes round the hue circle, lighter first, neutrals light to dark, none last', () => {
    const items = [
      item('1', ['black']),
      item('2', ['navy']),
      item('3'),
      item('4', ['red']),
      item('5', ['blue']),
      item('6', ['white']),
      item('7', ['red', 'white']),
      item('8', ['green']),
    ];
    const asc = sortItems(items, 'Colour', 'asc', new Map(), { settings }).map((i) => i.id);
    expect(asc).toEqual(['4', '7', '8', '5', '2', '6', '1', '3']);
    const desc = sortItems(items, 'Colour', 'desc', new Map(), { settings }).map((i) => i.id);
    expect(desc.at(-1)).toBe('3');
    expect(colourSortValue(undefined)).toBeUndefined();
    expect(COLOUR_NAMES.indexOf('blue')).toBeLessThan(COLOUR_NAMES.indexOf('navy'));
  });

  it('captions a tile with its colours', () => {
    expect(sortCaption('Colour', item('a', ['navy', 'white']), undefined, { settings })).toBe(
      'Navy · White',
    );
    expect(sortCaption('Colour', item('b'), undefined, { settings })).toBe('—');
    expect(coloursCaption([])).toBeUndefined();
  });
});

describe('colour shares', () => {
  it('shares items and wears by main colour, leaving out pieces without colours', () => {
    const shares = colourShares([
      { colors: ['navy', 'white'], weight: 3 },
      { colors: ['white'], weight: 1 },
      { colors: undefined, weight: 5 },
      { colors: ['red'], weight: 0 },
    ]);
    expect(shares).toEqual([
      { colour: 'navy', label: 'navy', count: 3, percent: 75 },
      { colour: 'white', label: 'white', count: 1, percent: 25 },
    ]);
    expect(colourShares([])).toEqual([]);
  });
});

describe('colours in the wardrobe columns', () => {
  it('round-trips lists, empty lists and absence', () => {
    const base = {
      image: '/x',
      category: 'top' as const,
      date_created: '2024-01-01T00:00:00.000Z',
    };
    const wardrobe = {
      clothes: {
        a: { id: 'a', ...base, colors: ['navy' as const, 'white' as const] },
        b: { id: 'b', ...base, colors: ['navy' as const, 'white' as const] },
        c: { id: 'c', ...base },
        d: { id: 'd', ...base, colors: [] },
      },
      outfits: {},
      calendar: {},
    };
    const columns = encodeWardrobeColumns(wardrobe);
    expect(columns.clothes.colors?.d).toEqual(['navy,white', '']);
    expect(decodeWardrobeColumns(JSON.parse(JSON.stringify(columns)))).toEqual(wardrobe);
  });
});
