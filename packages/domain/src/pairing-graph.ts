import { categoryIndex, type Category } from './categories.js';
import { itemStatus } from './status.js';
import type { ClothingItem, WardrobeData } from './types.js';

/**
 * The graph view (docs/design.md): items are nodes, and two items share an edge weighted by how
 * many outfits pair them. Only items that still exist and appear in some outfit are nodes.
 */
export interface PairingEdge {
  source: string;
  target: string;
  /** Outfits that hold both items. */
  weight: number;
}

export interface PairingGraph {
  nodes: string[];
  edges: PairingEdge[];
}

/**
 * Nodes and weighted edges from every outfit's distinct items. `include` narrows which items
 * count (an outfit's other items still pair with each other); by default every existing item.
 */
export function pairingGraph(
  wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>,
  include: (item: ClothingItem) => boolean = () => true,
): PairingGraph {
  const weights = new Map<string, PairingEdge>();
  const nodes = new Set<string>();
  for (const outfit of Object.values(wardrobe.outfits)) {
    const ids = [...new Set(outfit.canvasData.map((e) => e.clothingId))]
      .filter((id) => {
        const item = wardrobe.clothes[id];
        return item !== undefined && include(item);
      })
      .sort();
    for (const id of ids) nodes.add(id);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const source = ids[i]!;
        const target = ids[j]!;
        const key = pairKey(source, target);
        const edge = weights.get(key);
        if (edge) edge.weight += 1;
        else weights.set(key, { source, target, weight: 1 });
      }
    }
  }
  return { nodes: [...nodes].sort(), edges: [...weights.values()] };
}

/** What the graph screen draws: the wardrobe's pairings, and the pieces that have none yet. */
export interface WardrobeGraph {
  /** Items that pair with at least one other item, sorted by id. */
  paired: string[];
  /** Items in the closet that pair with nothing yet, in category order, then by id. */
  unpaired: string[];
  edges: PairingEdge[];
}

/**
 * The wardrobe's pairing graph as the graph screen shows it. Wishlist pieces are left out, as
 * the stats leave them out: the graph is about what the user owns, so its pairings are the
 * stats screen's "total pairings". An item whose only outfits hold nothing else is unpaired.
 * Unpaired items are those in the closet; archived and loaned pieces show only through pairings.
 */
export function wardrobeGraph(wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>): WardrobeGraph {
  const { edges } = pairingGraph(wardrobe, (item) => item.status !== 'wishlist');
  const linked = new Set<string>();
  for (const e of edges) {
    linked.add(e.source);
    linked.add(e.target);
  }
  const unpaired = Object.values(wardrobe.clothes)
    .filter((item) => itemStatus(item.status) === 'clothes' && !linked.has(item.id))
    .sort((a, b) => categoryIndex(a.category) - categoryIndex(b.category) || compareIds(a.id, b.id))
    .map((item) => item.id);
  return { paired: [...linked].sort(compareIds), unpaired, edges };
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** One partner of an item and how many outfits pair them. */
export interface Pairing {
  id: string;
  weight: number;
}

const byWeightThenId = (a: Pairing, b: Pairing) => b.weight - a.weight || compareIds(a.id, b.id);

/** Every item's partners, strongest first (ties by id). Items without edges are absent. */
export function pairingsByItem(edges: readonly PairingEdge[]): Map<string, Pairing[]> {
  const out = new Map<string, Pairing[]>();
  const add = (from: string, id: string, weight: number) => {
    const list = out.get(from);
    if (list) list.push({ id, weight });
    else out.set(from, [{ id, weight }]);
  };
  for (const e of edges) {
    add(e.source, e.target, e.weight);
    add(e.target, e.source, e.weight);
  }
  for (const list of out.values()) list.sort(byWeightThenId);
  return out;
}

/** How many outfit pairings an item takes part in: the sum of its edges' weights. */
export function pairingStrength(pairings: readonly Pairing[] | undefined): number {
  let sum = 0;
  for (const p of pairings ?? []) sum += p.weight;
  return sum;
}

/** The key of the pair of two items, whichever is named first. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/**
 * The days every one of several ascending lists of distinct day keys holds: the days a set of
 * pieces was worn together (each list one piece's `WearIndex.itemDays`), ascending.
 */
export function daysInCommon(lists: readonly (readonly string[])[]): string[] {
  if (lists.length === 0) return [];
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let common: string[] = [...sorted[0]!];
  for (let k = 1; k < sorted.length && common.length > 0; k++) {
    const other = sorted[k]!;
    const next: string[] = [];
    let j = 0;
    for (const day of common) {
      while (j < other.length && other[j]! < day) j += 1;
      if (j < other.length && other[j] === day) next.push(day);
    }
    common = next;
  }
  return common;
}

/** How many days two ascending lists of distinct day keys have in common. */
export function sharedDays(a: readonly string[], b: readonly string[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      n += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return n;
}

/**
 * The days each pair was worn together: the days both pieces were worn, as the stats count a
 * wear (`WearIndex.itemDays`: calendar days up to today by the wear-day rule, each day once,
 * whether a piece was logged by itself or in an outfit). An outfit only planned for a day still
 * to come pairs its pieces but adds no day. Keyed by pairKey; pairs never worn together are
 * absent (0).
 */
export function daysWornTogether(
  edges: readonly PairingEdge[],
  itemDays: ReadonlyMap<string, readonly string[]>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of edges) {
    const a = itemDays.get(e.source);
    const b = itemDays.get(e.target);
    if (!a || !b) continue;
    const n = sharedDays(a, b);
    if (n > 0) out.set(pairKey(e.source, e.target), n);
  }
  return out;
}

/** A pair of the graph with the days its two pieces were worn together. */
export interface RankedPair extends PairingEdge {
  daysTogether: number;
}

/**
 * The pairs worn together most first: by the days worn together (daysWornTogether), then by the
 * outfits that hold both (the edge's weight), then by the pair's ids, so that every pair has
 * one place whatever the order of `edges`.
 */
export function rankPairs(
  edges: readonly PairingEdge[],
  together: ReadonlyMap<string, number>,
): RankedPair[] {
  return edges
    .map((e) => ({ ...e, daysTogether: together.get(pairKey(e.source, e.target)) ?? 0 }))
    .sort(
      (a, b) =>
        b.daysTogether - a.daysTogether ||
        b.weight - a.weight ||
        compareIds(a.source, b.source) ||
        compareIds(a.target, b.target),
    );
}

/** One partner of an item, with the days the two were worn together. */
export interface RankedPartner extends Pairing {
  daysTogether: number;
}

/**
 * An item's partners (pairingsByItem), worn with it most first: its pairs in rankPairs' order,
 * by the days worn together, then the outfits shared, then the partner's id. What the item's
 * "Worn most with" lists, by the rule of the graph's Top pairings.
 */
export function rankPartners(
  id: string,
  pairings: readonly Pairing[] | undefined,
  together: ReadonlyMap<string, number>,
): RankedPartner[] {
  // Every pair starts at the item, so rankPairs' last tie-break is the partner's id.
  const pairs = (pairings ?? []).map((p) => ({ source: id, target: p.id, weight: p.weight }));
  return rankPairs(pairs, together).map((p) => ({
    id: p.target,
    weight: p.weight,
    daysTogether: p.daysTogether,
  }));
}

/** The categories present among `ids`, in the canonical category order. */
export function graphCategories(
  ids: Iterable<string>,
  categoryOf: (id: string) => Category | undefined,
): Category[] {
  const present = new Set<Category>();
  for (const id of ids) {
    const c = categoryOf(id);
    if (c) present.add(c);
  }
  return [...present].sort((a, b) => categoryIndex(a) - categoryIndex(b));
}

/** What one view of the graph shows. */
export interface GraphScope {
  nodes: Set<string>;
  edges: PairingEdge[];
}

/**
 * The part of the graph a category filter shows: the items of that category and everything
 * worn with them, joined by the edges that touch the category — "what goes with my shoes".
 * Pairs of two other pieces are left out. Without a category, the whole graph. `extra` (the
 * unpaired pieces, when shown) joins the view when it is in the category.
 */
export function graphScope(
  graph: { paired: readonly string[]; edges: readonly PairingEdge[] },
  categoryOf: (id: string) => Category | undefined,
  category: Category | undefined,
  extra: readonly string[] = [],
): GraphScope {
  if (category === undefined) {
    return { nodes: new Set([...graph.paired, ...extra]), edges: [...graph.edges] };
  }
  const nodes = new Set<string>();
  const edges: PairingEdge[] = [];
  for (const e of graph.edges) {
    const s = categoryOf(e.source) === category;
    const t = categoryOf(e.target) === category;
    if (!s && !t) continue;
    edges.push(e);
    nodes.add(e.source);
    nodes.add(e.target);
  }
  for (const id of extra) if (categoryOf(id) === category) nodes.add(id);
  return { nodes, edges };
}

/**
 * A node's radius in screen pixels: the area grows with how often the item is paired, so the
 * pieces that hold the wardrobe together stand out. Small graphs get larger photos; a graph
 * of hundreds keeps them small enough not to overlap.
 */
export function nodeRadius(strength: number, maxStrength: number, nodeCount: number): number {
  const [min, max] =
    nodeCount <= 12 ? [18, 34] : nodeCount <= 60 ? [12, 26] : nodeCount <= 300 ? [7, 18] : [4, 13];
  if (maxStrength <= 0 || strength <= 0) return min;
  const share = Math.min(1, strength / maxStrength);
  return min + (max - min) * Math.sqrt(share);
}

/** An edge's thickness in screen pixels, 1 to 6: the pairs worn together most draw heaviest. */
export function edgeThickness(weight: number, maxWeight: number): number {
  if (maxWeight <= 1) return 1.5;
  const share = Math.max(0, Math.min(1, (weight - 1) / (maxWeight - 1)));
  return 1 + 5 * Math.sqrt(share);
}
