import { lockAccount } from '../db/account-lock.js';
import type { DataImportsTable, ImportLinksTable } from '../db/schema.js';
import { inTransaction, type Db, type Owned } from './db.js';

/**
 * The account's imports (table `data_imports`) and which exported record each imported item or
 * outfit came from (`import_links`, migration 0003). Source ids are the exporting account's, so
 * two accounts importing the same file hold the same ones: every lookup names the owner. Two
 * functions work across accounts, by design: the sweep of previews nobody confirmed, and the
 * look-up of an upload file's import (the file is named after the import, not its owner).
 */

type ImportRow = DataImportsTable;

/** An upload to remove: where its files are and whose they are. */
export type ImportFile = Pick<ImportRow, 'id' | 'user_id' | 'archive_path' | 'photos_path'>;

const IMPORT_FILE = ['id', 'user_id', 'archive_path', 'photos_path'] as const;

export async function findImport(
  db: Db,
  ownerId: string,
  id: string,
): Promise<ImportRow | undefined> {
  return db
    .selectFrom('data_imports')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertImport(db: Db, ownerId: string, row: Owned<ImportRow>): Promise<void> {
  await db
    .insertInto('data_imports')
    .values({ ...row, user_id: ownerId })
    .execute();
}

export async function deleteImport(db: Db, ownerId: string, id: string): Promise<void> {
  await db.deleteFrom('data_imports').where('user_id', '=', ownerId).where('id', '=', id).execute();
}

/** The owner's previews (uploaded, never confirmed). */
export async function listOwnPreviews(db: Db, ownerId: string): Promise<ImportFile[]> {
  return db
    .selectFrom('data_imports')
    .select(IMPORT_FILE)
    .where('user_id', '=', ownerId)
    .where('state', '=', 'previewed')
    .execute();
}

/** Across accounts, by design: previews of every account last touched before `before` (ISO). */
export async function listPreviewsUpdatedBefore(db: Db, before: string): Promise<ImportFile[]> {
  return db
    .selectFrom('data_imports')
    .select(IMPORT_FILE)
    .where('state', '=', 'previewed')
    .where('updated_at', '<', before)
    .execute();
}

/** Across accounts, by design: the state of the import an upload file is named after. */
export async function findImportStateById(
  db: Db,
  id: string,
): Promise<ImportRow['state'] | undefined> {
  const row = await db
    .selectFrom('data_imports')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.state;
}

/** Whether another of the owner's imports is running (reported progress after `liveSince`). */
async function anotherRunning(trx: Db, ownerId: string, liveSince: string): Promise<boolean> {
  const running = await trx
    .selectFrom('data_imports')
    .select('id')
    .where('user_id', '=', ownerId)
    .where('state', '=', 'running')
    .where('updated_at', '>', liveSince)
    .executeTakeFirst();
  return running !== undefined;
}

/**
 * Start one of the owner's previewed imports, unless another of theirs is running (one that
 * reported progress after `liveSince`, ISO time). The look and the start are one step under the
 * account's lock (db/account-lock.ts), in the caller's transaction or one of its own, so that
 * commits sent at once cannot all find none running.
 */
export async function startImport(
  db: Db,
  ownerId: string,
  id: string,
  liveSince: string,
  now: string,
): Promise<'started' | 'another-running' | 'not-previewed'> {
  return inTransaction(db, async (trx) => {
    await lockAccount(trx, ownerId);
    if (await anotherRunning(trx, ownerId, liveSince)) return 'another-running';
    const started = await trx
      .updateTable('data_imports')
      .set({ state: 'running', updated_at: now })
      .where('user_id', '=', ownerId)
      .where('id', '=', id)
      .where('state', '=', 'previewed')
      .executeTakeFirst();
    return Number(started.numUpdatedRows) === 1 ? 'started' : 'not-previewed';
  });
}

/**
 * Insert one of the owner's imports already running (a spreadsheet's: it has no preview row),
 * unless another of theirs is running, as startImport: one step under the account's lock.
 */
export async function insertRunningImport(
  db: Db,
  ownerId: string,
  row: Owned<ImportRow>,
  liveSince: string,
): Promise<'started' | 'another-running'> {
  return inTransaction(db, async (trx) => {
    await lockAccount(trx, ownerId);
    if (await anotherRunning(trx, ownerId, liveSince)) return 'another-running';
    await insertImport(trx, ownerId, { ...row, state: 'running' });
    return 'started';
  });
}

/** The progress of one of the owner's running imports. */
export async function reportImportProgress(
  db: Db,
  ownerId: string,
  id: string,
  progress: Pick<ImportRow, 'done' | 'updated_at'> & Partial<Pick<ImportRow, 'total'>>,
): Promise<void> {
  await db
    .updateTable('data_imports')
    .set({ done: progress.done, total: progress.total, updated_at: progress.updated_at })
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Mark one of the owner's running imports failed with `error` (one done meanwhile by another
 * process's run of its job stays done); with `runningSince`, only if it has not reported since
 * that time (an import taken for interrupted).
 */
export async function failImport(
  db: Db,
  ownerId: string,
  id: string,
  failure: Pick<ImportRow, 'updated_at'> & { error: string },
  runningSince?: string,
): Promise<void> {
  let query = db
    .updateTable('data_imports')
    .set({ state: 'failed', error: failure.error, updated_at: failure.updated_at })
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .where('state', '=', 'running');
  if (runningSince !== undefined) query = query.where('updated_at', '=', runningSince);
  await query.execute();
}

/** Mark one of the owner's running imports done; answers false when it is not running any more. */
export async function finishImport(
  db: Db,
  ownerId: string,
  id: string,
  finished: Pick<ImportRow, 'done' | 'result' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('data_imports')
    .set({ state: 'done', ...finished })
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The owner's links from `sourceIds` (of `kind`) to the records they were imported as. */
export async function findImportLinks(
  db: Db,
  ownerId: string,
  kind: ImportLinksTable['kind'],
  sourceIds: readonly string[],
): Promise<Pick<ImportLinksTable, 'source_id' | 'target_id'>[]> {
  if (sourceIds.length === 0) return [];
  return db
    .selectFrom('import_links')
    .select(['source_id', 'target_id'])
    .where('user_id', '=', ownerId)
    .where('kind', '=', kind)
    .where('source_id', 'in', sourceIds)
    .execute();
}

/** Record (or re-point) the owner's links from exported records to imported ones. */
export async function upsertImportLinks(
  db: Db,
  ownerId: string,
  links: readonly Owned<ImportLinksTable>[],
): Promise<void> {
  if (links.length === 0) return;
  await db
    .insertInto('import_links')
    .values(links.map((l) => ({ ...l, user_id: ownerId })))
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind', 'source_id']).doUpdateSet((eb) => ({
        target_id: eb.ref('excluded.target_id'),
      })),
    )
    .execute();
}
