import { Migrator } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import * as auth from './migrations/0001-auth.js';
import * as wardrobe from './migrations/0002-wardrobe.js';

/**
 * The ordered, static list of migrations. Kysely records each applied name in the database and
 * takes a lock while migrating, so running this again (or from two processes at once) is safe.
 * Forward-only: there are no down migrations.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-auth': auth,
  '0002-wardrobe': wardrobe,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${String((error as Error).message ?? error)}`, {
      cause: error,
    });
  }
}
