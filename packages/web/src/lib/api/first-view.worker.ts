/// <reference lib="webworker" />
import { pickFirstView } from './first-view-pick';
import type { FirstViewAsk, FirstViewReply } from './parse-protocol';

/**
 * The first screen of /items out of GET users' body, ahead of the whole (first-view.ts), in a
 * worker of its own: small (no schema library), so it is ready at once, and not queued behind
 * the whole answer's check in wire-parse.worker.ts, which reads the same bytes meanwhile.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<FirstViewAsk>) => {
  let head: FirstViewReply['head'] = null;
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(event.data.bytes));
    head = pickFirstView(json, event.data.query);
  } catch {
    // Not JSON: the whole answer's parse says so.
  }
  scope.postMessage({ head } satisfies FirstViewReply);
};
