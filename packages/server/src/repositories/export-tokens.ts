import type { ExportTokensTable } from '../db/schema.js';
import type { Db, Owned } from './db.js';

/**
 * The account's export download links (table `export_tokens`). Two functions work across
 * accounts, by design: the link's token hash is what names the account when the link is opened,
 * and expired links of every account are removed together.
 */

export async function insertExportToken(
  db: Db,
  ownerId: string,
  row: Owned<ExportTokensTable>,
): Promise<void> {
  await db
    .insertInto('export_tokens')
    .values({ ...row, user_id: ownerId })
    .execute();
}

/** Across accounts, by design: the link whose token has this hash, with its owner. */
export async function findExportTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<ExportTokensTable | undefined> {
  return db
    .selectFrom('export_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Across accounts, by design: remove every link that expired before `now` (ISO time). */
export async function deleteExpiredExportTokens(db: Db, now: string): Promise<void> {
  await db.deleteFrom('export_tokens').where('expires_at', '<', now).execute();
}
