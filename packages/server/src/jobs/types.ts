/**
 * The durable job queue's contract (docs/jobs.md). Two engines implement it: pg-boss on
 * PostgreSQL (`pg-boss-queue.ts`) and an in-process runner over the `jobs` table on SQLite
 * (`table-queue.ts`); callers see the same guarantees from both.
 */

/** Every kind of job the server runs; a queue (and on PostgreSQL a pg-boss queue) per kind. */
export const JOB_KINDS = ['cutout', 'colours', 'import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export interface JobInfo<P> {
  id: string;
  kind: JobKind;
  payload: P;
  /** 1-based: which attempt this run is (at most MAX_ATTEMPTS). */
  attempt: number;
}

export interface WorkOptions {
  /** Handlers of this kind run at once in this process (default 1). */
  concurrency?: number;
}

export type FailedHandler<P> = (job: JobInfo<P>, error: Error) => Promise<void>;
export type JobHandler<P> = (job: JobInfo<P>) => Promise<void>;

export interface JobQueue {
  /** Which engine holds the jobs. */
  readonly engine: 'pg-boss' | 'table';
  /**
   * Queue a job. With singletonKey, at most one queued-or-running job per (kind, key): a second
   * enqueue answers the existing job's id. Durable once the promise resolves.
   */
  enqueue<P extends object>(
    kind: JobKind,
    payload: P,
    opts?: { singletonKey?: string },
  ): Promise<string>;
  /**
   * Cancel the queued or running job of (kind, singletonKey), if any: a queued one never runs; a
   * running one finishes but its handler can check `isCancelled(id)`, and it is not retried.
   */
  cancel(kind: JobKind, singletonKey: string): Promise<void>;
  isCancelled(id: string): Promise<boolean>;
  /**
   * Register the handler of a kind for this process. A throw retries with backoff up to
   * MAX_ATTEMPTS attempts in all; a PermanentJobError fails it at once. After the last failure
   * (a throw, a timeout, or the process dying during the last attempt) onFailed runs once.
   */
  work<P>(
    kind: JobKind,
    handler: JobHandler<P>,
    opts?: WorkOptions & { onFailed?: FailedHandler<P> },
  ): void;
  start(): Promise<void>;
  /** Stop taking jobs; wait for running handlers (up to a timeout), leave the rest queued. */
  stop(): Promise<void>;
}

/** Thrown by a handler when trying again cannot help (not a photo, nothing left after a cut): no retry. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** Attempts of one job in all: the first and two retries. */
export const MAX_ATTEMPTS = 3;

/**
 * The longest one attempt of each kind may run before it counts as failed (and, on PostgreSQL,
 * how long a job whose process died waits before another process takes it). A cut-out takes
 * 5–7 s on two cores, a colour sample milliseconds, an import of 5,000 items 3 to 13 minutes
 * (13 on a loaded 2-core machine, bench/results/export.json): each limit leaves a wide margin, so
 * that an import still working is never counted as failed and started again beside itself.
 */
export const DEFAULT_TIMEOUT_SECONDS: Record<JobKind, number> = {
  cutout: 300,
  colours: 120,
  import: 1800,
};

/** How a queue runs; `config.ts` fills it from the JOB_* settings (README, docs/jobs.md). */
export interface JobQueueSettings {
  /** How often an idle process looks for jobs (seconds). */
  pollSeconds: number;
  /** The first retry waits about this long, each next one about twice as long (seconds). */
  retryDelaySeconds: number;
  /** One attempt's time limit per kind (seconds); DEFAULT_TIMEOUT_SECONDS when left out. */
  timeoutSeconds?: Partial<Record<JobKind, number>>;
  /**
   * How soon a job whose process stopped is found (seconds): on SQLite the lease a running job
   * holds, renewed every third of it; on PostgreSQL pg-boss's maintenance interval.
   */
  recoverySeconds: number;
  /** How long stop() waits for running handlers (ms). */
  stopTimeoutMs: number;
  /** How long finished jobs are kept before they are swept (seconds). */
  keepFinishedSeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobQueueSettings = {
  pollSeconds: 2,
  retryDelaySeconds: 10,
  recoverySeconds: 30,
  stopTimeoutMs: 8000,
  keepFinishedSeconds: 7 * 24 * 3600,
};

export function timeoutOf(settings: JobQueueSettings, kind: JobKind): number {
  return settings.timeoutSeconds?.[kind] ?? DEFAULT_TIMEOUT_SECONDS[kind];
}

/** Where the queue reports what no caller awaits (a handler's error, a poll that failed). */
export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The PostgreSQL schema pg-boss keeps its tables in, beside the app's (a restore with --force
 * drops it with the app's own: backup/restore.ts).
 */
export const PG_BOSS_SCHEMA = 'pgboss';
