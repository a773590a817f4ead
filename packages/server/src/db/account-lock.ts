import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';

/**
 * Hold the account's write lock until `trx` ends, so that checks made inside it (the quota, an
 * idempotency key) still hold when it commits, whatever other requests of the same account do.
 *
 * - PostgreSQL: the account's `user` row, `FOR NO KEY UPDATE` (it does not block the foreign-key
 *   checks of other inserts, only another holder of this lock), across every process.
 * - SQLite: one connection per process, and Kysely runs a transaction alone on it, so a
 *   transaction is already serialised within the process. Across processes a write statement is
 *   needed to take the database's write lock at once (before anything is read): an empty update of
 *   the account's own rows does that, and waits out `busy_timeout` instead of failing later.
 */
export async function lockAccount(trx: Kysely<Database>, userId: string): Promise<void> {
  if (dialectOf(trx as Kysely<unknown>) === 'postgres') {
    await sql`select id from "user" where id = ${userId} for no key update`.execute(trx);
  } else {
    await sql`update idempotency_keys set key = key where user_id = ${userId} and 0`.execute(trx);
  }
}

/** Whether `err` is a unique or primary-key violation, on either engine. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}
