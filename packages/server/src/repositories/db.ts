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
