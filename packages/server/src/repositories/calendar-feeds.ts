import type { CalendarFeedsTable } from '../db/schema.js';
import { callerColumns, type Db, type Owned } from './db.js';

/**
 * The account's calendar feed (table `calendar_feeds`, one per account). `feedOwnerByTokenHash`
 * is the one lookup across accounts: a calendar app brings only the token, and the token's hash
 * is what names the account.
 */

export async function findFeed(db: Db, ownerId: string): Promise<CalendarFeedsTable | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
}

/** The owner's new feed, replacing the previous one. */
export async function upsertFeed(
  db: Db,
  ownerId: string,
  row: Owned<CalendarFeedsTable>,
): Promise<void> {
  const values = callerColumns(row);
  await db
    .insertInto('calendar_feeds')
    .values({ ...values, user_id: ownerId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function deleteFeed(db: Db, ownerId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', ownerId).execute();
}

/** Across accounts, by design: the account whose feed token has this hash. */
export async function feedOwnerByTokenHash(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row?.user_id;
}
