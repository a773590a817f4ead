import { setTimeout as delay } from 'node:timers/promises';
import { Migrator, sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import * as auth from './migrations/0001-auth.js';
import * as wardrobe from './migrations/0002-wardrobe.js';
import * as dataTransfer from './migrations/0003-data-transfer.js';
import * as calendarFeed from './migrations/0004-calendar-feed.js';
import * as authRevocation from './migrations/0005-auth-revocation.js';
import * as idempotency from './migrations/0006-idempotency.js';
import * as statusIndex from './migrations/0007-status-index.js';
import * as idempotencyFingerprint from './migrations/0008-idempotency-fingerprint.js';
import * as jobs from './migrations/0009-jobs.js';
import * as cutouts from './migrations/0010-cutouts.js';
import * as colours from './migrations/0011-colours.js';
import * as suggestionFeedback from './migrations/0012-suggestion-feedback.js';
import * as collections from './migrations/0013-collections.js';
import * as sheetImports from './migrations/0014-sheet-imports.js';

/**
 * The ordered, static list of migrations. Each applied name is recorded in the database (table
 * kysely_migration), so running this again applies nothing. Forward-only: no down migrations.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-auth': auth,
  '0002-wardrobe': wardrobe,
  '0003-data-transfer': dataTransfer,
  '0004-calendar-feed': calendarFeed,
  '0005-auth-revocation': authRevocation,
  '0006-idempotency': idempotency,
  '0007-status-index': statusIndex,
  '0008-idempotency-fingerprint': idempotencyFingerprint,
  '0009-jobs': jobs,
  '0010-cutouts': cutouts,
  '0011-colours': colours,
  '0012-suggestion-feedback': suggestionFeedback,
  '0013-collections': collections,
  '0014-sheet-imports': sheetImports,
};

const ATTEMPTS = 3;

/**
 * Every migration of the list, and nothing else, is recorded as applied: the case of every start
 * but the first. One query instead of the migrator's table introspection, lock table and lock
 * (about a tenth of a start-up); anything else (no table yet, a pending or unknown migration)
 * goes through the migrator, which applies or reports it.
 */
async function upToDate(db: Kysely<unknown>): Promise<boolean> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(db);
    const known = Object.keys(MIGRATIONS).sort();
    return rows.length === known.length && rows.every((row, i) => row.name === known[i]);
  } catch {
    return false;
  }
}

/**
 * Bring the schema up to date. PostgreSQL serialises concurrent migrators with a lock; SQLite has
 * no such lock across processes, so a process that loses the race (its transaction rolls back)
 * looks again and is done if the winner applied everything.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  if (await upToDate(db)) return;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt);
    if (pending.length === 0) return;
    if (attempt >= ATTEMPTS) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? pending[0]?.name;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Database migration ${failed ?? ''} failed: ${reason}`, { cause: error });
    }
    await delay(100 * attempt);
  }
}
