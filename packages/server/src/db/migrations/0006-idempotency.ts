import type { Kysely } from 'kysely';

/**
 * Idempotency keys of creates (src/services/idempotency.ts): a client that repeats `POST clothes`
 * or a new `POST outfit` with the same `Idempotency-Key` (its answer was lost) gets the record made
 * the first time instead of a second one. One row per account and key, written in the same
 * transaction as the record; the primary key decides between two requests sent at once. Rows older
 * than a day are ignored and swept; they go with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .ifNotExists()
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
