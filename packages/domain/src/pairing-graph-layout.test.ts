import { describe, expect, it } from 'vitest';
import { pairingsByItem } from './pairing-graph.js';
import {
  extentOf,
  FRAME_LABEL_PX,
  FRAME_LABEL_SHARE,
  FRAME_MAX_EDGE_PX,
  initialPositions,
  layoutFrame,
  layoutMovement,
  ringPositions,
  spiralOrder,
  type Extent,
  type FrameView,
  type Point,
} from './pairing-graph-layout.js';

const edges = [
  { source: 'a', target: 'b', weight: 1 },
  { source: 'b', target: 'c', weight: 4 },
  { source: 'b', target: 'd', weight: 2 },
  { source: 'x', target: 'y', weight: 1 },
];
const pairings = pairingsByItem(edges);
const nodes = ['a', 'b', 'c', 'd', 'x', 'y'];

describe('spiralOrder', () => {
  it('starts at the most paired item and walks its partners strongest first', () => {
    // b: 7, c: 4, d: 2, a: 1, x: 1, y: 1.
    expect(spiralOrder(nodes, pairings)).toEqual(['b', 'c', 'd', 'a', 'x', 'y']);
  });

  it('keeps each connected group together and skips ids outside the graph', () => {
    expect(spiralOrder(['y', 'x', 'a', 'b'], pairings)).toEqual(['b', 'a', 'x', 'y']);
  });
});

describe('initialPositions', () => {
  const positions = initialPositions(nodes, pairings);

  it('places every node once, the strongest nearest the centre', () => {
    expect([...positions.keys()].sort()).toEqual(nodes);
    const r = (id: string) => Math.hypot(positions.get(id)!.x, positions.get(id)!.y);
    expect(r('b')).toBeLessThan(r('c'));
    expect(r('c')).toBeLessThan(r('y'));
  });

  it('keeps neighbours about one unit apart and never stacks two nodes', () => {
    const points = [...positions.values()];
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const d = Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y);
        expect(d).toBeGreaterThan(0.5);
      }
    }
  });

  it('is the same for the same graph', () => {
    expect(initialPositions(nodes, pairings)).toEqual(positions);
  });
});

describe('extentOf', () => {
  it('bounds the points, or is null without any', () => {
    expect(
      extentOf([
        { x: 1, y: -2 },
        { x: -3, y: 4 },
      ]),
    ).toEqual({ minX: -3, maxX: 1, minY: -2, maxY: 4 });
    expect(extentOf([])).toBeNull();
  });
});

describe('layoutFrame', () => {
  const desktop: FrameView = { width: 840, height: 595, padding: 48 };
  const phone: FrameView = { width: 358, height: 470, padding: 48 };

  /**
   * Where a point lands on the canvas, in pixels, once the renderer fits `frame` to it (sigma:
   * the frame's longer side on the canvas' shorter side less the padding, then corrected for
   * the proportions; the frame's centre in the canvas' centre).
   */
  function screen(frame: Extent, view: FrameView) {
    const short = Math.min(view.width, view.height);
    const shrink = (short - 2 * view.padding) / short;
    const scale = Math.min(
      (view.width * shrink) / (frame.maxX - frame.minX),
      (view.height * shrink) / (frame.maxY - frame.minY),
    );
    const cx = (frame.minX + frame.maxX) / 2;
    const cy = (frame.minY + frame.maxY) / 2;
    return {
      scale,
      at: (p: Point) => ({
        x: view.width / 2 + (p.x - cx) * scale,
        y: view.height / 2 - (p.y - cy) * scale,
      }),
    };
  }
  /** The names' room of a small graph: FRAME_LABEL_PX, at most a share of the usable width. */
  const labelRoom = (view: FrameView) => {
    const short = Math.min(view.width, view.height);
    const usableWidth = (view.width * (short - 2 * view.padding)) / short;
    return Math.min(FRAME_LABEL_PX, usableWidth * FRAME_LABEL_SHARE);
  };
  const points = (list: [string, number, number][]) =>
    new Map(list.map(([id, x, y]) => [id, { x, y }]));

  it('draws the pairings of a few pieces at a readable length, in the middle of the canvas', () => {
    // A top worn with two bottoms: three photos in a row, ten units apart.
    const row = points([
      ['bottom', 0, 0],
      ['top', 10, 0],
      ['jeans', 20, 0],
    ]);
    const pairs = [
      { source: 'bottom', target: 'top' },
      { source: 'top', target: 'jeans' },
    ];
    for (const view of [desktop, phone]) {
      const frame = layoutFrame(row, pairs, view)!;
      const { scale, at } = screen(frame, view);
      // Sigma alone would stretch the row over the canvas (352 px a pairing on a laptop). On a
      // phone the row and its names take the width: 262 px less a sixth for the names, over two.
      expect(scale * 10).toBeCloseTo(view === desktop ? FRAME_MAX_EDGE_PX : (262 * 5) / 6 / 2, 6);
      expect(frame.edgePx).toBeCloseTo(scale * 10, 6);
      // Centred with the names drawn right of the photos: as much room left as right.
      const left = at(row.get('bottom')!).x;
      const right = at(row.get('jeans')!).x + labelRoom(view);
      expect(left).toBeCloseTo(view.width - right, 6);
      expect(at(row.get('top')!).y).toBeCloseTo(view.height / 2, 6);
      // The frame has the canvas' proportions.
      expect((frame.maxX - frame.minX) / (frame.maxY - frame.minY)).toBeCloseTo(
        view.width / view.height,
        6,
      );
    }
  });

  it('keeps room right of the rightmost photo for its name while a small graph fills the canvas', () => {
    // Far apart for their pairings' length: the width decides.
    const wide = points([
      ['a', 0, 0],
      ['b', 100, 0],
      ['c', 200, 0],
      ['d', 100, 5],
    ]);
    const frame = layoutFrame(wide, [{ source: 'b', target: 'd' }], phone)!;
    const { at } = screen(frame, phone);
    const usable = phone.width - 2 * phone.padding;
    expect(at(wide.get('a')!).x).toBeCloseTo(phone.padding, 6);
    expect(at(wide.get('c')!).x).toBeCloseTo(phone.padding + usable - labelRoom(phone), 6);
  });

  it('lets a graph of many pieces fill the canvas as the renderer would by itself', () => {
    // Forty pieces on a grid one unit apart, each paired with its neighbours.
    const grid = new Map<string, Point>();
    const pairs: { source: string; target: string }[] = [];
    for (let i = 0; i < 40; i++) {
      grid.set(`n${i}`, { x: i % 8, y: Math.floor(i / 8) });
      if (i % 8 > 0) pairs.push({ source: `n${i - 1}`, target: `n${i}` });
      if (i >= 8) pairs.push({ source: `n${i - 8}`, target: `n${i}` });
    }
    for (const view of [desktop, phone]) {
      const frame = layoutFrame(grid, pairs, view)!;
      const { scale, at } = screen(frame, view);
      const short = Math.min(view.width, view.height);
      const shrink = (short - 2 * view.padding) / short;
      // As sigma fits the grid's own extent (7 by 4 units): no room kept for names.
      expect(scale).toBeCloseTo(Math.min((view.width * shrink) / 7, (view.height * shrink) / 4), 6);
      expect(scale).toBeLessThan(FRAME_MAX_EDGE_PX);
      expect(frame.edgePx).toBeCloseTo(scale, 6);
      const first = at(grid.get('n0')!);
      const last = at(grid.get('n39')!);
      expect((first.x + last.x) / 2).toBeCloseTo(view.width / 2, 6);
      expect((first.y + last.y) / 2).toBeCloseTo(view.height / 2, 6);
    }
  });

  it('fits pieces without pairings (the unpaired ring) by their extent', () => {
    const ring = ringPositions(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm'],
      null,
      1,
    );
    const frame = layoutFrame(ring, [], desktop)!;
    expect(frame.edgePx).toBe(0);
    const { at } = screen(frame, desktop);
    const top = at(ring.get('a')!);
    expect(top.x).toBeCloseTo(desktop.width / 2, 6);
    expect(top.y).toBeCloseTo(desktop.padding, 6);
  });

  it('frames nothing without an extent or without room on the canvas', () => {
    expect(layoutFrame(new Map(), [], desktop)).toBeNull();
    expect(layoutFrame(points([['a', 3, 4]]), [], desktop)).toBeNull();
    const pair = points([
      ['a', 0, 0],
      ['b', 1, 0],
    ]);
    expect(
      layoutFrame(pair, [{ source: 'a', target: 'b' }], { ...desktop, height: 90 }),
    ).toBeNull();
  });
});

describe('ringPositions', () => {
  const around = { minX: -10, maxX: 10, minY: -10, maxY: 10 };

  it('puts pieces on a circle clear of the graph, the first at the top', () => {
    const ring = ringPositions(['p', 'q', 'r', 's'], around, 2);
    for (const p of ring.values()) expect(Math.hypot(p.x, p.y)).toBeCloseTo(10 * 1.05 + 2);
    // y points up: the top is the largest y, and clockwise the second piece is to the right.
    expect(ring.get('p')!.x).toBeCloseTo(0);
    expect(ring.get('p')!.y).toBeGreaterThan(0);
    expect(ring.get('q')!.x).toBeGreaterThan(0);
    expect(ring.get('q')!.y).toBeCloseTo(0);
  });

  it('grows so that many pieces keep their spacing', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `u${i}`);
    const ring = ringPositions(ids, around, 2);
    const a = ring.get('u0')!;
    const b = ring.get('u1')!;
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(1.99);
  });

  it('centres on the origin without a graph, and is empty without pieces', () => {
    const ring = ringPositions(['p', 'q'], null, 3);
    expect(ring.get('p')!.x + ring.get('q')!.x).toBeCloseTo(0);
    expect(ringPositions([], around, 2).size).toBe(0);
  });
});

describe('layoutMovement', () => {
  const before = new Map<string, Point>([
    ['a', { x: 0, y: 0 }],
    ['b', { x: 30, y: 40 }],
  ]);

  it('is the mean distance travelled as a share of the diagonal', () => {
    const after = new Map<string, Point>([
      ['a', { x: 0, y: 0 }],
      ['b', { x: 30, y: 40 + 10 }],
    ]);
    // Mean move 5; diagonal of (0,0)-(30,50) is sqrt(3400).
    expect(layoutMovement(before, after)).toBeCloseTo(5 / Math.sqrt(3400));
  });

  it('is zero for a still layout and infinite when nothing can be compared', () => {
    expect(layoutMovement(before, before)).toBe(0);
    expect(layoutMovement(new Map(), before)).toBe(Infinity);
    expect(layoutMovement(before, new Map())).toBe(0);
  });
});
