import type { Pairing } from './pairing-graph.js';

/**
 * Geometry of the pairing graph's layout that does not need a force simulation: where nodes
 * start (so the simulation has little to do), where unpaired pieces wait, and when the
 * simulation has settled. Coordinates are abstract graph units; the renderer fits them to the
 * screen.
 */
export interface Point {
  x: number;
  y: number;
}

export interface Extent {
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The golden angle: successive points of a sunflower spiral never line up. */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * The order nodes take on the starting spiral: breadth-first from the most paired item,
 * partners strongest first, so items worn together start next to each other and the layout
 * only has to refine. Each further group of connected items starts from its own strongest.
 */
export function spiralOrder(
  nodes: readonly string[],
  pairings: ReadonlyMap<string, readonly Pairing[]>,
): string[] {
  const strength = (id: string) => (pairings.get(id) ?? []).reduce((s, p) => s + p.weight, 0);
  const byStrength = [...nodes].sort(
    (a, b) => strength(b) - strength(a) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const inGraph = new Set(nodes);
  const seen = new Set<string>();
  const order: string[] = [];
  for (const root of byStrength) {
    if (seen.has(root)) continue;
    seen.add(root);
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const id = queue[head]!;
      order.push(id);
      for (const p of pairings.get(id) ?? []) {
        if (seen.has(p.id) || !inGraph.has(p.id)) continue;
        seen.add(p.id);
        queue.push(p.id);
      }
    }
  }
  return order;
}

/**
 * Starting positions: a sunflower spiral in `spiralOrder`, one unit between neighbours. The
 * same graph always starts the same way, so the settled picture is stable between visits.
 */
export function initialPositions(
  nodes: readonly string[],
  pairings: ReadonlyMap<string, readonly Pairing[]>,
): Map<string, Point> {
  const out = new Map<string, Point>();
  spiralOrder(nodes, pairings).forEach((id, i) => {
    const r = Math.sqrt(i + 0.5);
    const a = i * GOLDEN_ANGLE;
    out.set(id, { x: r * Math.cos(a), y: r * Math.sin(a) });
  });
  return out;
}

export function extentOf(points: Iterable<Point>): Extent | null {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return minX === Infinity ? null : { minX, maxX, minY, maxY };
}

/**
 * Unpaired pieces wait on a ring around the laid-out graph, in the order given (category
 * order), starting at the top and going clockwise, with y pointing up as the renderer draws
 * it. The ring clears the graph's longer side by `spacing` and grows when the pieces would
 * otherwise sit closer than `spacing`.
 */
export function ringPositions(
  ids: readonly string[],
  around: Extent | null,
  spacing: number,
): Map<string, Point> {
  const out = new Map<string, Point>();
  if (ids.length === 0) return out;
  const cx = around ? (around.minX + around.maxX) / 2 : 0;
  const cy = around ? (around.minY + around.maxY) / 2 : 0;
  // A force layout comes out round: its longer side bounds it well enough (the corners of its
  // box are mostly empty), and the ring then stays close enough to read as part of the graph.
  const graphRadius = around
    ? Math.max(around.maxX - around.minX, around.maxY - around.minY) / 2
    : 0;
  const radius = Math.max(graphRadius * 1.05 + spacing, (ids.length * spacing) / (2 * Math.PI));
  ids.forEach((id, i) => {
    const a = Math.PI / 2 - (2 * Math.PI * i) / ids.length;
    out.set(id, { x: cx + radius * Math.cos(a), y: cy + radius * Math.sin(a) });
  });
  return out;
}

/**
 * How much a layout moved between two snapshots: the mean distance a node travelled, as a
 * share of the layout's diagonal. A force layout never stops exactly; below a small share the
 * eye sees no motion and the layout counts as settled.
 */
export function layoutMovement(
  before: ReadonlyMap<string, Point>,
  after: ReadonlyMap<string, Point>,
): number {
  const extent = extentOf(after.values());
  if (!extent) return 0;
  const diagonal = Math.hypot(extent.maxX - extent.minX, extent.maxY - extent.minY);
  if (diagonal === 0) return 0;
  let total = 0;
  let n = 0;
  for (const [id, p] of after) {
    const q = before.get(id);
    if (!q) continue;
    total += Math.hypot(p.x - q.x, p.y - q.y);
    n += 1;
  }
  return n === 0 ? Infinity : total / n / diagonal;
}

/**
 * Below this movement per iteration (0.15 % of the layout's size: about a pixel and a half on a
 * laptop's canvas), the layout counts as settled. ForceAtlas2 reaches it in about 100 iterations
 * for a thousand items; what it does after that (a slow drift of the whole picture, clusters
 * tightening by a few pixels) does not change what the picture says.
 */
export const LAYOUT_SETTLED_MOVEMENT = 0.0015;
