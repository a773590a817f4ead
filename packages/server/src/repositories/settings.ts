import type { UserSettingsRow } from '../db/schema.js';
import { callerColumns, type Db, type Owned } from './db.js';

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
  const values = callerColumns(row);
  await db
    .insertInto('user_settings')
    .values({ ...values, user_id: ownerId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
