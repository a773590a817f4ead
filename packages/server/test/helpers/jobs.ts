import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateToLatest } from '../../src/db/index.js';
import type { Database } from '../../src/db/schema.js';
import {
  createJobQueue,
  PG_BOSS_SCHEMA,
  type JobLog,
  type JobQueue,
  type JobQueueSettings,
} from '../../src/jobs/index.js';
import { findJob } from '../../src/repositories/jobs.js';
import { createPgDatabase, type Engine } from './app.js';
import { FAST } from './job-settings.js';

export { FAST };

/** Collects what a queue logs; tests assert that nothing went wrong behind their back. */
export function recordingLog(): JobLog & { errors: unknown[] } {
  const errors: unknown[] = [];
  return {
    errors,
    info: () => undefined,
    warn: () => undefined,
    error: (obj, msg) => errors.push({ msg, ...obj }),
  };
}

/** One database for a test, and as many connections to it as there are "processes". */
export interface JobsDatabase {
  engine: Engine;
  /** DATABASE_URL on PostgreSQL, the file on SQLite. */
  url?: string;
  sqlitePath: string;
  /** A new connection (a process of its own); each is closed by `close`. */
  connect(): Kysely<Database>;
  /** A queue on a new connection. */
  queue(settings?: Partial<JobQueueSettings>, log?: JobLog): JobQueue;
  /**
   * A job's state in the runner's words (queued, running, done, failed, cancelled): its row on
   * SQLite, pg-boss's job or its archive on PostgreSQL.
   */
  stateOf(id: string): Promise<string | undefined>;
  /** Stop every queue, close their connections and empty the job tables, for the next test. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const PG_BOSS_STATES: Record<string, string> = {
  created: 'queued',
  retry: 'queued',
  active: 'running',
  completed: 'done',
};

export async function openJobsDatabase(engine: Engine): Promise<JobsDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'hanger-jobs-'));
  const pg = engine === 'postgres' ? await createPgDatabase() : undefined;
  const sqlitePath = join(dir, 'hanger.db');
  let handles: { destroy(): Promise<void> }[] = [];
  let queues: JobQueue[] = [];
  const connect = () => {
    const handle = createDb({ databaseUrl: pg?.url, sqlitePath });
    handles.push(handle);
    return handle.db;
  };
  const mainHandle = createDb({ databaseUrl: pg?.url, sqlitePath });
  const main = mainHandle.db;
  await migrateToLatest(main as Kysely<unknown>);
  const closeQueues = async () => {
    for (const queue of queues) await queue.stop().catch(() => undefined);
    for (const handle of handles) await handle.destroy().catch(() => undefined);
    queues = [];
    handles = [];
  };
  return {
    engine,
    url: pg?.url,
    sqlitePath,
    connect,
    queue(settings = {}, log = recordingLog()) {
      const queue = createJobQueue({
        db: connect(),
        databaseUrl: pg?.url,
        settings: { ...FAST, ...settings },
        log,
      });
      queues.push(queue);
      return queue;
    },
    async stateOf(id) {
      if (!pg) return (await findJob(main, id))?.state;
      const { rows } = await sql<{ state: string }>`
        select state from ${sql.table(`${PG_BOSS_SCHEMA}.job`)} where id = ${id}
        union all
        select state from ${sql.table(`${PG_BOSS_SCHEMA}.archive`)} where id = ${id}`.execute(main);
      const state = rows[0]?.state;
      return state && (PG_BOSS_STATES[state] ?? state);
    },
    async reset() {
      await closeQueues();
      await sql`delete from jobs`.execute(main);
      if (pg) {
        // pg-boss's schema exists once a queue has started; its queues stay, their jobs go.
        await sql`delete from ${sql.table(`${PG_BOSS_SCHEMA}.job`)}`
          .execute(main)
          .catch(() => undefined);
        await sql`delete from ${sql.table(`${PG_BOSS_SCHEMA}.archive`)}`
          .execute(main)
          .catch(() => undefined);
      }
    },
    async close() {
      await closeQueues();
      await mainHandle.destroy();
      await pg?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when `check` holds, polling every 50 ms; fails after `ms`. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 10_000,
  what = 'the condition',
): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A promise and the function that settles it, for handlers that wait for the test. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
