import type { IdentityBoolean, IdentityTime } from '../db/schema.js';
import type { Db } from './db.js';

/**
 * What the app reads of the identity tables better-auth owns (migration 0001): better-auth writes
 * them itself, through its adapter (auth/better-auth.ts); these reads name the account first, like
 * every other repository.
 */

/** The account's address and name, or undefined once it is gone. */
export async function findAccountProfile(
  db: Db,
  ownerId: string,
): Promise<{ email: string; name: string } | undefined> {
  return db
    .selectFrom('user')
    .select(['email', 'name'])
    .where('id', '=', ownerId)
    .executeTakeFirst();
}

/** Whether `sessionId` is one of the account's sessions still (better-auth deletes ended ones). */
export async function hasSession(db: Db, ownerId: string, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('session')
    .select('id')
    .where('userId', '=', ownerId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the account's media stamp is made from (storage/media-access.ts), or undefined once gone. */
export async function findMediaStampSource(
  db: Db,
  ownerId: string,
): Promise<
  | { banned: IdentityBoolean | null; banExpires: IdentityTime | null; password: string | null }
  | undefined
> {
  return db
    .selectFrom('user')
    .leftJoin('account', (join) =>
      join.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', 'credential'),
    )
    .select([
      'user.banned as banned',
      'user.banExpires as banExpires',
      'account.password as password',
    ])
    .where('user.id', '=', ownerId)
    .executeTakeFirst();
}
