/** Clothing categories in their display and sort order (docs/spec.md §3). */
export const CATEGORIES = [
  'top',
  'bottom',
  'full body',
  'outerwear',
  'shoes',
  'bag',
  'accessory',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** A category as the server keys it: only 'full body' differs on the wire. */
type ToWire<C> = C extends 'full body' ? 'full_body' : C;
export type WireCategory = ToWire<Category>;

export function categoryToWire<C extends Category>(category: C): ToWire<C> {
  return (category === 'full body' ? 'full_body' : category) as ToWire<C>;
}

/** The categories as the server keys them, in the same order. */
export const WIRE_CATEGORIES = CATEGORIES.map(categoryToWire) as unknown as ToWireAll<
  typeof CATEGORIES
>;
type ToWireAll<T extends readonly string[]> = { readonly [K in keyof T]: ToWire<T[K]> };

export function categoryFromWire(category: WireCategory | Category): Category {
  return category === 'full_body' ? 'full body' : category;
}

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

export function isWireCategory(value: unknown): value is WireCategory {
  return typeof value === 'string' && (WIRE_CATEGORIES as readonly string[]).includes(value);
}

/** Position of a category in the canonical order; unknown values sort last. */
export function categoryIndex(category: string | undefined): number {
  const i = CATEGORIES.indexOf(categoryFromWire((category ?? '') as Category));
  return i === -1 ? CATEGORIES.length : i;
}

export const SOURCES = ['bought new', 'preloved', 'gifted', 'self made'] as const;
export type Source = (typeof SOURCES)[number];
/** Label for an item whose source is absent (docs/spec.md §3). */
export const SOURCE_NOT_SPECIFIED = 'not specified';

export function sourceLabel(source: string | undefined | null): string {
  return source ? source : SOURCE_NOT_SPECIFIED;
}
