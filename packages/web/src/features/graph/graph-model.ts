import {
  daysWornTogether,
  nodeRadius,
  pairingStrength,
  pairingsByItem,
  wardrobeGraph,
  type Category,
  type ClothingItem,
  type Pairing,
  type Settings,
  type WardrobeData,
  type WardrobeGraph,
  itemTileLabel,
} from '@hanger/domain';
import { wearIndexFor } from '../../lib/use-wardrobe-stats';

/** One item as the graph screen shows it. */
export interface GraphItem {
  id: string;
  label: string;
  category: Category;
  /** The grid thumbnail: the graph never loads full photos for its nodes. */
  thumbnail: string;
  /** Outfits whose canvas holds the item. */
  outfits: number;
}

/** Everything the graph screen derives from the wardrobe, computed once per change. */
export interface GraphModel extends WardrobeGraph {
  items: Map<string, GraphItem>;
  pairings: Map<string, Pairing[]>;
  /** Days each pair was worn together (the domain's daysWornTogether), for ranking pairs. */
  together: Map<string, number>;
  /** Node radius in screen pixels, by how often the item is paired. */
  radius: Map<string, number>;
  /** The heaviest edge's weight. */
  maxWeight: number;
  /** Changes whenever nodes or edges change: a layout is kept under this key. */
  signature: string;
}

/** A small string hash (FNV-1a): enough to tell two graphs apart for a layout cache. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

function outfitCounts(data: WardrobeData): Map<string, number> {
  const counts = new Map<string, number>();
  for (const outfit of Object.values(data.outfits)) {
    for (const id of new Set(outfit.canvasData.map((e) => e.clothingId))) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return counts;
}

function toGraphItem(item: ClothingItem, settings: Settings, outfits: number): GraphItem {
  return {
    id: item.id,
    label: itemTileLabel(item, settings),
    category: item.category,
    thumbnail: item.thumbnail ?? item.image,
    outfits,
  };
}

export function buildGraphModel(
  data: WardrobeData,
  settings: Settings,
  now: Date = new Date(),
): GraphModel {
  const graph = wardrobeGraph(data);
  const pairings = pairingsByItem(graph.edges);
  // The wear index the other screens share: the same days worn as every stat counts.
  const together = daysWornTogether(graph.edges, wearIndexFor(data, now).itemDays);
  const counts = outfitCounts(data);
  const items = new Map<string, GraphItem>();
  for (const id of [...graph.paired, ...graph.unpaired]) {
    const item = data.clothes[id];
    if (item) items.set(id, toGraphItem(item, settings, counts.get(id) ?? 0));
  }
  let maxStrength = 0;
  for (const list of pairings.values()) maxStrength = Math.max(maxStrength, pairingStrength(list));
  const radius = new Map<string, number>();
  const nodeCount = graph.paired.length;
  for (const id of graph.paired) {
    radius.set(id, nodeRadius(pairingStrength(pairings.get(id)), maxStrength, nodeCount));
  }
  // Unpaired pieces are drawn at the smallest size of the graph they join.
  const unpairedRadius = nodeRadius(0, maxStrength, Math.max(nodeCount, 1));
  for (const id of graph.unpaired) radius.set(id, unpairedRadius);
  let maxWeight = 0;
  for (const e of graph.edges) maxWeight = Math.max(maxWeight, e.weight);
  const signature = hash(
    graph.paired.join(',') +
      '|' +
      graph.edges.map((e) => `${e.source}-${e.target}:${e.weight}`).join(','),
  );
  return { ...graph, items, pairings, together, radius, maxWeight, signature };
}
