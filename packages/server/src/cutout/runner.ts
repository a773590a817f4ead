import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelReply, ModelRequest } from './model-process.js';

/**
 * Runs the cut-out model (model-process.ts) in child processes, outside the server's own memory
 * (docs/cutouts.md, "How it runs"): a child is forked when a photo needs it, at the lowest CPU
 * priority, handles one photo at a time, and exits after `idleMs` without work, taking the
 * model's gigabyte with it. At most `concurrency` children (CUTOUT_CONCURRENCY) run at once; more
 * photos wait their turn here.
 */

export interface CutoutRunnerOptions {
  /** Photos segmented at once (one child each); CUTOUT_CONCURRENCY. */
  concurrency: number;
  /** A child with no work for this long exits (default one minute). */
  idleMs?: number;
  /** One photo longer than this is given up and its child ended (default 5 minutes). */
  timeoutMs?: number;
  /** Nice value of the children (default 19, the lowest priority). */
  priority?: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** The probe loads the runtime, not the model: a few seconds even on a busy machine. */
const PROBE_TIMEOUT_MS = 60_000;

/** Whether cut-outs can run here, and why not. */
export type Availability = { available: true } | { available: false; reason: string };

interface Worker {
  child: ChildProcess;
  busy: boolean;
  idleTimer?: NodeJS.Timeout;
  pending?: {
    id: number;
    resolve(reply: ModelReply): void;
    reject(err: Error): void;
    timer: NodeJS.Timeout;
  };
}

/** The child's entry: the TypeScript source under tsx (dev, tests), else the built file. */
function modelEntry(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const dir = dirname(here);
  if (here.endsWith('.ts')) {
    return { path: join(dir, 'model-process.ts'), execArgv: ['--import', 'tsx'] };
  }
  // The per-file build puts this file beside it (dist/cutout/); the bundle puts this code in
  // dist/main.js or dist/chunks/, and tsc's dist/cutout/model-process.js stays beside them.
  const candidates = [
    join(dir, 'model-process.js'),
    join(dir, 'cutout', 'model-process.js'),
    join(dir, '..', 'cutout', 'model-process.js'),
  ];
  const path = candidates.find((p) => existsSync(p)) ?? candidates[0]!;
  return { path, execArgv: [] };
}

export class CutoutRunner {
  private readonly workers = new Set<Worker>();
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private availability: Promise<Availability> | undefined;
  private closed = false;
  private readonly idleMs: number;
  private readonly timeoutMs: number;
  private readonly priority: number;

  constructor(private readonly options: CutoutRunnerOptions) {
    this.idleMs = options.idleMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 5 * 60_000;
    this.priority = options.priority ?? 19;
  }

  /**
   * Whether the model can run on this machine, checked once (a short-lived child loads the ONNX
   * runtime and checks the model's files, without loading the model) and logged once when not.
   */
  available(): Promise<Availability> {
    this.availability ??= this.probe().then(
      (): Availability => ({ available: true }),
      (err: Error): Availability => {
        this.options.log.warn(
          { reason: err.message },
          'cut-out photos are not available on this server: the model cannot load',
        );
        return { available: false, reason: err.message };
      },
    );
    return this.availability;
  }

  /** Children running now (for tests and measurements). */
  running(): number {
    return this.workers.size;
  }

  /** Their process ids (bench/cutout.bench.ts reads their CPU time). */
  pids(): number[] {
    return [...this.workers].flatMap((w) => (w.child.pid === undefined ? [] : [w.child.pid]));
  }

  /** The foreground mask of upright RGBA pixels: one byte of alpha per pixel. */
  async segment(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
    const reply = await this.withWorker((worker) =>
      this.request(worker, { type: 'segment', id: this.nextId++, rgba, width, height }),
    );
    if (reply.type !== 'mask') throw new Error('The cut-out model gave no mask');
    return reply.mask;
  }

  /** Ends every child; work still waiting is refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve();
    await Promise.all([...this.workers].map((w) => this.end(w)));
  }

  private async probe(): Promise<void> {
    // A child of its own that exits right after: the check must not keep anything in memory.
    const worker = this.spawn();
    try {
      await this.request(worker, { type: 'probe', id: this.nextId++ }, PROBE_TIMEOUT_MS);
    } finally {
      await this.end(worker);
    }
  }

  private async withWorker<T>(work: (worker: Worker) => Promise<T>): Promise<T> {
    while (!this.closed && this.busyCount() >= this.options.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    if (this.closed) throw new Error('The cut-out runner is closed');
    let worker = [...this.workers].find((w) => !w.busy);
    worker ??= this.spawn();
    worker.busy = true;
    clearTimeout(worker.idleTimer);
    try {
      return await work(worker);
    } finally {
      worker.busy = false;
      if (this.workers.has(worker)) {
        worker.idleTimer = setTimeout(() => void this.end(worker), this.idleMs);
        worker.idleTimer.unref();
      }
      this.waiting.shift()?.();
    }
  }

  private busyCount(): number {
    let n = 0;
    for (const w of this.workers) if (w.busy) n++;
    return n;
  }

  private spawn(): Worker {
    const entry = modelEntry();
    const child = fork(entry.path, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = { child, busy: false };
    this.workers.add(worker);
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, this.priority);
      } catch (err) {
        this.options.log.warn({ err }, 'cut-out model: could not lower its priority');
      }
    }
    child.on('message', (reply: ModelReply) => {
      const pending = worker.pending;
      if (!pending || pending.id !== reply.id) return;
      worker.pending = undefined;
      clearTimeout(pending.timer);
      pending.resolve(reply);
    });
    const gone = (why: string) => {
      this.workers.delete(worker);
      clearTimeout(worker.idleTimer);
      const pending = worker.pending;
      worker.pending = undefined;
      if (pending) {
        clearTimeout(pending.timer);
        pending.reject(new Error(`The cut-out process stopped (${why})`));
      }
    };
    child.on('exit', (code, signal) => gone(signal ? `signal ${signal}` : `exit code ${code}`));
    child.on('error', (err) => gone(err.message));
    return worker;
  }

  private request(
    worker: Worker,
    message: ModelRequest,
    timeoutMs = this.timeoutMs,
  ): Promise<ModelReply> {
    return new Promise<ModelReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.pending = undefined;
        reject(new Error(`The cut-out took longer than ${Math.round(timeoutMs / 1000)} s`));
        void this.end(worker);
      }, timeoutMs);
      worker.pending = {
        id: message.id,
        timer,
        resolve: (reply) => {
          if (reply.type === 'error') reject(new Error(reply.message));
          else resolve(reply);
        },
        reject,
      };
      worker.child.send(message, (err) => {
        if (!err) return;
        clearTimeout(timer);
        worker.pending = undefined;
        reject(err);
      });
    });
  }

  private end(worker: Worker): Promise<void> {
    this.workers.delete(worker);
    clearTimeout(worker.idleTimer);
    const { child } = worker;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      // Closing the channel ends it (model-process.ts); a child stuck in the model is killed.
      if (child.connected) child.disconnect();
      const kill = setTimeout(() => child.kill('SIGKILL'), 2000);
      kill.unref();
      child.once('exit', () => clearTimeout(kill));
    });
  }
}
