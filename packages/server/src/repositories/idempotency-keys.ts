import type { IdempotencyKeysTable } from '../db/schema.js';
import type { Db, Owned } from './db.js';

/**
 * The account's `Idempotency-Key`s (table `idempotency_keys`, migration 0006): the client chooses
 * the key, so two accounts may send the same one, and every lookup names the owner.
 * `deleteKeysCreatedBefore` sweeps every account's expired keys, by design.
 */

/** The owner's key `key` if it was made at or after `since` (ISO time). */
export async function findLiveKey(
  db: Db,
  ownerId: string,
  key: string,
  since: string,
): Promise<Pick<IdempotencyKeysTable, 'kind' | 'record_id' | 'fingerprint'> | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['kind', 'record_id', 'fingerprint'])
    .where('user_id', '=', ownerId)
    .where('key', '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** Remove the owner's keys made before `before` (ISO time). */
export async function deleteOwnKeysCreatedBefore(
  db: Db,
  ownerId: string,
  before: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', ownerId)
    .where('created_at', '<', before)
    .execute();
}

/** Record one of the owner's keys; a live key of the owner's with that name fails the primary key. */
export async function insertKey(
  db: Db,
  ownerId: string,
  row: Owned<IdempotencyKeysTable>,
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ ...row, user_id: ownerId })
    .execute();
}

/** Across accounts, by design: remove every key made before `before` (ISO time). */
export async function deleteKeysCreatedBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}
