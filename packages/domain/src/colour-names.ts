/**
 * The palette of item colours (README, "Colours") and what needs nothing but the names: the
 * stored form, the Colour sort and captions. Apart from colours.ts (which brings culori for
 * naming measured colours), so that the first-view worker's sort module stays small.
 */

/** The palette, in the order the app lists it (hue order, then lightness: see COLOUR_SORT_RANK). */
export const COLOUR_NAMES = [
  'red',
  'pink',
  'orange',
  'brown',
  'beige',
  'yellow',
  'green',
  'blue',
  'navy',
  'purple',
  'white',
  'grey',
  'black',
  'metallic',
  'multicolour',
] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/** An item has at most this many colours, the main one first. */
export const MAX_ITEM_COLOURS = 3;

export function isColourName(value: unknown): value is ColourName {
  return typeof value === 'string' && (COLOUR_NAMES as readonly string[]).includes(value);
}

/**
 * The swatch the app draws for each name (a CSS colour). Metallic and multicolour are patterns,
 * not one colour: a gradient each.
 */
export const COLOUR_SWATCHES: Record<ColourName, string> = {
  red: '#c62f2f',
  pink: '#ec8fb0',
  orange: '#ee7a28',
  brown: '#7b5233',
  beige: '#d9c7a7',
  yellow: '#f2c230',
  green: '#3f8a4a',
  blue: '#3b73c4',
  navy: '#1f2d4f',
  purple: '#7a4aa8',
  white: '#f7f7f5',
  grey: '#8c8c8c',
  black: '#1a1a1a',
  metallic: 'linear-gradient(135deg, #8d8d8d 0%, #f1f1f1 45%, #c9a94d 55%, #f3e3a6 100%)',
  multicolour:
    'conic-gradient(#c62f2f, #ee7a28, #f2c230, #3f8a4a, #3b73c4, #7a4aa8, #ec8fb0, #c62f2f)',
};

// Lists of colours ------------------------------------------------------------------------------

/**
 * A list as an item stores it: known names only, each once, at most MAX_ITEM_COLOURS, in the
 * order given (the main one first).
 */
export function normaliseColours(list: readonly unknown[]): ColourName[] {
  const out: ColourName[] = [];
  for (const value of list) {
    if (isColourName(value) && !out.includes(value)) out.push(value);
    if (out.length === MAX_ITEM_COLOURS) break;
  }
  return out;
}

/** The stored form of an item's colours: names joined by commas (null for none). */
export function coloursToText(list: readonly ColourName[] | null | undefined): string | null {
  return list && list.length > 0 ? list.join(',') : null;
}

/** Stored colours read back; unknown names (none are ever stored) are left out. */
export function coloursFromText(text: string | null | undefined): ColourName[] {
  return text ? normaliseColours(text.split(',')) : [];
}

/** Whether a user-chosen value or an automatic one: a user's choice is never replaced. */
export type ColoursSource = 'auto' | 'user';

// Sort ------------------------------------------------------------------------------------------

/**
 * Each name's place in the Colour sort: the palette's order, which goes round the hue circle
 * (reds, pinks, oranges, browns, beiges, yellows, greens, blues, purples) with the lighter name
 * of one hue first (blue before navy), then the neutrals from light to dark, then the two
 * patterns.
 */
export const COLOUR_SORT_RANK: Readonly<Record<ColourName, number>> = Object.fromEntries(
  COLOUR_NAMES.map((name, i) => [name, i]),
) as Record<ColourName, number>;

/**
 * An item's Colour sort value: its main colour's rank, then its second colour's as a fraction
 * (an item of one colour before one that adds others); undefined without colours (sorts last).
 */
export function colourSortValue(colours: readonly ColourName[] | undefined): number | undefined {
  const main = colours?.[0];
  if (main === undefined) return undefined;
  const second = colours?.[1];
  return COLOUR_SORT_RANK[main] + (second === undefined ? 0 : (COLOUR_SORT_RANK[second] + 1) / 100);
}

/** A colour name as the app shows it ("Navy", "Multicolour"). */
export function colourLabel(name: ColourName): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** An item's colours as a tile caption: "Navy · White". */
export function coloursCaption(colours: readonly ColourName[] | undefined): string | undefined {
  return colours && colours.length > 0 ? colours.map(colourLabel).join(' · ') : undefined;
}

/** The query of /items that opens the Items screen filtered to one colour (`/items?colour=navy`). */
export const ITEMS_COLOUR_QUERY = 'colour';

/** The Items screen filtered to one colour (the stats colour chart links it). */
export function itemsOfColourPath(colour: ColourName): string {
  return `/items?${ITEMS_COLOUR_QUERY}=${colour}`;
}
