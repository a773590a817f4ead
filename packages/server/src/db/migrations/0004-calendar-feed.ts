import type { Kysely } from 'kysely';

/**
 * The calendar feed (one per account). The feed URL's token is never stored: `token_hash` (its
 * SHA-256, looked up when a calendar app fetches the feed) and `token_nonce` (from which the server
 * re-derives the token with its secret, to show the URL again in Profile) reveal nothing usable
 * from a database dump alone. The feed goes with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) =>
      c.primaryKey().notNull().references('user.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
