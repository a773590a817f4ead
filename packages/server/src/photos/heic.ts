/**
 * Decodes HEVC-coded HEIF photos (iPhone HEIC), which the bundled libvips cannot: its libheif has
 * no HEVC decoder. heic-decode runs libheif (with libde265) compiled to WebAssembly (libheif-js,
 * LGPL-3.0) in a worker thread, so that the second or so a 12 MP photo takes never blocks the
 * event loop (bench/heic.bench.ts measures it).
 *
 * One worker at most, started with the first HEIC photo and ended after `idleMs` without one, so a
 * server that is sent no HEIC photo holds none of its memory (the WebAssembly heap grows to the
 * size of the largest photo and never shrinks; ending the worker gives it back). It decodes one
 * photo at a time; the callers are already bounded by the photo slots (photo-slots.ts).
 *
 * libheif applies the container's transformations (irot rotation, imir mirror, clap crop), so the
 * pixels come out upright; the EXIF orientation a HEIC may also carry must then be ignored, as
 * the HEIF standard says (ISO/IEC 23008-12, 6.5.1 note) and as libvips does for HEIF.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface DecodedHeic {
  /** Interleaved 8-bit RGBA, upright. */
  data: Uint8Array;
  width: number;
  height: number;
  hasAlpha: boolean;
}

export interface DecodeHeicOptions {
  /** Refuse before decoding when the container declares more pixels than this. */
  maxPixels: number;
  /**
   * The size of the primary image as the container declares it (sharp's header): of several
   * top-level images, the one of this size is decoded.
   */
  width?: number;
  height?: number;
}

/** Why the worker could not give pixels. */
export class HeicDecodeError extends Error {
  constructor(
    readonly reason: 'too-large' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

interface Job {
  id: number;
  bytes: Uint8Array;
  maxPixels: number;
  width?: number;
  height?: number;
}

type Answer =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number; hasAlpha: boolean }
  | {
      id: number;
      ok: false;
      reason: 'too-large' | 'unreadable';
      message: string;
      crashed?: boolean;
    };

/**
 * The worker's code, a CommonJS script run with `eval`. It is plain JavaScript in a string, not a
 * function of this module turned into text, because the tools that compile this module (tsx and
 * Vitest, the bundle's esbuild) may add helpers to a function's body that the worker would not
 * have. It answers each job (Job) with an Answer; `workerData.heicDecodePath` is where
 * heic-decode was resolved from this module.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
// libheif-js reports a file it cannot parse on stdout as well as in its result; the result is what
// is answered, so the server's log gets no stray line.
console.log = () => undefined;
const heicDecode = require(workerData.heicDecodePath);

async function decode(job) {
  let images;
  try {
    images = await heicDecode.all({ buffer: job.bytes });
  } catch (err) {
    return { id: job.id, ok: false, reason: 'unreadable', message: String(err) };
  }
  try {
    const image = images.find((i) => i.width === job.width && i.height === job.height) || images[0];
    if (!image || !image.width || !image.height) {
      return { id: job.id, ok: false, reason: 'unreadable', message: 'no image' };
    }
    const { width, height } = image;
    // The container's size, read before any pixel is decoded.
    if (width * height > job.maxPixels) {
      return { id: job.id, ok: false, reason: 'too-large', message: width + 'x' + height };
    }
    // heic-decode rejects a photo libheif could not decode ("HEIF processing error").
    const { data } = await image.decode();
    let opaque = true;
    for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return { id: job.id, ok: true, data: pixels, width, height, hasAlpha: !opaque };
  } catch (err) {
    // A trap may leave libheif's memory inconsistent: the worker is then ended (crashed).
    const crashed = err instanceof WebAssembly.RuntimeError;
    return { id: job.id, ok: false, reason: 'unreadable', message: String(err), crashed };
  } finally {
    images.dispose();
  }
}

parentPort.on('message', (job) => {
  decode(job).then(
    (answer) => parentPort.postMessage(answer, answer.ok ? [answer.data.buffer] : []),
    (err) =>
      parentPort.postMessage({
        id: job.id,
        ok: false,
        reason: 'unreadable',
        message: String(err),
        crashed: true,
      }),
  );
});
`;

/** Ends the worker after this long without a photo. */
const DEFAULT_IDLE_MS = 30_000;
/** A photo that takes longer than this is given up (and the worker ended). */
const DEFAULT_TIMEOUT_MS = 60_000;

let idleMs = DEFAULT_IDLE_MS;
let timeoutMs = DEFAULT_TIMEOUT_MS;
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
let started = 0;
let jobs = 0;
/** The photos sent to a worker and not answered yet, by job id. */
const pending = new Map<
  number,
  {
    worker: Worker;
    resolve: (d: DecodedHeic) => void;
    reject: (e: Error) => void;
    timer: NodeJS.Timeout;
  }
>();

const pendingOn = (w: Worker) => [...pending.values()].filter((job) => job.worker === w).length;

/** For tests: how long the worker stays without work, and how long one photo may take. */
export function configureHeicDecoder(opts: { idleMs?: number; timeoutMs?: number }): void {
  if (opts.idleMs !== undefined) idleMs = opts.idleMs;
  if (opts.timeoutMs !== undefined) timeoutMs = opts.timeoutMs;
}

/** Whether the worker is running, how many times one was started, how many photos it was sent. */
export function heicDecoderState(): { running: boolean; started: number; jobs: number } {
  return { running: worker !== undefined, started, jobs };
}

/** Ends worker `w` (not a newer one) and fails the photos it still had. */
function stopWorker(w: Worker, error: Error): void {
  if (worker === w) {
    worker = undefined;
    clearTimeout(idleTimer);
  }
  void w.terminate();
  for (const [id, job] of pending) {
    if (job.worker !== w) continue;
    clearTimeout(job.timer);
    pending.delete(id);
    job.reject(error);
  }
}

function startWorker(): Worker {
  const heicDecodePath = createRequire(import.meta.url).resolve('heic-decode');
  const w = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { heicDecodePath },
    // The worker's own console output is not copied to the server's.
    stdout: true,
    stderr: true,
  });
  w.stdout.resume();
  w.stderr.resume();
  started++;
  w.on('message', (answer: Answer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    clearTimeout(job.timer);
    if (answer.ok) {
      job.resolve({
        data: answer.data,
        width: answer.width,
        height: answer.height,
        hasAlpha: answer.hasAlpha,
      });
    } else {
      job.reject(new HeicDecodeError(answer.reason, answer.message));
    }
    // A WebAssembly trap may leave libheif's memory inconsistent: start afresh next time.
    if (!answer.ok && answer.crashed) stopWorker(w, new HeicDecodeError('unreadable', 'crashed'));
    else settle(w);
  });
  w.on('error', (err) => stopWorker(w, new HeicDecodeError('unreadable', String(err))));
  w.on('exit', () => stopWorker(w, new HeicDecodeError('unreadable', 'the decoder stopped')));
  return w;
}

/** After a job: the worker no longer keeps the process alive and ends after `idleMs` idle. */
function settle(w: Worker): void {
  if (pendingOn(w) > 0 || worker !== w) return;
  w.unref();
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (worker === w && pendingOn(w) === 0) {
      worker = undefined;
      void w.terminate();
    }
  }, idleMs);
  idleTimer.unref();
}

/**
 * Decodes the primary image of a HEIF file to upright RGBA in the worker. Rejects with a
 * HeicDecodeError: 'too-large' when the container declares more than `maxPixels` (nothing is
 * decoded), 'unreadable' when libheif cannot read it.
 */
export function decodeHeic(bytes: Uint8Array, opts: DecodeHeicOptions): Promise<DecodedHeic> {
  clearTimeout(idleTimer);
  worker ??= startWorker();
  const w = worker;
  w.ref();
  const id = nextId++;
  jobs++;
  // A copy in a buffer of its own, transferred: the upload's bytes may share a pooled buffer.
  const copy = new Uint8Array(bytes);
  return new Promise<DecodedHeic>((resolve, reject) => {
    const timer = setTimeout(
      () => stopWorker(w, new HeicDecodeError('unreadable', 'decoding took too long')),
      timeoutMs,
    );
    pending.set(id, { worker: w, resolve, reject, timer });
    const job: Job = { id, bytes: copy, maxPixels: opts.maxPixels };
    if (opts.width && opts.height) Object.assign(job, { width: opts.width, height: opts.height });
    w.postMessage(job, [copy.buffer]);
  });
}
