import { sql, type Updateable } from 'kysely';
import type { JobsTable } from '../db/schema.js';
import type { Db } from './db.js';

/**
 * Durable jobs (docs/jobs.md). The `jobs` table (migration 0009) holds the SQLite engine's jobs;
 * it is no account's table: a job's payload names what it works on, and its handler checks the
 * owner. Every function here works across accounts, by design. The last two read pg-boss's own
 * job table, which pg-boss documents for direct database use, on PostgreSQL only.
 */

export type JobRow = JobsTable;

/** States in which a job counts as queued-or-running: the ones a singleton key is unique among. */
const LIVE: JobRow['state'][] = ['queued', 'running'];

/**
 * Add a job. With a singleton key and a live job of the same kind and key already there, nothing
 * is written and `false` is answered (the partial unique index of migration 0009 decides).
 */
export async function insertJob(db: Db, row: JobRow): Promise<boolean> {
  const inserted = await db
    .insertInto('jobs')
    .values(row)
    // The conflict target repeats the index's predicate in literals: SQLite matches a partial
    // index only to a predicate it can compare, which bound parameters are not.
    .onConflict((oc) =>
      oc
        .columns(['kind', 'singleton_key'])
        .where(sql.ref('singleton_key'), 'is not', null)
        .where(
          sql.ref('state'),
          'in',
          LIVE.map((state) => sql.lit(state)),
        )
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The id of the queued-or-running job of `kind` with `singletonKey`, if there is one. */
export async function findLiveJobId(
  db: Db,
  kind: string,
  singletonKey: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where('singleton_key', '=', singletonKey)
    .where('state', 'in', LIVE)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Claim the next job of `kind` in one statement: a queued job that is due, or a running one whose
 * lease ran out (its process died). The claim counts an attempt and holds the job until
 * `leaseUntil` under `token`. Nothing is answered when no job is ready.
 */
export async function claimJob(
  db: Db,
  kind: string,
  now: string,
  leaseUntil: string,
  token: string,
): Promise<JobRow | undefined> {
  return (
    db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempt: eb('attempt', '+', 1),
        lease_until: leaseUntil,
        lease_token: token,
      }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', kind)
          .where((w) =>
            w.or([
              w.and([w('state', '=', 'queued'), w('run_at', '<=', now)]),
              w.and([w('state', '=', 'running'), w('lease_until', '<', now)]),
            ]),
          )
          .orderBy('run_at')
          .limit(1),
      )
      // Again on the row itself: a claim that lost a race to another process changes nothing.
      .where((w) =>
        w.or([
          w.and([w('state', '=', 'queued'), w('run_at', '<=', now)]),
          w.and([w('state', '=', 'running'), w('lease_until', '<', now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * Update a job only while it is running under the claim `token` (a lease that another process
 * took over, or a cancel, makes the update a no-op): whether it applied.
 */
async function updateHeldJob(
  db: Db,
  id: string,
  token: string,
  values: Updateable<JobsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(values)
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Extend a running job's lease; `false` when the claim is no longer this one's (or it was cancelled). */
export async function renewJobLease(
  db: Db,
  id: string,
  token: string,
  leaseUntil: string,
): Promise<boolean> {
  return updateHeldJob(db, id, token, { lease_until: leaseUntil });
}

/** End a running job held by `token` as done or failed; a cancelled job stays cancelled. */
export async function finishJob(
  db: Db,
  id: string,
  token: string,
  state: 'done' | 'failed',
  now: string,
  error: string | null,
): Promise<boolean> {
  return updateHeldJob(db, id, token, {
    state,
    finished_at: now,
    lease_until: null,
    last_error: error,
  });
}

/** Put a running job held by `token` back in the queue, to be taken again from `runAt`. */
export async function requeueJob(
  db: Db,
  id: string,
  token: string,
  runAt: string,
  error: string,
): Promise<boolean> {
  return updateHeldJob(db, id, token, {
    state: 'queued',
    run_at: runAt,
    lease_until: null,
    lease_token: null,
    last_error: error,
  });
}

/** Cancel the queued-or-running job of `kind` with `singletonKey`; answers how many were. */
export async function cancelLiveJobs(
  db: Db,
  kind: string,
  singletonKey: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'cancelled', finished_at: now })
    .where('kind', '=', kind)
    .where('singleton_key', '=', singletonKey)
    .where('state', 'in', LIVE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A job's state, attempt and last error; undefined for an id that is not (or no longer) there. */
export async function findJob(
  db: Db,
  id: string,
): Promise<Pick<JobRow, 'state' | 'attempt' | 'last_error' | 'kind'> | undefined> {
  return db
    .selectFrom('jobs')
    .select(['state', 'attempt', 'last_error', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Remove jobs that ended before `before` (ISO time); answers how many went. */
export async function deleteJobsFinishedBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'failed', 'cancelled'])
    .where('finished_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * PostgreSQL only: hold, until the end of the caller's transaction, the lock of one (kind, key),
 * so that a look-up and a send of pg-boss happen as one step for that key.
 */
export async function lockJobKey(db: Db, kind: string, singletonKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`hanger-job/${kind}/${singletonKey}`}, 0))`.execute(
    db,
  );
}

/**
 * PostgreSQL only: the id of pg-boss's queued-or-running job in queue `queue` with
 * `singletonKey` (its job table in `schema`, whose columns pg-boss documents for direct use).
 */
export async function findLivePgBossJobId(
  db: Db,
  schema: string,
  queue: string,
  singletonKey: string,
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    select id from ${sql.table(`${schema}.job`)}
    where name = ${queue} and singleton_key = ${singletonKey}
      and state in ('created', 'retry', 'active')
    limit 1`.execute(db);
  return rows[0]?.id;
}
