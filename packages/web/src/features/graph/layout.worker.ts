/// <reference lib="webworker" />
import type { ForceAtlas2Settings } from 'graphology-layout-forceatlas2';
import iterate from 'graphology-layout-forceatlas2/iterate.js';
import type { LayoutMessage, LayoutRequest } from './layout-protocol';

/**
 * ForceAtlas2 in a worker, iterating without waiting on the page: the library's own supervisor
 * asks the main thread for every single iteration, so a busy page (photos decoding, a redraw)
 * stalls the layout too. Here the worker iterates on its own and sends the positions every
 * `reportMs`; the page decides when they are still and terminates the worker.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const request = event.data;
  const nodes = new Float32Array(request.nodes);
  const edges = new Float32Array(request.edges);
  const settings = request.settings as Required<ForceAtlas2Settings>;
  let iterations = 0;
  let reported = performance.now();
  for (;;) {
    iterate(settings, nodes, edges);
    iterations += 1;
    const now = performance.now();
    if (now - reported >= request.reportMs) {
      reported = now;
      const copy = nodes.slice();
      const message: LayoutMessage = { nodes: copy.buffer, iterations };
      scope.postMessage(message, [copy.buffer]);
    }
  }
};
