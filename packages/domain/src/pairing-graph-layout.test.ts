import { describe, expect, it } from 'vitest';
import { pairingsByItem } from './pairing-graph.js';
import {
  extentOf,
  initialPositions,
  layoutMovement,
  ringPositions,
  spiralOrder,
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
