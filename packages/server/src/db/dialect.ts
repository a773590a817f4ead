import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

/** The two engines one Kysely code path serves (docs/design.md rule 3). */
export type DbDialect = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to; migrations use it where DDL differs. */
export function dialectOf(db: Kysely<unknown>): DbDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
