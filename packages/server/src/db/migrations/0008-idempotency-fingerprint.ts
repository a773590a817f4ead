import type { Kysely } from 'kysely';

/**
 * A fingerprint of the request that made each idempotency key's record (services/idempotency.ts
 * `requestFingerprint`): a key sent again with a different request answers 422 instead of the
 * first request's record (README, "Idempotency-Key"). Keys written before this migration have
 * none and keep answering their record, as they did. Safe to re-run: SQLite has no
 * `add column if not exists`, so the column is looked up first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  const keys = tables.find((t) => t.name === 'idempotency_keys');
  if (keys?.columns.some((c) => c.name === 'fingerprint')) return;
  await db.schema.alterTable('idempotency_keys').addColumn('fingerprint', 'text').execute();
}
