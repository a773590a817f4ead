import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  cancelLiveJobs,
  claimJob,
  deleteJobsFinishedBefore,
  findJob,
  findLiveJobId,
  finishJob,
  insertJob,
  renewJobLease,
  requeueJob,
  type JobRow,
} from '../repositories/jobs.js';
import { asError, backoffMs, runOnFailed, withinSeconds } from './run-helpers.js';
import {
  MAX_ATTEMPTS,
  PermanentJobError,
  timeoutOf,
  type FailedHandler,
  type JobHandler,
  type JobInfo,
  type JobKind,
  type JobLog,
  type JobQueue,
  type JobQueueSettings,
  type WorkOptions,
} from './types.js';

export interface TableQueueOptions {
  db: Kysely<Database>;
  settings: JobQueueSettings;
  log: JobLog;
}

interface Worker {
  handler: JobHandler<unknown>;
  onFailed?: FailedHandler<unknown>;
  concurrency: number;
  running: number;
}

/** Finished jobs are swept this often (and once at start). */
const SWEEP_INTERVAL_MS = 3600_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The in-process runner over the `jobs` table (migration 0009, docs/jobs.md), the SQLite engine.
 * A job is claimed by one UPDATE … RETURNING that sets a lease; the process renews the lease while
 * the handler runs, so a job whose process died (kill -9) is claimed again once its lease has run
 * out, by this process after a restart or by another one sharing the file. Polling is one timer
 * (JOB_POLL_SECONDS); an enqueue or a finished job looks again at once.
 */
export class TableJobQueue implements JobQueue {
  readonly engine = 'table' as const;
  readonly #db: Kysely<Database>;
  readonly #settings: JobQueueSettings;
  readonly #log: JobLog;
  readonly #workers = new Map<JobKind, Worker>();
  readonly #running = new Set<Promise<void>>();
  readonly #heartbeats = new Set<NodeJS.Timeout>();
  #started = false;
  #stopping = false;
  #pollTimer?: NodeJS.Timeout;
  #sweepTimer?: NodeJS.Timeout;
  #polling?: Promise<void>;
  #pollAgain = false;

  constructor({ db, settings, log }: TableQueueOptions) {
    this.#db = db;
    this.#settings = settings;
    this.#log = log;
  }

  async enqueue<P extends object>(
    kind: JobKind,
    payload: P,
    opts: { singletonKey?: string } = {},
  ): Promise<string> {
    const singletonKey = opts.singletonKey ?? null;
    // A live job of the key may finish between the insert that conflicts with it and the look-up:
    // then the next round inserts.
    for (let round = 0; round < 5; round++) {
      const now = iso(Date.now());
      const id = randomUUID();
      const inserted = await insertJob(this.#db, {
        id,
        kind,
        payload: JSON.stringify(payload),
        state: 'queued',
        singleton_key: singletonKey,
        attempt: 0,
        max_attempts: MAX_ATTEMPTS,
        run_at: now,
        lease_until: null,
        lease_token: null,
        last_error: null,
        created_at: now,
        finished_at: null,
      });
      if (inserted) {
        this.#wake();
        return id;
      }
      const existing = singletonKey && (await findLiveJobId(this.#db, kind, singletonKey));
      if (existing) return existing;
    }
    throw new Error(`Could not queue a ${kind} job for ${singletonKey ?? 'no key'}`);
  }

  async cancel(kind: JobKind, singletonKey: string): Promise<void> {
    await cancelLiveJobs(this.#db, kind, singletonKey, iso(Date.now()));
  }

  async isCancelled(id: string): Promise<boolean> {
    return (await findJob(this.#db, id))?.state === 'cancelled';
  }

  work<P>(
    kind: JobKind,
    handler: JobHandler<P>,
    opts: WorkOptions & { onFailed?: FailedHandler<P> } = {},
  ): void {
    if (this.#workers.has(kind)) throw new Error(`A handler of ${kind} jobs is registered already`);
    this.#workers.set(kind, {
      handler: handler as JobHandler<unknown>,
      onFailed: opts.onFailed as FailedHandler<unknown> | undefined,
      concurrency: Math.max(1, opts.concurrency ?? 1),
      running: 0,
    });
    this.#wake();
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    this.#stopping = false;
    this.#pollTimer = setInterval(() => this.#wake(), this.#settings.pollSeconds * 1000);
    this.#pollTimer.unref();
    this.#sweepTimer = setInterval(() => void this.#sweep(), SWEEP_INTERVAL_MS);
    this.#sweepTimer.unref();
    await this.#sweep();
    // Jobs whose lease ran out while no process held them are taken now.
    await this.#poll();
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#stopping = true;
    clearInterval(this.#pollTimer);
    clearInterval(this.#sweepTimer);
    await this.#polling;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#settings.stopTimeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.#running]), timeout]);
    clearTimeout(timer);
    if (this.#running.size > 0) {
      this.#log.warn(
        { running: this.#running.size },
        'jobs still running at shutdown: they are taken again once their lease runs out',
      );
    }
    // The database may close next: a handler still running keeps no lease alive.
    for (const heartbeat of this.#heartbeats) clearInterval(heartbeat);
    this.#heartbeats.clear();
    this.#started = false;
  }

  /** Look for work soon, once: wakes coalesce. */
  #wake(): void {
    if (!this.#started || this.#stopping) return;
    if (this.#polling) {
      this.#pollAgain = true;
      return;
    }
    void this.#poll();
  }

  async #poll(): Promise<void> {
    if (this.#polling) return this.#polling;
    const run = async () => {
      do {
        this.#pollAgain = false;
        for (const [kind, worker] of this.#workers) {
          while (!this.#stopping && worker.running < worker.concurrency) {
            const claimed = await this.#claim(kind);
            if (!claimed) break;
            this.#launch(kind, worker, claimed);
          }
        }
      } while (this.#pollAgain && !this.#stopping);
    };
    this.#polling = run()
      .catch((err: unknown) => this.#log.error({ err }, 'looking for jobs failed'))
      .finally(() => {
        this.#polling = undefined;
      });
    return this.#polling;
  }

  async #claim(kind: JobKind): Promise<{ row: JobRow; token: string } | undefined> {
    const now = Date.now();
    const token = randomUUID();
    const row = await claimJob(
      this.#db,
      kind,
      iso(now),
      iso(now + this.#settings.recoverySeconds * 1000),
      token,
    );
    return row ? { row, token } : undefined;
  }

  #launch(kind: JobKind, worker: Worker, { row, token }: { row: JobRow; token: string }): void {
    worker.running++;
    const leaseMs = this.#settings.recoverySeconds * 1000;
    const heartbeat = setInterval(() => {
      renewJobLease(this.#db, row.id, token, iso(Date.now() + leaseMs)).catch((err: unknown) =>
        this.#log.warn({ err, jobId: row.id }, 'renewing a job lease failed'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
    this.#heartbeats.add(heartbeat);
    const done = this.#execute(kind, worker, row, token)
      .catch((err: unknown) => this.#log.error({ err, jobId: row.id }, 'job bookkeeping failed'))
      .finally(() => {
        clearInterval(heartbeat);
        this.#heartbeats.delete(heartbeat);
        worker.running--;
        this.#running.delete(done);
        this.#wake();
      });
    this.#running.add(done);
  }

  async #execute(kind: JobKind, worker: Worker, row: JobRow, token: string): Promise<void> {
    const job: JobInfo<unknown> = {
      id: row.id,
      kind,
      payload: JSON.parse(row.payload) as unknown,
      attempt: Math.min(row.attempt, row.max_attempts),
    };
    const now = () => iso(Date.now());
    if (row.attempt > row.max_attempts) {
      // Its process stopped during the last attempt (or during onFailed): only onFailed is left.
      const error = new Error(
        row.last_error ?? `The process running this job stopped during attempt ${row.max_attempts}`,
      );
      await runOnFailed(worker.onFailed, job, error, this.#log);
      await finishJob(this.#db, row.id, token, 'failed', now(), error.message);
      return;
    }
    try {
      await withinSeconds(worker.handler(job), timeoutOf(this.#settings, kind));
      await finishJob(this.#db, row.id, token, 'done', now(), null);
    } catch (thrown) {
      const error = asError(thrown);
      const last = error instanceof PermanentJobError || row.attempt >= row.max_attempts;
      if (!last) {
        const runAt = Date.now() + backoffMs(this.#settings.retryDelaySeconds, row.attempt);
        await requeueJob(this.#db, row.id, token, iso(runAt), error.message);
        this.#log.info({ jobId: row.id, kind, attempt: row.attempt, err: error }, 'job retries');
        return;
      }
      // A cancelled job is over already: its canceller says what the user sees.
      if (await this.isCancelled(row.id)) return;
      await runOnFailed(worker.onFailed, job, error, this.#log);
      await finishJob(this.#db, row.id, token, 'failed', now(), error.message);
    }
  }

  async #sweep(): Promise<void> {
    const before = iso(Date.now() - this.#settings.keepFinishedSeconds * 1000);
    await deleteJobsFinishedBefore(this.#db, before).catch((err: unknown) =>
      this.#log.warn({ err }, 'sweeping finished jobs failed'),
    );
  }
}
