import { describe, expect, it } from 'vitest';
import type { Category } from './categories.js';
import {
  daysWornTogether,
  edgeThickness,
  graphCategories,
  graphScope,
  nodeRadius,
  pairingGraph,
  pairingStrength,
  pairingsByItem,
  pairKey,
  rankPairs,
  rankPartners,
  wardrobeGraph,
} from './pairing-graph.js';
import { at, day, item, outfit, wardrobe } from './testing/fixtures.js';
import { buildWearIndex } from './wear-index.js';

describe('pairingGraph', () => {
  it('weights an edge by the outfits that pair two items', () => {
    const w = wardrobe(
      [item('a'), item('b'), item('c'), item('d')],
      [outfit('o1', ['a', 'b']), outfit('o2', ['b', 'a', 'c']), outfit('o3', ['d', 'gone'])],
    );
    const graph = pairingGraph(w);
    expect(graph.nodes).toEqual(['a', 'b', 'c', 'd']);
    expect(graph.edges).toEqual([
      { source: 'a', target: 'b', weight: 2 },
      { source: 'a', target: 'c', weight: 1 },
      { source: 'b', target: 'c', weight: 1 },
    ]);
  });

  it('counts an item placed twice on one canvas once', () => {
    const w = wardrobe([item('a'), item('b')], [outfit('o1', ['a', 'b', 'a'])]);
    expect(pairingGraph(w).edges).toEqual([{ source: 'a', target: 'b', weight: 1 }]);
  });

  it('leaves out items the predicate rejects, keeping the others paired', () => {
    const w = wardrobe(
      [item('a'), item('b'), item('w', { status: 'wishlist' })],
      [outfit('o1', ['a', 'w', 'b'])],
    );
    const graph = pairingGraph(w, (i) => i.status !== 'wishlist');
    expect(graph.nodes).toEqual(['a', 'b']);
    expect(graph.edges).toEqual([{ source: 'a', target: 'b', weight: 1 }]);
  });
});

describe('wardrobeGraph', () => {
  const w = wardrobe(
    [
      item('tee', { category: 'top' }),
      item('jeans', { category: 'bottom' }),
      item('boots', { category: 'shoes' }),
      item('wish', { category: 'bag', status: 'wishlist' }),
      item('old', { category: 'top', status: 'archived' }),
      item('lent', { category: 'bottom', status: 'loaned' }),
      item('alone', { category: 'shoes' }),
      item('solo', { category: 'top' }),
      item('coat', { category: 'outerwear', status: 'clothes' }),
    ],
    [
      outfit('o1', ['tee', 'jeans', 'wish']),
      outfit('o2', ['tee', 'jeans', 'boots']),
      outfit('o3', ['old', 'boots']),
      // One piece on its own pairs with nothing.
      outfit('o4', ['solo']),
    ],
  );
  const graph = wardrobeGraph(w);

  it('pairs what the user owns and leaves wishlist pieces out', () => {
    expect(graph.paired).toEqual(['boots', 'jeans', 'old', 'tee']);
    expect(graph.edges).toContainEqual({ source: 'jeans', target: 'tee', weight: 2 });
    expect(graph.edges.some((e) => e.source === 'wish' || e.target === 'wish')).toBe(false);
    expect(graph.edges).toHaveLength(4);
  });

  it('lists closet pieces without a pairing as unpaired, in category order', () => {
    // Archived, loaned and wishlist pieces without pairings are not waiting to be styled.
    expect(graph.unpaired).toEqual(['solo', 'coat', 'alone']);
  });

  it('is empty for a wardrobe without outfits', () => {
    const empty = wardrobeGraph(wardrobe([item('a'), item('b')]));
    expect(empty.paired).toEqual([]);
    expect(empty.edges).toEqual([]);
    expect(empty.unpaired).toEqual(['a', 'b']);
  });
});

describe('pairingsByItem', () => {
  const edges = [
    { source: 'a', target: 'b', weight: 1 },
    { source: 'a', target: 'c', weight: 3 },
    { source: 'a', target: 'd', weight: 1 },
    { source: 'b', target: 'c', weight: 2 },
  ];
  const pairings = pairingsByItem(edges);

  it("lists an item's partners strongest first, ties by id", () => {
    expect(pairings.get('a')).toEqual([
      { id: 'c', weight: 3 },
      { id: 'b', weight: 1 },
      { id: 'd', weight: 1 },
    ]);
    expect(pairings.get('d')).toEqual([{ id: 'a', weight: 1 }]);
    expect(pairings.has('z')).toBe(false);
  });

  it('sums an item’s pairings into its strength', () => {
    expect(pairingStrength(pairings.get('a'))).toBe(5);
    expect(pairingStrength(pairings.get('c'))).toBe(5);
    expect(pairingStrength(undefined)).toBe(0);
  });
});

describe('rankPairs of pairs never worn together', () => {
  it('keeps the heaviest pairs first and breaks ties by ids', () => {
    const edges = [
      { source: 'b', target: 'c', weight: 2 },
      { source: 'a', target: 'd', weight: 1 },
      { source: 'a', target: 'c', weight: 2 },
      { source: 'a', target: 'b', weight: 5 },
    ];
    expect(
      rankPairs(edges, new Map()).map(({ source, target, weight }) => ({ source, target, weight })),
    ).toEqual([
      { source: 'a', target: 'b', weight: 5 },
      { source: 'a', target: 'c', weight: 2 },
      { source: 'b', target: 'c', weight: 2 },
      { source: 'a', target: 'd', weight: 1 },
    ]);
    // The input is not reordered.
    expect(edges[0]!.source).toBe('b');
  });
});

describe('pairs worn together most', () => {
  const w = wardrobe(
    ['tee', 'jeans', 'shirt', 'chinos', 'coat', 'boots', 'hat', 'scarf'].map((id) => item(id)),
    [
      outfit('o1', ['tee', 'jeans']),
      outfit('o2', ['jeans', 'tee']),
      outfit('o3', ['shirt', 'chinos']),
      outfit('o4', ['coat', 'boots']),
      outfit('o5', ['hat', 'scarf']),
      outfit('o6', ['hat', 'scarf']),
      outfit('o7', ['tee', 'shirt']),
    ],
    {
      '2024-03-01': day([], ['o1']),
      '2024-03-02': day([], ['o3']),
      '2024-03-03': day([], ['o3', 'o3']),
      // Logged piece by piece, not as their outfit: still worn together that day.
      '2024-03-05': day(['tee', 'shirt']),
      // At 04:00 on the 10th it is still the 9th (docs/spec.md §4): the 10th is not worn yet.
      '2024-03-10': day([], ['o4']),
      '2024-03-20': day([], ['o4', 'o5']),
    },
  );
  const now = at('2024-03-10', 4);
  const { edges } = pairingGraph(w);
  const together = daysWornTogether(edges, buildWearIndex(w, now).itemDays);
  const ranked = (list = edges) =>
    rankPairs(list, together).map((p) => [p.source, p.target, p.daysTogether, p.weight]);

  it('counts the days both pieces were worn, up to today by the wear-day rule', () => {
    expect(together.get(pairKey('shirt', 'chinos'))).toBe(2);
    expect(together.get(pairKey('tee', 'jeans'))).toBe(1);
    expect(together.get(pairKey('shirt', 'tee'))).toBe(1);
    // Only planned for days to come, or never on the calendar: not worn together.
    expect(together.has(pairKey('coat', 'boots'))).toBe(false);
    expect(together.has(pairKey('hat', 'scarf'))).toBe(false);
    expect(pairKey('a', 'b')).toBe(pairKey('b', 'a'));
  });

  it('ranks by days worn together, then by outfits shared, then by ids', () => {
    expect(ranked()).toEqual([
      ['chinos', 'shirt', 2, 1],
      ['jeans', 'tee', 1, 2],
      ['shirt', 'tee', 1, 1],
      ['hat', 'scarf', 0, 2],
      ['boots', 'coat', 0, 1],
    ]);
    expect(ranked([...edges].reverse())).toEqual(ranked());
  });

  it('counts the wears of the day the clock says once 05:00 has passed', () => {
    const later = daysWornTogether(edges, buildWearIndex(w, at('2024-03-10', 5)).itemDays);
    expect(later.get(pairKey('coat', 'boots'))).toBe(1);
  });
});

describe('rankPartners', () => {
  // Jeans with a shirt (worn together on 2 days, 1 outfit), a tee (1 day, 3 outfits), a coat
  // (never worn together, 2 outfits), boots and a vest (never, 1 outfit each). Boots and coat
  // sort before jeans, the rest after it: the pair's ids fall either side of the item.
  const edges = [
    { source: 'jeans', target: 'tee', weight: 3 },
    { source: 'jeans', target: 'vest', weight: 1 },
    { source: 'boots', target: 'jeans', weight: 1 },
    { source: 'jeans', target: 'shirt', weight: 1 },
    { source: 'coat', target: 'jeans', weight: 2 },
    { source: 'shirt', target: 'tee', weight: 1 },
  ];
  const together = new Map([
    [pairKey('jeans', 'shirt'), 2],
    [pairKey('tee', 'jeans'), 1],
    [pairKey('shirt', 'tee'), 5],
  ]);
  const pairings = pairingsByItem(edges);

  it("lists an item's partners worn with it most first, then by outfits shared, then by id", () => {
    expect(rankPartners('jeans', pairings.get('jeans'), together)).toEqual([
      { id: 'shirt', weight: 1, daysTogether: 2 },
      { id: 'tee', weight: 3, daysTogether: 1 },
      { id: 'coat', weight: 2, daysTogether: 0 },
      { id: 'boots', weight: 1, daysTogether: 0 },
      { id: 'vest', weight: 1, daysTogether: 0 },
    ]);
    expect(rankPartners('jeans', undefined, together)).toEqual([]);
  });

  it('puts the partners in the order their pairs take in rankPairs (Top pairings)', () => {
    for (const id of ['jeans', 'shirt', 'tee', 'boots']) {
      const inTopPairings = rankPairs(edges, together)
        .filter((p) => p.source === id || p.target === id)
        .map((p) => (p.source === id ? p.target : p.source));
      expect(rankPartners(id, pairings.get(id), together).map((p) => p.id)).toEqual(inTopPairings);
    }
  });
});

describe('graphScope', () => {
  const categories: Record<string, Category> = {
    tee: 'top',
    shirt: 'top',
    jeans: 'bottom',
    skirt: 'bottom',
    boots: 'shoes',
    scarf: 'accessory',
  };
  const categoryOf = (id: string) => categories[id];
  const graph = {
    paired: ['boots', 'jeans', 'shirt', 'skirt', 'tee'],
    edges: [
      { source: 'jeans', target: 'tee', weight: 2 },
      { source: 'boots', target: 'jeans', weight: 1 },
      { source: 'shirt', target: 'skirt', weight: 1 },
      { source: 'shirt', target: 'tee', weight: 1 },
    ],
  };

  it('shows everything without a category', () => {
    const scope = graphScope(graph, categoryOf, undefined, ['scarf']);
    expect([...scope.nodes].sort()).toEqual(['boots', 'jeans', 'scarf', 'shirt', 'skirt', 'tee']);
    expect(scope.edges).toHaveLength(4);
  });

  it("shows a category's items with what they are worn with, and only their edges", () => {
    const scope = graphScope(graph, categoryOf, 'shoes');
    expect([...scope.nodes].sort()).toEqual(['boots', 'jeans']);
    expect(scope.edges).toEqual([{ source: 'boots', target: 'jeans', weight: 1 }]);

    const tops = graphScope(graph, categoryOf, 'top');
    expect([...tops.nodes].sort()).toEqual(['jeans', 'shirt', 'skirt', 'tee']);
    // jeans-boots touches no top: left out even though jeans is shown.
    expect(tops.edges).toHaveLength(3);
  });

  it('adds shown unpaired pieces only when they are in the category', () => {
    expect([...graphScope(graph, categoryOf, 'accessory', ['scarf']).nodes]).toEqual(['scarf']);
    expect(graphScope(graph, categoryOf, 'shoes', ['scarf']).nodes.has('scarf')).toBe(false);
  });

  it('is empty for a category nothing pairs with', () => {
    const scope = graphScope(graph, categoryOf, 'bag');
    expect(scope.nodes.size).toBe(0);
    expect(scope.edges).toEqual([]);
  });
});

describe('graphCategories', () => {
  it('lists the categories present, in the canonical order', () => {
    const categories: Record<string, Category> = { a: 'shoes', b: 'top', c: 'shoes', d: 'bag' };
    expect(graphCategories(['a', 'b', 'c', 'd', 'x'], (id) => categories[id])).toEqual([
      'top',
      'shoes',
      'bag',
    ]);
  });
});

describe('nodeRadius', () => {
  it('grows with the pairings, by area, between a floor and a ceiling', () => {
    expect(nodeRadius(0, 10, 100)).toBe(7);
    expect(nodeRadius(10, 10, 100)).toBe(18);
    // A quarter of the strongest: half the way by radius.
    expect(nodeRadius(2.5, 10, 100)).toBeCloseTo(12.5);
    expect(nodeRadius(20, 10, 100)).toBe(18);
  });

  it('draws small graphs larger and large graphs smaller', () => {
    expect(nodeRadius(1, 1, 6)).toBeGreaterThan(nodeRadius(1, 1, 40));
    expect(nodeRadius(1, 1, 40)).toBeGreaterThan(nodeRadius(1, 1, 200));
    expect(nodeRadius(1, 1, 200)).toBeGreaterThan(nodeRadius(1, 1, 1000));
  });
});

describe('edgeThickness', () => {
  it('runs from 1 px for a single outfit to 6 px for the most worn pair', () => {
    expect(edgeThickness(1, 9)).toBe(1);
    expect(edgeThickness(9, 9)).toBe(6);
    expect(edgeThickness(3, 9)).toBeCloseTo(1 + 5 * Math.sqrt(0.25));
  });

  it('draws every edge alike when no pair repeats', () => {
    expect(edgeThickness(1, 1)).toBe(1.5);
  });
});
