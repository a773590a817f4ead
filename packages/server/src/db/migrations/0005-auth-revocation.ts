import type { Kysely } from 'kysely';

/**
 * Revoked access tokens (see src/auth/revocation.ts): one row per ended session (`session:<id>`)
 * and per account cut-off (`user:<id>`), kept only as long as a token minted before it could
 * still be alive. Read by every process when it starts; times are epoch milliseconds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_revocation')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull())
    .addColumn('forget_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_revocation_forget_idx')
    .ifNotExists()
    .on('auth_revocation')
    .column('forget_at')
    .execute();
}
