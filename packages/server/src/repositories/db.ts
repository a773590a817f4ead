import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * What every repository function runs on: the app's database or a transaction of it (a Kysely
 * `Transaction` is one), so that a service can put several calls, and `lockAccount`
 * (db/account-lock.ts), in one transaction.
 */
export type Db = Kysely<Database>;

/** Rows are written as the owner's: a repository sets `user_id` itself, never from its caller. */
export type Owned<Row> = Omit<Row, 'user_id'>;

/**
 * `values` without the columns a caller never sets: the owner, and with `id: true` the record's id
 * (a change never moves a record). Types already keep them out; this holds at run time too, so
 * that a row read from another query and passed on cannot carry another owner in.
 */
export function callerColumns<T extends object>(values: T, options: { id?: boolean } = {}): T {
  const copy = { ...values } as Record<string, unknown>;
  delete copy.user_id;
  if (options.id) delete copy.id;
  return copy as T;
}

/** Run `work` in `db` when it is a transaction already, else in a new transaction of it. */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Ids per IN list: far under SQLite's and PostgreSQL's bound on a statement's parameters. */
export const IN_CHUNK = 500;

/** `ids` in lists of at most IN_CHUNK, for statements with an IN list. */
export function chunks<T>(ids: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
