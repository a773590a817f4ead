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

/** The canvas a layout is drawn on, in screen pixels. */
export interface FrameView {
  width: number;
  height: number;
  /** Room the renderer keeps clear on every side of the graph (sigma's stagePadding). */
  padding: number;
}

/**
 * Longest a typical pairing (the median edge) is drawn when the graph is fitted to the canvas:
 * a few photos spread over the whole canvas read as unrelated, with their names far apart.
 */
export const FRAME_MAX_EDGE_PX = 180;
/** Up to this many nodes every photo has its name beside it: the frame keeps room for them. */
export const FRAME_LABELLED_NODES = 12;
/**
 * Room kept right of the graph for the names beside the rightmost photos, in pixels (past the
 * padding, which holds the start of a name), and at most this share of the canvas' width: on a
 * phone the photos need the width more than the end of a long name.
 */
export const FRAME_LABEL_PX = 96;
export const FRAME_LABEL_SHARE = 1 / 6;

/** What layoutFrame answers: the box to fit, and how long a typical pairing is drawn in it. */
export interface LayoutFrame extends Extent {
  /**
   * The median pairing's length on screen at the fitted zoom, in pixels (0 without pairings):
   * zooming in further than FRAME_MAX_EDGE_PX / edgePx stretches the graph again.
   */
  edgePx: number;
}

/**
 * The part of the layout's plane the renderer fits to the canvas (sigma's custom bounding box),
 * so that a small graph reads well: at most FRAME_MAX_EDGE_PX for a typical pairing instead of
 * stretched across the canvas, in the middle of it, and with room on the right for the names
 * of a graph whose every photo is named. A graph too large for that fills the canvas as it
 * would by itself. The frame has the canvas' proportions; null when there is nothing to frame
 * (no nodes, or all in one spot).
 *
 * The renderer scales the frame's longer side to the canvas' shorter side less the padding
 * (then corrects for the proportions): the usable canvas is the whole one shrunk by that share.
 */
export function layoutFrame(
  points: ReadonlyMap<string, Point>,
  edges: Iterable<{ source: string; target: string }>,
  view: FrameView,
): LayoutFrame | null {
  const extent = extentOf(points.values());
  if (!extent) return null;
  const short = Math.min(view.width, view.height);
  if (!(short > 2 * view.padding)) return null;
  const shrink = (short - 2 * view.padding) / short;
  const width = view.width * shrink;
  const height = view.height * shrink;
  const labels =
    points.size <= FRAME_LABELLED_NODES ? Math.min(FRAME_LABEL_PX, width * FRAME_LABEL_SHARE) : 0;
  const spanX = extent.maxX - extent.minX;
  const spanY = extent.maxY - extent.minY;
  const lengths: number[] = [];
  for (const e of edges) {
    const a = points.get(e.source);
    const b = points.get(e.target);
    if (!a || !b) continue;
    const length = Math.hypot(a.x - b.x, a.y - b.y);
    if (length > 0) lengths.push(length);
  }
  lengths.sort((a, b) => a - b);
  const median = lengths.length > 0 ? lengths[Math.floor(lengths.length / 2)]! : 0;
  // Pixels per layout unit: the largest that fits the graph (and its names) and keeps a typical
  // pairing short enough.
  let scale = Infinity;
  if (spanX > 0) scale = Math.min(scale, (width - labels) / spanX);
  if (spanY > 0) scale = Math.min(scale, height / spanY);
  if (median > 0) scale = Math.min(scale, FRAME_MAX_EDGE_PX / median);
  if (!Number.isFinite(scale) || scale <= 0) return null;
  // Centred on the graph with its names: they reach `labels` pixels past the rightmost photo.
  const cx = (extent.minX + extent.maxX + labels / scale) / 2;
  const cy = (extent.minY + extent.maxY) / 2;
  const halfW = width / scale / 2;
  const halfH = height / scale / 2;
  return {
    minX: cx - halfW,
    maxX: cx + halfW,
    minY: cy - halfH,
    maxY: cy + halfH,
    edgePx: median * scale,
  };
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
