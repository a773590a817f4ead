import type { WardrobeData } from './types.js';

/**
 * The graph view (DESIGN): items are nodes, and two items share an edge weighted by how many
 * outfits pair them. Only items that still exist and appear in some outfit are nodes.
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

export function pairingGraph(wardrobe: Pick<WardrobeData, 'clothes' | 'outfits'>): PairingGraph {
  const weights = new Map<string, PairingEdge>();
  const nodes = new Set<string>();
  for (const outfit of Object.values(wardrobe.outfits)) {
    const ids = [...new Set(outfit.canvasData.map((e) => e.clothingId))]
      .filter((id) => wardrobe.clothes[id] !== undefined)
      .sort();
    for (const id of ids) nodes.add(id);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const source = ids[i]!;
        const target = ids[j]!;
        const key = `${source}\u0000${target}`;
        const edge = weights.get(key);
        if (edge) edge.weight += 1;
        else weights.set(key, { source, target, weight: 1 });
      }
    }
  }
  return { nodes: [...nodes].sort(), edges: [...weights.values()] };
}
