import { LAYOUT_SETTLED_MOVEMENT, layoutMovement, type Point } from '@hanger/domain';
import type Graph from 'graphology';
import { inferSettings } from 'graphology-layout-forceatlas2';
import {
  EDGE_STRIDE,
  NODE_STRIDE,
  type LayoutMessage,
  type LayoutRequest,
} from './layout-protocol';

/** A layout still moving after this long is stopped anyway: a graph must not drift forever. */
export const LAYOUT_MAX_MS = 4000;
/** How often the page looks at the layout to decide whether it has settled. */
const CHECK_MS = 100;
/** Still checks in a row before the layout counts as settled. */
const QUIET_CHECKS = 2;

export type SettleReason = 'still' | 'time';

export interface LayoutRun {
  /** Stops the worker; the graph keeps the positions it last received. */
  stop(): void;
}

interface LayoutAttributes {
  x: number;
  y: number;
  size?: number;
  fixed?: boolean;
}

/** The graph as ForceAtlas2's flat matrices; an edge's mass counts into its two nodes. */
function toMatrices(graph: Graph<LayoutAttributes, { weight?: number }>) {
  const index = new Map<string, number>();
  const nodes = new Float32Array(graph.order * NODE_STRIDE);
  let j = 0;
  graph.forEachNode((id, a) => {
    index.set(id, j);
    nodes.set([a.x, a.y, 0, 0, 0, 0, 1, 1, a.size ?? 1, a.fixed ? 1 : 0], j);
    j += NODE_STRIDE;
  });
  const edges = new Float32Array(graph.size * EDGE_STRIDE);
  j = 0;
  graph.forEachEdge((_edge, attrs, source, target) => {
    const s = index.get(source)!;
    const t = index.get(target)!;
    const weight = attrs.weight ?? 1;
    nodes[s + 6] = nodes[s + 6]! + weight;
    nodes[t + 6] = nodes[t + 6]! + weight;
    edges.set([s, t, weight], j);
    j += EDGE_STRIDE;
  });
  return { nodes, edges };
}

/**
 * Runs ForceAtlas2 in a web worker until the nodes stop moving; edge weights pull pairs that
 * are worn together often closer. The worker iterates on its own (see layout.worker.ts) and
 * reports positions; the page only measures how far they moved per iteration (the domain's
 * rule) and stops the worker once they are still. Neither the page's work slows the layout nor
 * the layout the page.
 *
 * `live`: the picture follows the layout at the display's pace (small graphs: a smooth settling
 * animation). Otherwise the graph receives only the settled positions: a large graph's every
 * redraw costs the main thread real time (sigma reindexes a thousand nodes and three thousand
 * edges), and watching a hairball untangle tells the user nothing.
 */
export function runLayout(
  graph: Graph,
  {
    live,
    onSettled,
  }: {
    live: boolean;
    onSettled: (reason: SettleReason, ms: number, iterations: number) => void;
  },
): LayoutRun {
  const order = graph.order;
  const { nodes, edges } = toMatrices(graph as Graph<LayoutAttributes, { weight?: number }>);
  const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
  const started = performance.now();
  let done = false;
  let previous: { at: number; iterations: number; positions: Map<string, Point> } | null = null;
  let quiet = 0;

  const place = (matrix: Float32Array) => {
    let i = 0;
    graph.updateEachNodeAttributes(
      (_id, attrs) => {
        attrs.x = matrix[i]!;
        attrs.y = matrix[i + 1]!;
        i += NODE_STRIDE;
        return attrs;
      },
      { attributes: ['x', 'y'] },
    );
  };

  const positions = (matrix: Float32Array) => {
    const out = new Map<string, Point>();
    for (let i = 0; i < matrix.length; i += NODE_STRIDE) {
      out.set(String(i), { x: matrix[i]!, y: matrix[i + 1]! });
    }
    return out;
  };

  const end = () => {
    done = true;
    worker.terminate();
  };

  const settle = (reason: SettleReason, matrix: Float32Array, iterations: number) => {
    end();
    place(matrix);
    onSettled(reason, performance.now() - started, iterations);
  };

  worker.onmessage = (event: MessageEvent<LayoutMessage>) => {
    if (done) return;
    const { iterations } = event.data;
    const matrix = new Float32Array(event.data.nodes);
    const now = performance.now();
    if (previous === null || now - previous.at >= CHECK_MS) {
      const current = positions(matrix);
      if (previous !== null && iterations > previous.iterations) {
        // Movement per iteration, not per check: a busy machine runs fewer iterations between
        // two checks, and that is not the same as a still layout.
        const moved =
          layoutMovement(previous.positions, current) / (iterations - previous.iterations);
        quiet = moved < LAYOUT_SETTLED_MOVEMENT ? quiet + 1 : 0;
      }
      previous = { at: now, iterations, positions: current };
      if (quiet >= QUIET_CHECKS) return settle('still', matrix, iterations);
      if (now - started > LAYOUT_MAX_MS) return settle('time', matrix, iterations);
    }
    if (live) place(matrix);
  };
  // Without a worker the graph keeps its starting positions rather than hang "arranging".
  worker.onerror = () => {
    if (done) return;
    end();
    onSettled('time', performance.now() - started, 0);
  };

  const request: LayoutRequest = {
    nodes: nodes.buffer,
    edges: edges.buffer,
    settings: {
      ...inferSettings(order),
      // Barnes-Hut approximates distant repulsion: O(n log n) instead of O(n²) per iteration;
      // a coarser approximation (theta 1.2 rather than 0.5) halves an iteration's cost with no
      // visible difference at this scale.
      barnesHutOptimize: order > 250,
      barnesHutTheta: 1.2,
      // Small groups of pieces worn only with each other drift far from the rest and make the
      // whole picture small; a stronger pull keeps them near (about 20 more iterations). A small
      // graph has little repulsion to balance the pull, and needs more of it: at 0.05, two
      // outfits with no piece in common settled five pairings' lengths apart, each a huddle.
      gravity: order > 250 ? 0.3 : 1,
      edgeWeightInfluence: 1,
      // Gentler than the inferred slow-down for large graphs: settles in about 100 iterations.
      slowDown: 1 + Math.log10(Math.max(order, 1)),
    },
    // Live: every frame. Otherwise only for the checks.
    reportMs: live ? 16 : CHECK_MS / 2,
  };
  worker.postMessage(request, [nodes.buffer, edges.buffer]);
  return {
    stop() {
      if (!done) end();
    },
  };
}
