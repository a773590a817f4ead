import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * Durable jobs of the in-process runner (src/jobs/table-queue.ts, docs/jobs.md): one row per job,
 * claimed by a single UPDATE … RETURNING that sets a lease, so a job whose process died is taken
 * again once its lease runs out. The SQLite engine uses it; on PostgreSQL pg-boss keeps the jobs
 * in its own schema and this table stays empty (one schema on both engines, docs/design.md rule 3).
 *
 * At most one queued-or-running job per (kind, singleton_key): a partial unique index, so two
 * enqueues at once cannot both insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('lease_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  // What a poll looks for: a kind's queued jobs that are due, and running ones whose lease ran out.
  await db.schema
    .createIndex('jobs_claim_idx')
    .ifNotExists()
    .on('jobs')
    .columns(['kind', 'state', 'run_at'])
    .execute();
  await db.schema
    .createIndex('jobs_singleton_idx')
    .ifNotExists()
    .unique()
    .on('jobs')
    .columns(['kind', 'singleton_key'])
    .where(sql.ref('singleton_key'), 'is not', null)
    .where(sql.ref('state'), 'in', [sql.lit('queued'), sql.lit('running')])
    .execute();
  await db.schema
    .createIndex('jobs_finished_idx')
    .ifNotExists()
    .on('jobs')
    .column('finished_at')
    .execute();
}
