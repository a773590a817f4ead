import { LAYOUT_SETTLED_MOVEMENT, layoutMovement, type Point } from '@hanger/domain';
import type Graph from 'graphology';
import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2LayoutSupervisor from 'graphology-layout-forceatlas2/worker';

/** How often the main thread looks at the layout to decide whether it has settled. */
const CHECK_MS = 120;
/** Quiet checks in a row before the layout counts as settled. */
const QUIET_CHECKS = 2;
/** A layout still moving after this long is stopped anyway: a graph must not drift forever. */
export const LAYOUT_MAX_MS = 4000;

export type SettleReason = 'still' | 'time';

export interface LayoutRun {
  /** Stops the worker; the graph keeps the positions reached. */
  stop(): void;
}

function snapshot(graph: Graph): Map<string, Point> {
  const out = new Map<string, Point>();
  graph.forEachNode((id, a) => out.set(id, { x: a.x as number, y: a.y as number }));
  return out;
}

/**
 * Runs ForceAtlas2 in a web worker (the library's supervisor: the main thread only copies
 * positions back) until the nodes stop moving. Edge weights pull pairs that are worn together
 * often closer. The main thread never runs an iteration, so the page stays responsive while a
 * thousand nodes find their places.
 *
 * `live`: the picture follows every iteration (small graphs: a smooth settling animation).
 * Otherwise the worker works on a copy and the graph receives the settled positions once: a
 * large graph's every redraw costs the main thread real time (sigma reindexes a thousand nodes
 * and three thousand edges), and watching a hairball untangle tells the user nothing.
 */
export function runLayout(
  graph: Graph,
  { live, onSettled }: { live: boolean; onSettled: (reason: SettleReason, ms: number) => void },
): LayoutRun {
  const order = graph.order;
  const worked = live ? graph : graph.copy();
  const layout = new FA2LayoutSupervisor(worked, {
    settings: {
      ...inferSettings(order),
      // Barnes-Hut approximates distant repulsion: O(n log n) instead of O(n²) per iteration.
      barnesHutOptimize: order > 250,
      edgeWeightInfluence: 1,
      // Gentler than the inferred slow-down for large graphs: settles in about a second.
      slowDown: 1 + Math.log10(Math.max(order, 1)),
    },
    getEdgeWeight: 'weight',
  });
  const started = performance.now();
  let previous = snapshot(worked);
  let quiet = 0;
  let done = false;

  const place = (positions: Map<string, Point>) => {
    if (live) return;
    graph.updateEachNodeAttributes((id, attrs) => {
      const p = positions.get(id);
      return p ? { ...attrs, x: p.x, y: p.y } : attrs;
    });
  };

  const finish = (reason: SettleReason, positions: Map<string, Point>) => {
    if (done) return;
    done = true;
    clearInterval(timer);
    layout.kill();
    place(positions);
    onSettled(reason, performance.now() - started);
  };

  const timer = setInterval(() => {
    const current = snapshot(worked);
    const moved = layoutMovement(previous, current);
    previous = current;
    quiet = moved < LAYOUT_SETTLED_MOVEMENT ? quiet + 1 : 0;
    if (quiet >= QUIET_CHECKS) finish('still', current);
    else if (performance.now() - started > LAYOUT_MAX_MS) finish('time', current);
  }, CHECK_MS);

  layout.start();
  return {
    stop() {
      if (done) return;
      done = true;
      clearInterval(timer);
      layout.kill();
    },
  };
}
