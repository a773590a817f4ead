import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  coloursToText,
  MAX_SUBCATEGORIES,
  WIRE_CATEGORIES,
  exportPhotoPaths,
  missingPriceCurrencies,
  subcategoryNameKey,
  type ExportDocument,
  type ImportPreview,
  type ImportStarted,
  type ImportStatus,
  type WireCategory,
  type WireSettings,
  type WireSubcategories,
  MAX_COLLECTIONS,
  collectionsLimitMessage,
} from '@hanger/domain';
import { lockAccount } from '../db/account-lock.js';
import type { ClothesRow, DataImportsTable, OutfitItemRow, OutfitRow } from '../db/schema.js';
import {
  AppError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '../errors.js';
import {
  insertDayStars,
  insertWears,
  listStarredDaysBetween,
  listWearsBetween,
  type Wear,
} from '../repositories/calendar.js';
import { findItemStatuses, insertItems } from '../repositories/clothes.js';
import type { Db, Owned } from '../repositories/db.js';
import {
  deleteImport,
  failImport,
  findImport,
  findImportLinks,
  findImportStateById,
  finishImport,
  insertImport,
  listOwnPreviews,
  listPreviewsUpdatedBefore,
  reportImportProgress,
  startImport,
  upsertImportLinks,
  type ImportFile,
} from '../repositories/imports.js';
import {
  addEntries,
  countCollections,
  findCollection,
  insertCollection,
  setPacked,
} from '../repositories/collections.js';
import { findOutfitIds, insertCanvases, insertOutfits } from '../repositories/outfits.js';
import { findSettingsRow } from '../repositories/settings.js';
import type { ServiceContext } from './context.js';
import { eachLimited } from './each-limited.js';
import { openArchive, type ArchiveLimits } from './import-archive.js';
import { importPhotoSlots } from '../photos/photo-slots.js';
import { discardPhoto, photoColumns, storeImportedPhoto, type StoredPhoto } from './photos.js';
import { assertCalendarRoomFor, assertRoomFor, type AccountQuota } from './quota.js';
import { convertedColumns } from './prices.js';
import { readSettings, writeSettings } from './settings.js';

/**
 * Importing an export zip: POST /api/imports checks the whole archive and answers a preview;
 * commit imports it in the background (photos first, then every row in one transaction); the
 * state and progress live in data_imports so that any server process can answer for them.
 */

const NOT_FOUND = 'The requested import was not found.';
/**
 * A running import that has not reported progress for this long was cut short, and its job given
 * up (a process that dies is replaced by another within the import job's time limit, 1,800 s by
 * default: docs/jobs.md).
 */
const STALE_MS = 40 * 60 * 1000;

/** Imports that reported progress after this time (ISO) are running; older ones were cut short. */
export function importLiveSince(): string {
  return new Date(Date.now() - STALE_MS).toISOString();
}
/** Previews nobody confirmed are removed after this long. */
const PREVIEW_TTL_MS = 24 * 60 * 60 * 1000;
const PROGRESS_EVERY_MS = 500;
/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits. */
const INSERT_CHUNK = 400;

export interface ImportConfig {
  /**
   * Where uploads are checked (DATA_DIR/imports); with an object store they are kept there only
   * while checked and while imported, and wait in the store in between (see `archiveKey`).
   */
  dir: string;
  /** IMPORT_MAX_BYTES. */
  maxBytes: number;
  limits: ArchiveLimits;
  /**
   * Keep display photos Hanger itself wrote after a full decode check instead of re-encoding
   * them (IMPORT_KEEP_OWN_PHOTOS, on unless "off"; docs/import-photos.md).
   */
  keepOwnPhotos?: boolean;
}

type ImportRow = DataImportsTable;

async function ownedImport(ctx: ServiceContext, userId: string, id: string): Promise<ImportRow> {
  const row = await findImport(ctx.db, userId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

function chunks<T>(list: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Source ids of the document already in this account, with the record they are now: imported
 * before (import_links, target still there), or the account's own record (an export imported
 * back into the account it came from).
 */
export async function existingTargets(
  db: Db,
  userId: string,
  kind: 'item' | 'outfit',
  sourceIds: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const ids of chunks(sourceIds)) {
    if (ids.length === 0) continue;
    const linked = await findImportLinks(db, userId, kind, ids);
    const candidates = [...new Set([...ids, ...linked.map((l) => l.target_id)])];
    const present = new Set<string>();
    for (const some of chunks(candidates)) {
      const rows =
        kind === 'item'
          ? (await findItemStatuses(db, userId, some)).map((r) => r.id)
          : await findOutfitIds(db, userId, some);
      for (const row of rows) present.add(row);
    }
    for (const id of ids) if (present.has(id)) found.set(id, id);
    for (const link of linked)
      if (present.has(link.target_id)) found.set(link.source_id, link.target_id);
  }
  return found;
}

/** existingTargets of the document's items and of its outfits. */
function existingTargetsOf(
  db: Db,
  userId: string,
  doc: ExportDocument,
): Promise<[Map<string, string>, Map<string, string>]> {
  return Promise.all([
    existingTargets(
      db,
      userId,
      'item',
      doc.items.map((i) => i.id),
    ),
    existingTargets(
      db,
      userId,
      'outfit',
      doc.outfits.map((o) => o.id),
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Upload and preview
// ---------------------------------------------------------------------------------------------

/**
 * With an object store (S3_*), a checked upload waits there, not on the disk of the process that
 * received it, so that any process may run its import (docs/architecture.md "Scaling out"); its
 * `archive_path` is then this prefix and its key. Without one it stays in DATA_DIR/imports.
 */
const STORED = 'store:';

function archiveKey(userId: string, id: string): string {
  return `${userId}/import-${id}.zip`;
}

/**
 * Keep a checked upload (at `path`) until its import has run: in the object store under `key`
 * when there is one, so that any process may run the import's job, else where it is. Answers
 * where it waits, as `data_imports` records it.
 */
export async function keepUpload(
  ctx: ServiceContext,
  path: string,
  key: string,
  contentType: string,
): Promise<string> {
  if (!ctx.storage.putFile) return path;
  await ctx.storage.putFile(key, path, contentType);
  await rm(path, { force: true });
  return STORED + key;
}

/** Remove an upload, wherever it waits. */
export async function removeArchive(ctx: ServiceContext, archivePath: string): Promise<void> {
  if (archivePath.startsWith(STORED)) await ctx.storage.delete([archivePath.slice(STORED.length)]);
  else await rm(archivePath, { force: true });
}

async function removeImport(ctx: ServiceContext, row: ImportFile) {
  await removeArchive(ctx, row.archive_path);
  if (row.photos_path) await removeArchive(ctx, row.photos_path);
  await deleteImport(ctx.db, row.user_id, row.id);
}

/** Previews the user never confirmed: a new upload replaces them; old ones go after a day. */
async function dropUnconfirmed(ctx: ServiceContext, userId: string): Promise<void> {
  const [own, stale] = await Promise.all([
    listOwnPreviews(ctx.db, userId),
    listPreviewsUpdatedBefore(ctx.db, new Date(Date.now() - PREVIEW_TTL_MS).toISOString()),
  ]);
  const rows = new Map([...own, ...stale].map((row) => [row.id, row]));
  for (const row of rows.values()) await removeImport(ctx, row);
}

/** Upload files with no import behind them (a crash during an upload), older than an hour. */
export async function sweepImportFiles(ctx: ServiceContext, dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    // <id>.zip: an export; <id>.csv and <id>.photos.zip: a spreadsheet and its photos.
    const id = name.replace(/(\.photos)?\.(zip|csv)(\.part)?$/, '');
    const state = await findImportStateById(ctx.db, id);
    const live = state === 'previewed' || state === 'running';
    const old = Date.now() - (await stat(path)).mtimeMs > 60 * 60 * 1000;
    if (!live && old) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * A new import's row (table data_imports), of either kind: an export's preview, a sheet's running
 * import. Created and touched now, nothing done yet, no error or result; counts not given are 0,
 * a sheet's columns null (an export's), the rest as `fields` says.
 */
export function newImportRow(
  id: string,
  fields: Pick<ImportRow, 'kind' | 'state' | 'archive_path'> &
    Partial<Pick<ImportRow, NewImportField>>,
): Owned<ImportRow> {
  const now = new Date().toISOString();
  return {
    id,
    created_at: now,
    updated_at: now,
    photos_path: null,
    sheet_options: null,
    items: 0,
    outfits: 0,
    calendar_days: 0,
    photos: 0,
    already_items: 0,
    already_outfits: 0,
    done: 0,
    total: 0,
    error: null,
    result: null,
    ...fields,
  };
}

/** The columns of a new import that its kind may set (newImportRow). */
type NewImportField =
  | 'photos_path'
  | 'sheet_options'
  | 'items'
  | 'outfits'
  | 'calendar_days'
  | 'photos'
  | 'already_items'
  | 'already_outfits';

/**
 * Keep the uploaded zip (streamed to disk, never held in memory), check all of it and answer
 * what it holds. A refused archive leaves nothing behind.
 */
export async function createImport(
  ctx: ServiceContext,
  userId: string,
  upload: Readable,
  config: ImportConfig,
): Promise<ImportPreview> {
  await dropUnconfirmed(ctx, userId);
  await mkdir(config.dir, { recursive: true });
  const id = randomUUID();
  const path = join(config.dir, `${id}.zip`);
  try {
    let cut = false;
    // busboy stops a file at its size limit and flags it, without an error.
    upload.once('limit', () => (cut = true));
    await pipeline(upload, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    if (cut || (upload as Readable & { truncated?: boolean }).truncated) {
      throw new PayloadTooLargeError(
        `The archive is larger than this server accepts (IMPORT_MAX_BYTES, ${config.maxBytes} bytes).`,
      );
    }
    const archive = await openArchive(path, config.limits, { checkPhotos: true });
    const { document } = archive;
    await archive.close();
    const archivePath = await keepUpload(ctx, path, archiveKey(userId, id), 'application/zip');

    const [items, outfits] = await existingTargetsOf(ctx.db, userId, document);
    const row = newImportRow(id, {
      kind: 'archive',
      state: 'previewed',
      archive_path: archivePath,
      items: document.items.length,
      outfits: document.outfits.length,
      calendar_days: document.calendar.length,
      photos: exportPhotoPaths(document).length,
      already_items: items.size,
      already_outfits: outfits.size,
    });
    await insertImport(ctx.db, userId, row);
    return previewOf(row);
  } catch (err) {
    await rm(path, { force: true });
    if (ctx.storage.putFile) await ctx.storage.delete([archiveKey(userId, id)]).catch(() => {});
    throw err;
  }
}

function previewOf(row: Owned<ImportRow>): ImportPreview {
  return {
    id: row.id,
    items: Number(row.items),
    outfits: Number(row.outfits),
    calendar_days: Number(row.calendar_days),
    photos: Number(row.photos),
    already_imported: { items: Number(row.already_items), outfits: Number(row.already_outfits) },
  };
}

// ---------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------

export const INTERRUPTED =
  'The import was interrupted (the server restarted). Nothing was imported; try again.';

export async function importStatus(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<ImportStatus> {
  let row = await ownedImport(ctx, userId, id);
  if (row.state === 'running' && Date.now() - Date.parse(row.updated_at) > STALE_MS) {
    const failure = { error: INTERRUPTED, updated_at: new Date().toISOString() };
    await failImport(ctx.db, userId, id, failure, row.updated_at);
    row = await ownedImport(ctx, userId, id);
  }
  const status: ImportStatus = {
    id: row.id,
    state: row.state,
    done: Number(row.done),
    total: Number(row.total),
  };
  if (row.error) status.error = row.error;
  if (row.result) status.result = JSON.parse(row.result) as ImportStatus['result'];
  return status;
}

/** DELETE: forget an import that is not running, and its uploaded file. */
export async function discardImport(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<void> {
  const row = await ownedImport(ctx, userId, id);
  if (row.state === 'running' && Date.now() - Date.parse(row.updated_at) <= STALE_MS)
    throw new ConflictError('The import is running; wait for it to finish.');
  await removeImport(ctx, row);
}

// ---------------------------------------------------------------------------------------------
// Commit
// ---------------------------------------------------------------------------------------------

export const ANOTHER_RUNNING = 'Another import is running; wait for it to finish.';

export interface ImportResult {
  items: number;
  outfits: number;
  calendar_days: number;
  /** Collections added (version 3 files, docs/collections.md). */
  collections: number;
  skipped: number;
}

/** The payload of an 'import' job (docs/jobs.md): which of whose imports to run. */
export interface ImportJob {
  ownerId: string;
  importId: string;
}

/**
 * Start importing a previewed archive; answers at once. The work is an 'import' job, which any
 * process may take when the upload waits in the object store (else the process holding
 * DATA_DIR/imports: one process, or a shared folder).
 */
export async function commitImport(
  ctx: ServiceContext,
  userId: string,
  id: string,
  queue: (job: ImportJob) => Promise<unknown>,
): Promise<ImportStarted> {
  const row = await ownedImport(ctx, userId, id);
  if (row.state !== 'previewed') throw new ConflictError(`The import is already ${row.state}.`);
  if (!row.archive_path.startsWith(STORED)) {
    try {
      await stat(row.archive_path);
    } catch {
      throw new ConflictError(
        'The uploaded archive is not on this server process any more; upload it again.',
      );
    }
  }
  // One import at a time: the look for a running one and the start are one step under the
  // account's lock (repositories/imports.ts startImport), so that commits sent at once cannot all
  // find none running.
  const started = await startImport(
    ctx.db,
    userId,
    id,
    importLiveSince(),
    new Date().toISOString(),
  );
  if (started === 'another-running') throw new ConflictError(ANOTHER_RUNNING);
  if (started === 'not-previewed') throw new ConflictError('The import has already started.');
  return queueImport(ctx, userId, id, queue);
}

/**
 * Queue the 'import' job of an import just recorded running, of either kind, and answer that it
 * runs; when it cannot be queued, the import is marked failed (nothing was imported), `undo` runs
 * (a sheet's uploads go) and the error goes on.
 */
export async function queueImport(
  ctx: ServiceContext,
  userId: string,
  id: string,
  queue: (job: ImportJob) => Promise<unknown>,
  undo?: () => Promise<void>,
): Promise<ImportStarted> {
  try {
    await queue({ ownerId: userId, importId: id });
  } catch (err) {
    await failImport(ctx.db, userId, id, {
      error: 'The import could not be started. Nothing was imported; try again.',
      updated_at: new Date().toISOString(),
    });
    await undo?.();
    throw err;
  }
  return { id, state: 'running' };
}

/** An upload, where it waits, and where this process reads it (a copy, when it waits in the store). */
export interface UploadToRead {
  upload: string;
  local: string;
}

/**
 * One import's run, whatever it imports; never throws: a failure is recorded on the import (an
 * AppError's message, else a generic one) and the photos `work` stored are removed. The uploads
 * are read from this process's disk (one in the object store is copied here first: yauzl reads a
 * zip's directory at its end, a file, not a stream), and removed, wherever they wait, once the
 * run ends.
 */
export async function runImportJob(
  ctx: ServiceContext,
  userId: string,
  id: string,
  uploads: UploadToRead[],
  work: (paths: string[], written: StoredPhoto[]) => Promise<void>,
): Promise<void> {
  const written: StoredPhoto[] = [];
  const paths = uploads.map((u) => (u.upload.startsWith(STORED) ? u.local : u.upload));
  try {
    for (const [i, { upload }] of uploads.entries()) {
      if (!upload.startsWith(STORED)) continue;
      const stored = await ctx.storage.get(upload.slice(STORED.length));
      if (!stored) throw new ConflictError('The uploaded file is gone; upload it again.');
      await mkdir(dirname(paths[i]!), { recursive: true });
      const body = stored.body;
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(paths[i]!, { mode: 0o600 }),
      );
    }
    await work(paths, written);
  } catch (err) {
    const message =
      err instanceof AppError
        ? err.message
        : 'The import failed on the server. Nothing was imported; try again.';
    if (!(err instanceof AppError)) ctx.log.error({ err, importId: id }, 'import failed');
    // Done meanwhile by another run of its job (one that outlived its time limit): photos stored
    // under the same keys (a spreadsheet's) may be the done run's, and stay.
    const row = await findImport(ctx.db, userId, id).catch(() => undefined);
    if (row?.state !== 'done') for (const photo of written) await discardPhoto(ctx, photo);
    await failImport(ctx.db, userId, id, {
      error: message,
      updated_at: new Date().toISOString(),
    }).catch((e: unknown) => ctx.log.error({ err: e, importId: id }, 'import state lost'));
  } finally {
    for (const [i, { upload }] of uploads.entries()) {
      await rm(paths[i]!, { force: true });
      await removeArchive(ctx, upload).catch((err: unknown) =>
        ctx.log.warn({ err, importId: id }, 'import: removing the upload failed'),
      );
    }
    await ctx.cache.invalidate(userId).catch(() => undefined);
  }
}

/**
 * Progress of a running import (`data_imports` done of total), written at most every
 * PROGRESS_EVERY_MS: each write also tells readers the import is alive (STALE_MS).
 */
export function importProgress(ctx: ServiceContext, userId: string, id: string) {
  let reported = Date.now();
  return {
    start: (total: number) =>
      reportImportProgress(ctx.db, userId, id, {
        total,
        done: 0,
        updated_at: new Date().toISOString(),
      }),
    step: async (done: number) => {
      if (Date.now() - reported < PROGRESS_EVERY_MS) return;
      reported = Date.now();
      await reportImportProgress(ctx.db, userId, id, {
        done,
        updated_at: new Date().toISOString(),
      });
    },
  };
}

/** An export's import, the 'import' job's work for an archive (services/import-jobs.ts). */
export async function runImport(
  ctx: ServiceContext,
  userId: string,
  id: string,
  archivePath: string,
  config: ImportConfig,
): Promise<void> {
  const upload = { upload: archivePath, local: join(config.dir, `${id}.zip`) };
  await runImportJob(ctx, userId, id, [upload], async ([path], written) => {
    const archive = await openArchive(path!, config.limits, { checkPhotos: false });
    try {
      await importArchive(ctx, userId, id, archive.document, archive.readPhoto, written, config);
      // Items the file brought without colours (version 1 exports) get them in the background.
      // The import is committed already: a queue that cannot be reached leaves them to the
      // next start, which queues the backfill while any item waits.
      await ctx
        .queueColourBackfill?.()
        .catch((err: unknown) => ctx.log.error({ err }, 'colours: queueing the backfill failed'));
    } finally {
      await archive.close();
    }
  });
}

/** Subcategories merged into the account's: same id or same name is the same subcategory. */
function mergeSubcategories(
  target: WireSubcategories,
  source: ExportDocument['settings']['subcategories'],
): { merged: WireSubcategories; map: Map<WireCategory, Map<string, string>> } {
  const merged = {} as WireSubcategories;
  const map = new Map<WireCategory, Map<string, string>>();
  for (const category of WIRE_CATEGORIES) {
    const list = (target[category] ?? []).map((s) => ({ ...s }));
    const ids = new Map(list.map((s) => [s.id, s.id]));
    const names = new Map(list.map((s) => [subcategoryNameKey(s.name), s.id]));
    const mapping = new Map<string, string>();
    for (const sub of source[category]) {
      const same = ids.get(sub.id) ?? names.get(subcategoryNameKey(sub.name));
      if (same) {
        mapping.set(sub.id, same);
        continue;
      }
      const newId = ids.has(sub.id) ? randomUUID() : sub.id;
      list.push({ id: newId, name: sub.name });
      ids.set(newId, newId);
      names.set(subcategoryNameKey(sub.name), newId);
      mapping.set(sub.id, newId);
    }
    // A category holds what a settings update may hold (subcategorySchema's list).
    if (list.length > MAX_SUBCATEGORIES) {
      throw new ValidationError(
        `Importing would give ${category} ${list.length} subcategories; a category holds at most ${MAX_SUBCATEGORIES}. Remove some in Profile, then import again. Nothing was imported.`,
      );
    }
    merged[category] = list;
    map.set(category, mapping);
  }
  return { merged, map };
}

async function importArchive(
  ctx: ServiceContext,
  userId: string,
  id: string,
  doc: ExportDocument,
  readPhoto: (path: string) => Promise<Buffer>,
  written: StoredPhoto[],
  config: ImportConfig,
): Promise<void> {
  const [knownItems, knownOutfits] = await existingTargetsOf(ctx.db, userId, doc);
  const newItems = doc.items.filter((i) => !knownItems.has(i.id));
  const newOutfits = doc.outfits.filter((o) => !knownOutfits.has(o.id));
  const total = newItems.length + newOutfits.length;
  // The account's quota of items and outfits holds for imports too (the failure is the import's).
  await assertRoomFor(ctx, userId, total);
  // Progress counts photos: one per record, and an item's cut-out beside its photo.
  const photoCount = total + newItems.filter((i) => i.cutout).length;
  const progress = importProgress(ctx, userId, id);
  await progress.start(photoCount);

  // Each new record's id is made now, so that its photo is stored under its own name (images.ts
  // storageKeys).
  const newItemIds = new Map(newItems.map((i) => [i.id, randomUUID()]));
  const newOutfitIds = new Map(newOutfits.map((o) => [o.id, randomUUID()]));

  // 1. Photos, through the upload pipeline (type from the bytes, re-encoded, metadata stripped).
  const jobs = [
    ...newItems.map((i) => ({
      id: i.id,
      target: newItemIds.get(i.id)!,
      path: i.photo,
      kind: 'item' as const,
    })),
    // A cut-out (version 2) goes through the same pipeline; its alpha is kept.
    ...newItems
      .filter((i) => i.cutout)
      .map((i) => ({
        id: i.id,
        target: newItemIds.get(i.id)!,
        path: i.cutout!,
        kind: 'cutout' as const,
      })),
    ...newOutfits.map((o) => ({
      id: o.id,
      target: newOutfitIds.get(o.id)!,
      path: o.photo,
      kind: 'outfit' as const,
    })),
  ];
  const photos = new Map<string, StoredPhoto>();
  let done = 0;
  // Where the time goes (logged when the import is done): seconds spent by the workers reading
  // entries and checking, encoding and storing photos, summed over the workers.
  const spent = { readSeconds: 0, photoSeconds: 0, kept: 0, reencoded: 0 };
  const photosStart = performance.now();
  // One worker more than the pool's slots (IMPORT_PHOTO_CONCURRENCY, one per core): while a photo
  // is read from the zip and written to storage, the others keep every slot's core decoding. A
  // failure stops every worker, and is thrown only once none is still storing a photo, so that
  // the caller's clean-up sees every file that was written.
  const workers = Math.min(importPhotoSlots.limit + 1, jobs.length);
  await eachLimited(jobs, workers, async (job) => {
    const readStart = performance.now();
    const bytes = await readPhoto(job.path);
    const photoStart = performance.now();
    spent.readSeconds += (photoStart - readStart) / 1000;
    // The keys only: no colour sample is taken for thousands of photos. Items the file gives
    // no colours get theirs from the colour backfill (services/colour-backfill.ts). A photo
    // Hanger itself wrote is kept after a full decode; any other is re-encoded
    // (docs/import-photos.md).
    const { image, thumbnail, kept } = await storeImportedPhoto(
      ctx,
      userId,
      bytes,
      { id: job.target, replacing: job.kind === 'cutout' },
      { keepOwn: config.keepOwnPhotos !== false, slot: (work) => importPhotoSlots.run(work) },
    );
    spent.photoSeconds += (performance.now() - photoStart) / 1000;
    spent[kept ? 'kept' : 'reencoded']++;
    const stored = { image, thumbnail };
    written.push(stored);
    photos.set(`${job.kind}:${job.id}`, stored);
    done++;
    await progress.step(done);
  });
  const photosSeconds = (performance.now() - photosStart) / 1000;
  const rowsStart = performance.now();

  // 2. Every row in one transaction, the import's own state included. The quota is counted again
  // under the account's lock: items and outfits created while the photos were being stored count.
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    await assertRoomFor({ db: trx, quota: ctx.quota }, userId, total);
    const hasSettings = (await findSettingsRow(trx, userId)) !== undefined;
    const current = await readSettings(trx, userId);
    let settings: WireSettings;
    if (!hasSettings) {
      // An account that never saved settings takes the export's.
      settings = {
        locale: doc.settings.locale,
        currency: doc.settings.currency,
        week_start: doc.settings.week_start,
        data_consent: doc.settings.data_consent,
        subcategories: current.subcategories,
      };
      if (doc.settings.tracking_start_date)
        settings.tracking_start_date = doc.settings.tracking_start_date;
    } else {
      settings = { ...current };
    }
    const { merged, map: subMap } = mergeSubcategories(
      settings.subcategories,
      doc.settings.subcategories,
    );
    settings.subcategories = merged;
    await writeSettings(trx, userId, settings);

    const itemIds = new Map(knownItems);
    const clothes: Owned<ClothesRow>[] = newItems.map((item) => {
      const targetId = newItemIds.get(item.id)!;
      itemIds.set(item.id, targetId);
      const original = photos.get(`item:${item.id}`)!;
      const cutout = photos.get(`cutout:${item.id}`);
      const row: Owned<ClothesRow> = {
        id: targetId,
        ...photoColumns(cutout ?? original),
        ...(cutout
          ? {
              original_key: original.image,
              original_thumb_key: original.thumbnail,
              cutout_state: 'done' as const,
              cutout_updated_at: new Date().toISOString(),
            }
          : {}),
        category: item.category,
        sub_category_id: item.sub_category_id
          ? (subMap.get(item.category)?.get(item.sub_category_id) ?? null)
          : null,
        status: item.status,
        source: item.source,
        brand: item.brand,
        date_created: item.date_created,
        date_obtained: item.date_obtained,
        date_archived: item.date_archived,
        price: item.price,
        currency: item.currency,
        converted_price: null,
        sold_price: item.sold_price,
        sold_currency: item.sold_currency,
        converted_sold_price: null,
        manual_times_worn: item.manual_times_worn,
        scale: item.scale,
        // Version 1 files have no colours: NULL source leaves them to the colour backfill.
        colors: coloursToText(item.colors),
        colors_source:
          item.colors && item.colors.length > 0
            ? (item.colors_source ?? 'auto')
            : item.colors_source === 'user'
              ? 'user'
              : null,
      };
      // A price without its currency is stored with one, as POST clothes does: the currency it
      // was shown in where it came from, the exporting account's (its settings in the file).
      Object.assign(row, missingPriceCurrencies(row, doc.settings.currency));
      Object.assign(row, convertedColumns(ctx.prices, row, settings.currency));
      return row;
    });
    for (const rows of chunks(clothes)) await insertItems(trx, userId, rows);

    const outfitIds = new Map(knownOutfits);
    const outfitRows: Owned<OutfitRow>[] = [];
    const placements: OutfitItemRow[] = [];
    for (const outfit of newOutfits) {
      const targetId = newOutfitIds.get(outfit.id)!;
      outfitIds.set(outfit.id, targetId);
      outfitRows.push({
        id: targetId,
        ...photoColumns(photos.get(`outfit:${outfit.id}`)!),
        status: outfit.status,
        date_created: outfit.date_created,
        manual_times_worn: outfit.manual_times_worn,
      });
      // The format places each of the file's items once (it refuses a repeat, as POST outfit
      // does); two of its items that are one record of this account are placed once too.
      const seen = new Set<string>();
      for (const entry of outfit.canvas_data) {
        const clothingId = itemIds.get(entry.clothing_id)!;
        if (seen.has(clothingId)) continue;
        seen.add(clothingId);
        placements.push({
          outfit_id: targetId,
          position: seen.size - 1,
          clothing_id: clothingId,
          x: entry.x,
          y: entry.y,
          scale: entry.scale,
          rotation: entry.rotation,
        });
      }
    }
    for (const rows of chunks(outfitRows)) await insertOutfits(trx, userId, rows);
    for (const rows of chunks(placements)) await insertCanvases(trx, userId, rows);

    const calendarDays = await importCalendar(trx, ctx.quota, userId, doc, itemIds, outfitIds);
    const collections = await importCollections(trx, userId, doc, itemIds, outfitIds);

    const links = [
      ...newItems.map((i) => ({
        kind: 'item' as const,
        source_id: i.id,
        target_id: itemIds.get(i.id)!,
      })),
      ...newOutfits.map((o) => ({
        kind: 'outfit' as const,
        source_id: o.id,
        target_id: outfitIds.get(o.id)!,
      })),
    ];
    for (const rows of chunks(links)) await upsertImportLinks(trx, userId, rows);

    const result: ImportResult = {
      items: newItems.length,
      outfits: newOutfits.length,
      calendar_days: calendarDays,
      collections,
      skipped: knownItems.size + knownOutfits.size,
    };
    const finished = await finishImport(trx, userId, id, {
      done: photoCount,
      result: JSON.stringify(result),
      updated_at: new Date().toISOString(),
    });
    // Marked failed meanwhile (taken for interrupted): the rows must not land.
    if (!finished) throw new Error('import no longer running');
  });
  const seconds = (n: number) => Math.round(n * 100) / 100;
  ctx.log.info(
    {
      import: id,
      photos: jobs.length,
      workers,
      kept: spent.kept,
      reencoded: spent.reencoded,
      photosSeconds: seconds(photosSeconds),
      workerReadSeconds: seconds(spent.readSeconds),
      workerPhotoSeconds: seconds(spent.photoSeconds),
      rowsSeconds: seconds((performance.now() - rowsStart) / 1000),
    },
    'import: done',
  );
}

/**
 * The file's collections (version 3) added to the account's, under their own ids: one the account
 * already holds is taken for this file's, imported before, and left as it is, so importing a file
 * twice adds nothing twice. Past MAX_COLLECTIONS the import fails and nothing lands. Answers how
 * many were added.
 */
async function importCollections(
  trx: Db,
  userId: string,
  doc: ExportDocument,
  itemIds: Map<string, string>,
  outfitIds: Map<string, string>,
): Promise<number> {
  const fresh: NonNullable<ExportDocument['collections']> = [];
  for (const c of doc.collections ?? []) {
    if (!(await findCollection(trx, userId, c.id))) fresh.push(c);
  }
  if (fresh.length === 0) return 0;
  if ((await countCollections(trx, userId)) + fresh.length > MAX_COLLECTIONS) {
    throw new ValidationError(`${collectionsLimitMessage()} Nothing was imported.`);
  }
  for (const c of fresh) {
    await insertCollection(trx, userId, {
      id: c.id,
      kind: c.kind,
      name: c.name,
      note: c.note,
      start_date: c.kind === 'packing' ? c.start_date : null,
      end_date: c.kind === 'packing' ? c.end_date : null,
      destination: c.kind === 'packing' ? c.destination : null,
      date_created: c.date_created,
    });
    const ids = {
      clothes: c.items.map((ref) => itemIds.get(ref)!),
      outfits: c.outfits.map((ref) => outfitIds.get(ref)!),
    };
    if ((await addEntries(trx, userId, c.id, ids)) === false)
      throw new Error('an imported collection entry is not owned');
    if (c.kind === 'packing' && c.packed.length > 0)
      await setPacked(
        trx,
        userId,
        c.id,
        [...new Set(c.packed.map((ref) => itemIds.get(ref)!))],
        true,
      );
  }
  return fresh.length;
}

/**
 * The calendar's days added to the account's: wears the account does not have yet, and a day's
 * star where the account has none. Returns how many days gained something.
 */
async function importCalendar(
  trx: Db,
  quota: AccountQuota,
  userId: string,
  doc: ExportDocument,
  itemIds: Map<string, string>,
  outfitIds: Map<string, string>,
): Promise<number> {
  if (doc.calendar.length === 0) return 0;
  const first = doc.calendar[0]!.day;
  const last = doc.calendar[doc.calendar.length - 1]!.day;
  const [existing, stars] = await Promise.all([
    listWearsBetween(trx, userId, first, last),
    listStarredDaysBetween(trx, userId, first, last),
  ]);
  const have = new Set(existing.map((e) => `${e.day}|${e.clothing_id ?? ''}|${e.outfit_id ?? ''}`));
  const starred = new Set(stars);
  const wears: Wear[] = [];
  const newStars: { day: string; display_item: string }[] = [];
  let touched = 0;
  for (const day of doc.calendar) {
    let gained = false;
    for (const ref of day.clothes) {
      const target = itemIds.get(ref)!;
      if (have.has(`${day.day}|${target}|`)) continue;
      have.add(`${day.day}|${target}|`);
      wears.push({ day: day.day, clothing_id: target, outfit_id: null });
      gained = true;
    }
    for (const ref of day.outfits) {
      const target = outfitIds.get(ref)!;
      if (have.has(`${day.day}||${target}`)) continue;
      have.add(`${day.day}||${target}`);
      wears.push({ day: day.day, clothing_id: null, outfit_id: target });
      gained = true;
    }
    if (day.display_item !== null && !starred.has(day.day)) {
      const star = day.display_item;
      const target = day.clothes.includes(star) ? itemIds.get(star)! : outfitIds.get(star)!;
      newStars.push({ day: day.day, display_item: target });
      gained = true;
    }
    if (gained) touched++;
  }
  await assertCalendarRoomFor({ db: trx, quota }, userId, wears.length);
  for (const rows of chunks(wears)) {
    // Every id was mapped to one of the account's records above.
    if (!(await insertWears(trx, userId, rows))) throw new Error('an imported wear is not owned');
  }
  for (const rows of chunks(newStars)) await insertDayStars(trx, userId, rows);
  return touched;
}
