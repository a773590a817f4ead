import { describe, expect, it } from 'vitest';
import { pairingGraph } from './pairing-graph.js';
import { item, outfit, wardrobe } from './testing/fixtures.js';

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
});
