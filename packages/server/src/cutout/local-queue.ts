import { randomUUID } from 'node:crypto';
import type { CutoutJob, CutoutJobPayload, CutoutQueue } from '../services/cutouts.js';

/**
 * An in-process stand-in for the durable job queue (DESIGN: jobs live in the database), used
 * until the server's queue (src/jobs) runs cut-outs: the same handler, attempts and give-up
 * path, but jobs live in this process's memory, so a restart loses the queued ones (their items
 * stay "pending" until "Remove background" is pressed again).
 */
export interface LocalQueueOptions {
  handler(job: CutoutJob): Promise<void>;
  onFailed(job: CutoutJob, error: unknown): Promise<void>;
  /** Attempts before giving up (default 3). */
  attempts?: number;
  /** Wait before attempt n+1: backoffMs * 2^(n-1) (default 2 s). */
  backoffMs?: number;
  log: { error(obj: object, msg: string): void };
}

function isPermanent(err: unknown): boolean {
  return (err as { permanent?: unknown } | null)?.permanent === true;
}

export function localCutoutQueue(options: LocalQueueOptions): CutoutQueue & {
  /** Resolves once every queued job has finished (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
} {
  const attempts = options.attempts ?? 3;
  const backoffMs = options.backoffMs ?? 2000;
  const cancelled = new Set<string>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  async function run(payload: CutoutJobPayload): Promise<void> {
    const id = randomUUID();
    for (let attempt = 1; attempt <= attempts && !stopped; attempt++) {
      if (cancelled.delete(payload.token)) return;
      const job: CutoutJob = { id, payload, attempt };
      try {
        await options.handler(job);
        return;
      } catch (err) {
        if (attempt === attempts || isPermanent(err)) {
          await options.onFailed(job, err).catch((e: unknown) => {
            options.log.error({ err: e }, 'cut-out: could not record the failure');
          });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 1)));
      }
    }
  }

  return {
    enqueue(payload) {
      const done = run(payload).finally(() => running.delete(done));
      running.add(done);
      return Promise.resolve();
    },
    cancel(token) {
      cancelled.add(token);
      return Promise.resolve();
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    stop() {
      stopped = true;
    },
  };
}
