/// <reference lib="webworker" />
import { parseSettingsAnswer, parseWardrobeAnswer } from './wire-parse';
import { splitWardrobe, type ParseRequest, type ParseResponse } from './parse-protocol';

/**
 * Reads the large answers off the main thread (docs/performance.md): JSON.parse and the schema
 * check of a 1,000-item wardrobe took some 0.5 s of main thread under 4× throttling. The records go
 * back as structured clones, which the page reads far faster than it could parse and validate them,
 * in parts (splitWardrobe), so that no single read is a long task on the page.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const decoder = new TextDecoder();

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { id, kind } = event.data;
  let response: ParseResponse;
  try {
    if (kind === 'wardrobe') {
      const json: unknown = JSON.parse(decoder.decode(event.data.bytes));
      const { parts, rest } = splitWardrobe(parseWardrobeAnswer(json));
      for (const part of parts) scope.postMessage({ id, ok: true, part } satisfies ParseResponse);
      response = { id, ok: true, value: rest };
    } else {
      response = { id, ok: true, value: parseSettingsAnswer(event.data.json) };
    }
  } catch (err) {
    response = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(response);
};
