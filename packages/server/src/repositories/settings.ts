import type { UserSettingsRow } from '../db/schema.js';
import type { Db, Owned } from './db.js';

/** The account's settings row (table `user_settings`, one per account). */

/** The owner's settings row, or undefined when they never saved any. */
export async function findSettingsRow(
  db: Db,
  ownerId: string,
): Promise<UserSettingsRow | undefined> {
  return db
    .selectFrom('user_settings')
    .selectAll()
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
}

/** Store the owner's whole settings row (insert or replace). */
export async function upsertSettingsRow(
  db: Db,
  ownerId: string,
  row: Owned<UserSettingsRow>,
): Promise<void> {
  await db
    .insertInto('user_settings')
    .values({ ...row, user_id: ownerId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}
