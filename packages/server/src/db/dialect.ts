import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';
import type { DbDialect } from './index.js';

/** Which engine a Kysely instance talks to; migrations use it where DDL differs. */
export function dialectOf(db: Kysely<unknown>): DbDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
