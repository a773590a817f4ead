import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/schema.js';
import { findLivePgBossJobId, lockJobKey } from '../repositories/jobs.js';
import { asError, runOnFailed } from './run-helpers.js';
import {
  JOB_KINDS,
  MAX_ATTEMPTS,
  PermanentJobError,
  PG_BOSS_SCHEMA,
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

// pg-boss is loaded only on PostgreSQL: a SQLite server spends no start-up time or memory on it.
const require = createRequire(import.meta.url);

/** PostgreSQL's error code for a deadlock: one of the transactions was rolled back. */
const DEADLOCK = '40P01';


/** What a job carries in pg-boss: its id again, so that its dead-letter copy still names it. */
interface Envelope {
  id: string;
  payload: unknown;
}

/** Where a kind's jobs go once they failed for good (pg-boss's dead-letter queue). */
export const failedQueueOf = (kind: JobKind) => `${kind}-failed`;

export interface PgBossQueueOptions {
  /** The app's database: singleton look-ups run in its transactions. */
  db: Kysely<Database>;
  connectionString: string;
  settings: JobQueueSettings;
  log: JobLog;
}

interface Registration {
  handler: JobHandler<unknown>;
  onFailed?: FailedHandler<unknown>;
  concurrency: number;
  workerIds: string[];
}

/** The message of a failed job's pg-boss output: a serialized Error, or pg-boss's own `{ value }`. */
function outputMessage(output: unknown): string {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message = o?.message ?? o?.value?.message;
  return typeof message === 'string' ? message : 'The job failed';
}

/**
 * The PostgreSQL engine (docs/jobs.md): pg-boss through its public API. pg-boss hands a job to
 * exactly one worker across every process (SKIP LOCKED), retries a failed one with backoff, fails
 * one whose worker stopped answering once its expiry has passed (and retries it), and copies a job
 * that failed for good to the kind's dead-letter queue, whose worker here runs onFailed. A singleton
 * key is looked up and sent under a transaction lock of that key, so a second enqueue answers the
 * first job's id.
 */
export class PgBossJobQueue implements JobQueue {
  readonly engine = 'pg-boss' as const;
  readonly #db: Kysely<Database>;
  readonly #boss: PgBoss;
  readonly #settings: JobQueueSettings;
  readonly #log: JobLog;
  readonly #registrations = new Map<JobKind, Registration>();
  /** Jobs this process runs, by id: isCancelled asks their own queue first. */
  readonly #running = new Map<string, JobKind>();
  #opening?: Promise<void>;
  #started = false;
  #stopped = false;

  constructor({ db, connectionString, settings, log }: PgBossQueueOptions) {
    this.#db = db;
    this.#settings = settings;
    this.#log = log;
    const Boss = require('pg-boss') as typeof PgBoss;
    this.#boss = new Boss({
      connectionString,
      schema: PG_BOSS_SCHEMA,
      application_name: 'hanger-jobs',
      // Its own small pool: pg-boss's maintenance runs multi-statement transactions.
      max: 4,
      // No cron schedules are used: no clock monitor.
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: settings.recoverySeconds,
      pollingIntervalSeconds: settings.pollSeconds,
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: 24 * 3600,
      deleteAfterSeconds: settings.keepFinishedSeconds,
    });
    this.#boss.on('error', (err) => this.#log.error({ err }, 'job queue error'));
  }

  /** Start pg-boss (creating or upgrading its schema) and its queues, once. */
  #open(): Promise<void> {
    if (this.#stopped) return Promise.reject(new Error('The job queue has stopped'));
    this.#opening ??= (async () => {
      await this.#boss.start();
      const existing = new Set((await this.#boss.getQueues()).map((queue) => queue.name));
      for (const kind of JOB_KINDS) {
        for (const name of [failedQueueOf(kind), kind]) {
          if (!existing.has(name)) await this.#createQueue(name);
        }
      }
    })();
    return this.#opening;
  }

  /**
   * Processes starting together may create a queue at once: pg-boss's create_queue adds a
   * partition to its job table, and two of those can deadlock. The loser tries again and finds
   * the queue there (create_queue does nothing then).
   */
  async #createQueue(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#boss.createQueue(name);
        return;
      } catch (err) {
        if (attempt >= 5 || (err as { code?: string }).code !== DEADLOCK) throw err;
        await delay(50 * attempt + Math.random() * 100);
      }
    }
  }

  async enqueue<P extends object>(
    kind: JobKind,
    payload: P,
    opts: { singletonKey?: string } = {},
  ): Promise<string> {
    await this.#open();
    const id = randomUUID();
    const data: Envelope = { id, payload };
    const options: PgBoss.SendOptions = {
      id,
      retryLimit: MAX_ATTEMPTS - 1,
      retryDelay: this.#settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: timeoutOf(this.#settings, kind),
      deadLetter: failedQueueOf(kind),
    };
    const key = opts.singletonKey;
    const sent = key
      ? await this.#db.transaction().execute(async (trx) => {
          await lockJobKey(trx, kind, key);
          const existing = await findLivePgBossJobId(trx, PG_BOSS_SCHEMA, kind, key);
          if (existing) return existing;
          // Sent in this transaction (pg-boss's `db` option), so the lock covers it until commit.
          const db: PgBoss.Db = {
            executeSql: (text, values) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])),
          };
          return this.#boss.send(kind, data, { ...options, singletonKey: key, db });
        })
      : await this.#boss.send(kind, data, options);
    if (!sent) throw new Error(`pg-boss did not queue the ${kind} job`);
    for (const workerId of this.#registrations.get(kind)?.workerIds ?? []) {
      this.#boss.notifyWorker(workerId);
    }
    return sent;
  }

  async cancel(kind: JobKind, singletonKey: string): Promise<void> {
    await this.#open();
    const id = await findLivePgBossJobId(this.#db, PG_BOSS_SCHEMA, kind, singletonKey);
    if (id) await this.#boss.cancel(kind, id);
  }

  async isCancelled(id: string): Promise<boolean> {
    await this.#open();
    const own = this.#running.get(id);
    for (const kind of own ? [own] : JOB_KINDS) {
      const job = await this.#boss.getJobById(kind, id, { includeArchive: true });
      if (job) return job.state === 'cancelled';
    }
    return false;
  }

  work<P>(
    kind: JobKind,
    handler: JobHandler<P>,
    opts: WorkOptions & { onFailed?: FailedHandler<P> } = {},
  ): void {
    if (this.#registrations.has(kind)) {
      throw new Error(`A handler of ${kind} jobs is registered already`);
    }
    const registration: Registration = {
      handler: handler as JobHandler<unknown>,
      onFailed: opts.onFailed as FailedHandler<unknown> | undefined,
      concurrency: Math.max(1, opts.concurrency ?? 1),
      workerIds: [],
    };
    this.#registrations.set(kind, registration);
    if (this.#started) {
      this.#open()
        .then(() => this.#startWorkers(kind, registration))
        .catch((err: unknown) => this.#log.error({ err, kind }, 'starting job workers failed'));
    }
  }

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    // A process that works no kind opens pg-boss only when it first queues a job: no schema
    // check, pool or maintenance timer at start-up for nothing.
    if (this.#registrations.size === 0) return;
    await this.#open();
    for (const [kind, registration] of this.#registrations) {
      await this.#startWorkers(kind, registration);
    }
  }

  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (!this.#opening) return;
    await this.#opening.catch(() => undefined);
    // pg-boss waits for running handlers up to the timeout; a job still running then counts as a
    // failed attempt and is retried by whichever process takes it next.
    await this.#boss.stop({ graceful: true, wait: true, timeout: this.#settings.stopTimeoutMs });
  }

  async #startWorkers(kind: JobKind, registration: Registration): Promise<void> {
    const options = {
      batchSize: 1,
      includeMetadata: true as const,
      pollingIntervalSeconds: this.#settings.pollSeconds,
    };
    // pg-boss 10 runs one job at a time per worker: `concurrency` workers run that many at once.
    // A worker that has just finished a job looks for the next at once (notifyWorker) instead of
    // waiting out its polling interval: a backlog of short jobs runs back to back.
    for (let i = 0; i < registration.concurrency; i++) {
      let id = '';
      id = await this.#boss.work<Envelope>(kind, options, async ([job]) => {
        try {
          return await this.#run(kind, registration, job!);
        } finally {
          this.#boss.notifyWorker(id);
        }
      });
      registration.workerIds.push(id);
    }
    let failedId = '';
    failedId = await this.#boss.work<Envelope>(failedQueueOf(kind), options, async ([job]) => {
      try {
        await this.#runFailed(kind, registration, job!);
      } finally {
        this.#boss.notifyWorker(failedId);
      }
    });
  }

  async #run(
    kind: JobKind,
    registration: Registration,
    job: PgBoss.JobWithMetadata<Envelope>,
  ): Promise<object | undefined> {
    const info: JobInfo<unknown> = {
      id: job.id,
      kind,
      payload: job.data.payload,
      attempt: job.retryCount + 1,
    };
    this.#running.set(job.id, kind);
    try {
      await registration.handler(info);
      return undefined;
    } catch (thrown) {
      const error = asError(thrown);
      // Thrown on: pg-boss retries it, or fails it for good and copies it to the dead letters.
      if (!(error instanceof PermanentJobError)) throw error;
      // pg-boss 10 has no call that fails a job past its retries: a permanent failure runs
      // onFailed here and ends the job as completed, its output saying it failed.
      if (!(await this.isCancelled(job.id))) {
        await runOnFailed(registration.onFailed, info, error, this.#log);
      }
      return { failed: error.message, permanent: true };
    } finally {
      this.#running.delete(job.id);
    }
  }

  async #runFailed(
    kind: JobKind,
    registration: Registration,
    letter: PgBoss.JobWithMetadata<Envelope>,
  ): Promise<void> {
    const info: JobInfo<unknown> = {
      id: letter.data.id,
      kind,
      payload: letter.data.payload,
      attempt: MAX_ATTEMPTS,
    };
    await runOnFailed(
      registration.onFailed,
      info,
      new Error(outputMessage(letter.output)),
      this.#log,
    );
  }
}
