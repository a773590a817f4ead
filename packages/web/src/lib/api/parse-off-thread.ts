import type { Settings, WardrobeData } from '@hanger/domain';
import { loadParsers } from './answers';
import type { ParseRequest, ParseResponse } from './parse-protocol';

/**
 * The wardrobe and settings answers, validated and read into app records in a worker (see
 * wire-parse.worker.ts), so that neither the schema library nor a long parse sits on the main
 * thread while the first screen builds. Where workers are missing or the worker fails to load,
 * the same parsers run on the page.
 */

export class AnswerFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerFormatError';
  }
}

type Pending = { resolve: (value: WardrobeData | Settings) => void; reject: (e: Error) => void };

let worker: Worker | null | undefined;
let nextId = 1;
const pending = new Map<number, Pending & { request: ParseRequest }>();

function fallBackToPage(): void {
  worker?.terminate();
  worker = null;
  const waiting = [...pending.values()];
  pending.clear();
  for (const p of waiting) parseOnPage(p.request).then(p.resolve, p.reject);
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker !== 'function') return (worker = null);
  try {
    worker = new Worker(new URL('./wire-parse.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (event: MessageEvent<ParseResponse>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new AnswerFormatError(reply.message));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    console.warn('Hanger: the answer worker failed; reading answers on the page', event.message);
    fallBackToPage();
  };
  return worker;
}

async function parseOnPage(request: ParseRequest): Promise<WardrobeData | Settings> {
  const parsers = await loadParsers();
  try {
    if (request.kind === 'wardrobe') {
      const json: unknown = JSON.parse(new TextDecoder().decode(request.bytes));
      return parsers.parseWardrobeAnswer(json);
    }
    return parsers.parseSettingsAnswer(request.json);
  } catch (err) {
    throw new AnswerFormatError(err instanceof Error ? err.message : String(err));
  }
}

function parse(request: ParseRequest): Promise<WardrobeData | Settings> {
  const w = getWorker();
  if (!w) return parseOnPage(request);
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve, reject, request });
    // Copied, not transferred (a memcpy): should the worker fail, the page parses the same bytes.
    w.postMessage(request);
  });
}

/** Starts the worker (and the download of its code) ahead of the first answer. */
export function warmAnswerWorker(): void {
  getWorker();
}

/** GET users' body (UTF-8 JSON bytes) as the app's wardrobe. */
export async function parseWardrobeBytes(bytes: ArrayBuffer): Promise<WardrobeData> {
  return (await parse({ id: nextId++, kind: 'wardrobe', bytes })) as WardrobeData;
}

/** Wire settings as the app's, with every default filled in; `{}` gives the defaults. */
export async function parseSettingsOffThread(json: unknown): Promise<Settings> {
  return (await parse({ id: nextId++, kind: 'settings', json })) as Settings;
}

/** For tests: forget the worker. */
export function resetAnswerWorkerForTests(): void {
  worker?.terminate();
  worker = undefined;
  pending.clear();
}
