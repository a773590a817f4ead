import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PgBossJobQueue } from './pg-boss-queue.js';
import { TableJobQueue } from './table-queue.js';
import type { JobLog, JobQueue, JobQueueSettings } from './types.js';

export * from './types.js';
export { failedQueueOf } from './pg-boss-queue.js';

export interface CreateJobQueueOptions {
  db: Kysely<Database>;
  /** Set: PostgreSQL, and pg-boss holds the jobs; unset: the `jobs` table of SQLite. */
  databaseUrl?: string;
  settings: JobQueueSettings;
  log: JobLog;
}

/**
 * The queue of the database in use (docs/jobs.md). Redis is not an engine: with it, PostgreSQL is
 * always there too (several processes need a shared database), and pg-boss on it gives the same
 * guarantees inside the transactions the app already has.
 */
export function createJobQueue({
  db,
  databaseUrl,
  settings,
  log,
}: CreateJobQueueOptions): JobQueue {
  return databaseUrl
    ? new PgBossJobQueue({ db, connectionString: databaseUrl, settings, log })
    : new TableJobQueue({ db, settings, log });
}
