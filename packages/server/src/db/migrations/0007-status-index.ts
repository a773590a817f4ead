import type { Kysely } from 'kysely';

/**
 * A user's items and outfits by status: the server-drawn first screen of /items counts them for
 * its tabs on every document load (services/first-screen.ts `readTabCounts`, docs/performance.md),
 * and with these indexes the database counts from the index alone instead of reading every row of
 * the account (1.5 ms a load at 1,000 items without them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('clothes_user_status_idx')
    .ifNotExists()
    .on('clothes')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('outfits_user_status_idx')
    .ifNotExists()
    .on('outfits')
    .columns(['user_id', 'status'])
    .execute();
}
