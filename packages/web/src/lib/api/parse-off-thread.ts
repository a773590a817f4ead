import type { Settings, WardrobeData } from '@hanger/domain';
import { loadParsers } from './answers';
// Inlined in the app's code (a blob URL), not fetched: it is needed the moment the answer is in,
// when the page's other downloads still hold the connections (some 10 kB, no schema library).
import FirstViewWorker from './first-view.worker?worker&inline';
import {
  firstViewFromWire,
  opensOnItemsTab,
  serverDrewFirstScreen,
  type FirstViewPreview,
  type FirstViewQuery,
} from './first-view';
import {
  joinWardrobe,
  type FirstViewAsk,
  type FirstViewReply,
  type ParseRequest,
  type ParseResponse,
  type WardrobePart,
} from './parse-protocol';

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

type Pending = {
  resolve: (value: WardrobeData | Settings) => void;
  reject: (e: Error) => void;
  /** A wardrobe's records received so far (the worker sends them in parts). */
  parts: WardrobePart[];
};

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
    if (reply.ok && 'part' in reply) {
      waiting.parts.push(reply.part);
      return;
    }
    pending.delete(reply.id);
    if (!reply.ok) waiting.reject(new AnswerFormatError(reply.message));
    else if (waiting.request.kind === 'wardrobe') {
      waiting.resolve(joinWardrobe(waiting.parts, reply.value as WardrobeData));
    } else waiting.resolve(reply.value);
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
    pending.set(request.id, { resolve, reject, request, parts: [] });
    // Copied, not transferred (a memcpy): should the worker fail, the page parses the same bytes.
    w.postMessage(request);
  });
}

/**
 * Starts the worker (and the download of its code) ahead of the first answer; on the Items tab,
 * the first-view worker too, unless the server drew the first screen.
 */
export function warmAnswerWorker(): void {
  if (opensOnItemsTab() && !serverDrewFirstScreen()) getFirstViewWorker();
  getWorker();
}

// The first screen of /items ahead of the whole wardrobe (first-view.ts) ----------------------

/** The first screen of /items, asked for ahead of the whole wardrobe (first-view.ts). */
export interface FirstViewRequest {
  query: FirstViewQuery;
  /**
   * Called at most once, and only before the whole wardrobe is read, with the view's head; the
   * whole answer is read once what it answers has settled (the first screen is up).
   */
  onFirstView: (preview: FirstViewPreview) => Promise<void> | void;
}

/** The longest the whole answer's read waits for the first screen. */
const FIRST_SCREEN_WAIT_MS = 1500;

let firstViewWorker: Worker | null | undefined;

function getFirstViewWorker(): Worker | null {
  if (firstViewWorker !== undefined) return firstViewWorker;
  if (typeof Worker !== 'function') return (firstViewWorker = null);
  try {
    firstViewWorker = new FirstViewWorker();
  } catch {
    return (firstViewWorker = null);
  }
  return firstViewWorker;
}

/** The first-view worker warmed for an answer that did not need it (a 304, a stored copy). */
export function releaseFirstViewWorker(): void {
  firstViewWorker?.terminate();
  firstViewWorker = undefined;
}

/**
 * Hands the bytes to the first-view worker (one answer per worker: it is done with after it).
 * `shown` settles once the first screen is up from its answer, or at once when it gives none, or
 * after FIRST_SCREEN_WAIT_MS; `done` is called once the whole wardrobe is read or failed: a head
 * arriving after that is dropped.
 */
function askFirstView(
  bytes: ArrayBuffer,
  request: FirstViewRequest,
): { shown: Promise<void>; done: () => void } | null {
  const w = getFirstViewWorker();
  if (!w) return null;
  firstViewWorker = undefined;
  let settled = false;
  let show!: () => void;
  const shown = new Promise<void>((resolve) => (show = resolve));
  const timer = setTimeout(show, FIRST_SCREEN_WAIT_MS);
  const done = () => {
    settled = true;
    clearTimeout(timer);
    w.terminate();
  };
  w.onmessage = (event: MessageEvent<FirstViewReply>) => {
    w.terminate();
    const { head } = event.data;
    if (settled || !head) return show();
    try {
      void Promise.resolve(request.onFirstView(firstViewFromWire(request.query, head))).then(
        show,
        show,
      );
    } catch (err) {
      // The whole answer's check will say what is wrong with it.
      console.warn('Hanger: the first view could not be read ahead', err);
      show();
    }
  };
  w.onerror = (event) => {
    event.preventDefault();
    w.terminate();
    show();
  };
  w.postMessage({ bytes, query: request.query } satisfies FirstViewAsk);
  return { shown, done };
}

/**
 * GET users' body (UTF-8 JSON bytes) as the app's wardrobe. With `firstView` (when workers run),
 * the head of that Items view is read first, in a worker of its own, and shown; the whole answer
 * is read after that: its check and mapping are most of the CPU of a first load, and would
 * otherwise compete with the first screen's (the head's reading, rendering, the photos).
 */
export async function parseWardrobeBytes(
  bytes: ArrayBuffer,
  firstView?: FirstViewRequest,
): Promise<WardrobeData> {
  const ask = firstView && getWorker() ? askFirstView(bytes, firstView) : null;
  if (ask) await ask.shown;
  try {
    return (await parse({ id: nextId++, kind: 'wardrobe', bytes })) as WardrobeData;
  } finally {
    ask?.done();
  }
}

/** Wire settings as the app's, with every default filled in; `{}` gives the defaults. */
export async function parseSettingsOffThread(json: unknown): Promise<Settings> {
  return (await parse({ id: nextId++, kind: 'settings', json })) as Settings;
}

/** For tests: forget the worker. */
export function resetAnswerWorkerForTests(): void {
  worker?.terminate();
  worker = undefined;
  firstViewWorker?.terminate();
  firstViewWorker = undefined;
  pending.clear();
}
