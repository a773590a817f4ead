import { createHash, randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MAX_SHEET_REFUSALS_SHOWN,
  MAX_SUBCATEGORIES,
  SHEET_PREVIEW_ITEMS,
  coloursToText,
  decodeSheet,
  guessSheetMapping,
  parseSheet,
  sheetRowReader,
  subcategoryNameKey,
  type DecodedSheet,
  type ImportStarted,
  type ImportStatus,
  type SheetImportFields,
  type SheetItem,
  type SheetMapping,
  type SheetPreview,
  type SheetReading,
  type WireSettings,
} from '@hanger/domain';
import { lockAccount } from '../db/account-lock.js';
import type { ClothesRow, DataImportsTable } from '../db/schema.js';
import { ConflictError, ValidationError } from '../errors.js';
import { insertItems } from '../repositories/clothes.js';
import type { Owned } from '../repositories/db.js';
import { finishImport, insertRunningImport, upsertImportLinks } from '../repositories/imports.js';
import type { ServiceContext } from './context.js';
import { eachLimited } from './each-limited.js';
import {
  ANOTHER_RUNNING,
  existingTargets,
  importLiveSince,
  importProgress,
  keepUpload,
  newImportRow,
  queueImport,
  removeArchive,
  runImportJob,
  type ImportConfig,
  type ImportJob,
} from './import.js';
import { openPhotoZip, type OpenedPhotoZip } from './import-archive.js';
import { discardPhoto, photoColumns, storePhoto, type StoredPhoto } from './photos.js';
import { convertedColumns } from './prices.js';
import { assertRoomFor } from './quota.js';
import { readSettings, writeSettings } from './settings.js';

/**
 * Importing items from a spreadsheet and, optionally, a zip of their photos
 * (docs/spreadsheet-import.md). The rules are the domain's (spreadsheet-import.ts); this reads the
 * account's currency and what was imported before, stores the photos and writes every row in one
 * transaction: all or nothing. The preview answers in its request; the import is an 'import' job
 * (docs/jobs.md) whose state and progress `data_imports` holds, as an export's import.
 */

/** The form's choices the import is read with (the action aside). */
export type SheetOptions = Omit<SheetImportFields, 'action'>;

export interface SheetInput {
  sheet: Buffer;
  photos: OpenedPhotoZip | null;
  fields: SheetOptions;
}

/** Rows read between two turns of the event loop (about 20 ms of work on a loaded machine). */
const READ_SLICE = 1000;

interface ReadSheet {
  decoded: DecodedSheet;
  header: string[];
  delimiter: SheetPreview['delimiter'];
  mapping: SheetMapping;
  rows: number;
  reading: SheetReading;
}

async function readSheet(input: SheetInput, currency: string): Promise<ReadSheet> {
  const decoded = decodeSheet(input.sheet, input.fields.encoding);
  const parsed = parseSheet(decoded.text);
  if (!parsed.ok) throw new ValidationError(`${parsed.problem} Nothing was imported.`);
  const mapping = input.fields.mapping ?? guessSheetMapping(parsed.header);
  for (const at of Object.values(mapping)) {
    if (at >= parsed.header.length)
      throw new ValidationError(
        `The mapping names column ${at + 1}; the sheet has ${parsed.header.length}.`,
      );
  }
  // Read a slice at a time, other requests served between slices: 50,000 rows read at once held
  // the server for about a second (several under load).
  const reader = sheetRowReader(mapping, { currency, photos: input.photos?.names ?? null });
  for (let i = 0; i < parsed.rows.length; i += READ_SLICE) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    reader.read(parsed.rows.slice(i, i + READ_SLICE), i);
  }
  const { reading } = reader;
  return {
    decoded,
    header: parsed.header,
    delimiter: parsed.delimiter,
    mapping,
    rows: parsed.rows.length,
    reading,
  };
}

/** The import_links source id of a row: Hanger's own item id, else a digest of its key. */
function sourceIdOf(item: SheetItem): string {
  if (item.key.startsWith('id:')) return item.key.slice(3);
  return `sheet:${createHash('sha256').update(item.key).digest('hex').slice(0, 40)}`;
}

/**
 * The id a row's item gets in one import (a UUID made from the import's id and the row's source
 * id): every run of the import's job gives it the same one, so a run taken over after a crash
 * stores its photos over those of the run cut short, not beside them (docs/jobs.md).
 */
function rowItemId(importId: string, item: SheetItem): string {
  const hex = createHash('sha256')
    .update(`${importId}|${sourceIdOf(item)}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function newItemsOf(
  ctx: ServiceContext,
  userId: string,
  items: SheetItem[],
): Promise<{ fresh: SheetItem[]; already: number }> {
  const known = await existingTargets(ctx.db, userId, 'item', items.map(sourceIdOf));
  const fresh = items.filter((i) => !known.has(sourceIdOf(i)));
  return { fresh, already: items.length - fresh.length };
}

export async function previewSheet(
  ctx: ServiceContext,
  userId: string,
  input: SheetInput,
): Promise<SheetPreview> {
  const settings = await readSettings(ctx.db, userId);
  const read = await readSheet(input, settings.currency);
  const { fresh, already } = await newItemsOf(ctx, userId, read.reading.items);
  return {
    encoding: read.decoded.encoding,
    delimiter: read.delimiter,
    header: read.header,
    mapping: read.mapping,
    rows: read.rows,
    items: read.reading.items.slice(0, SHEET_PREVIEW_ITEMS),
    importable: fresh.length,
    already_imported: already,
    refused: read.reading.refused.slice(0, MAX_SHEET_REFUSALS_SHOWN),
    refused_count: read.reading.refused.length,
    photos: input.photos?.names.size ?? 0,
  };
}

let placeholder: Promise<{ image: Buffer; thumbnail: Buffer }> | undefined;

/** A plain light tile for an item the sheet gives no photo (our encoder's output). */
function placeholderPhoto(): Promise<{ image: Buffer; thumbnail: Buffer }> {
  placeholder ??= import('../photos/images.js').then(async ({ encodeSizes }) => {
    const width = 600;
    const height = 800;
    const data = Buffer.alloc(width * height * 3, 0xe9);
    const files = await encodeSizes(data, { width, height, channels: 3 });
    return { image: files.image, thumbnail: files.thumbnail };
  });
  return placeholder;
}

async function storePlaceholder(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<StoredPhoto> {
  const { storageKeys } = await import('../photos/images.js');
  const files = await placeholderPhoto();
  const keys = storageKeys(userId, { id });
  try {
    await ctx.storage.put(keys.image, files.image, 'image/webp');
    await ctx.storage.put(keys.thumbnail, files.thumbnail, 'image/webp');
  } catch (err) {
    await discardPhoto(ctx, keys);
    throw err;
  }
  return keys;
}

/** Subcategory names the rows use, added to the account's where missing; answers name→id. */
function mergeSheetSubcategories(settings: WireSettings, items: SheetItem[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const item of items) {
    if (!item.subcategory) continue;
    const list = (settings.subcategories[item.category] ??= []);
    const key = subcategoryNameKey(item.subcategory);
    const found = list.find((s) => subcategoryNameKey(s.name) === key);
    if (found) {
      ids.set(`${item.category}|${key}`, found.id);
      continue;
    }
    if (list.length >= MAX_SUBCATEGORIES)
      throw new ValidationError(
        `Importing would give ${item.category} more than ${MAX_SUBCATEGORIES} subcategories. Nothing was imported.`,
      );
    const id = randomUUID();
    list.push({ id, name: item.subcategory });
    ids.set(`${item.category}|${key}`, id);
  }
  return ids;
}

const INSERT_CHUNK = 400;

/**
 * Photos stored at once. A row without a photo is two small file writes, which one after another
 * took most of an import (20,000 rows: 77 s on a loaded two-core machine); re-encoding a photo
 * runs on libvips' own threads, which bound the CPU it takes whatever this is.
 */
const PHOTO_WRITERS = 8;

/** A sheet import's run: its id, and the photos stored so far (removed if it fails). */
interface SheetRun {
  id: string;
  written: StoredPhoto[];
}

/**
 * Import the rows: refused rows stop the whole import unless `skip_refused`; rows imported before
 * (by this or an earlier file) are left out; photos are stored first (progress: rows whose photo
 * or tile is stored, of the rows to add), then every row and link, and the import's state, in
 * one transaction. A failure leaves nothing imported; the caller (runImportJob) removes the
 * photos in `run.written`.
 */
async function importSheet(
  ctx: ServiceContext,
  userId: string,
  input: SheetInput,
  run: SheetRun,
): Promise<void> {
  const current = await readSettings(ctx.db, userId);
  const read = await readSheet(input, current.currency);
  const { refused } = read.reading;
  if (refused.length > 0 && !input.fields.skip_refused) {
    const first = refused[0]!;
    throw new ValidationError(
      `${refused.length} ${refused.length === 1 ? 'row is' : 'rows are'} refused (row ${first.row}: ${first.reason}). Fix ${refused.length === 1 ? 'it' : 'them'} or choose to skip the refused rows. Nothing was imported.`,
    );
  }
  const found = await newItemsOf(ctx, userId, read.reading.items);
  let fresh = found.fresh;
  await assertRoomFor(ctx, userId, fresh.length);
  const progress = importProgress(ctx, userId, run.id);
  await progress.start(fresh.length);

  const photos = new Map<string, StoredPhoto>();
  const ids = new Map<SheetItem, string>();
  for (const item of fresh) ids.set(item, rowItemId(run.id, item));
  let done = 0;
  await eachLimited(fresh, PHOTO_WRITERS, async (item) => {
    const id = ids.get(item)!;
    let stored: StoredPhoto;
    if (item.photo && input.photos) {
      const bytes = await input.photos.readPhoto(item.photo);
      try {
        const { image, thumbnail } = await storePhoto(ctx, userId, bytes, { id });
        stored = { image, thumbnail };
      } catch (err) {
        if (err instanceof Error && 'statusCode' in err)
          throw new ValidationError(
            `Row ${item.row}: photo ${item.photo}: ${err.message} Nothing was imported.`,
          );
        throw err;
      }
    } else {
      stored = await storePlaceholder(ctx, userId, id);
    }
    run.written.push(stored);
    photos.set(id, stored);
    done++;
    await progress.step(done);
  });

  // Imported meanwhile by another import of the same rows: checked again under the lock, so that
  // two imports running at once add each row once.
  let late: SheetItem[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    const known = await existingTargets(trx, userId, 'item', fresh.map(sourceIdOf));
    late = fresh.filter((i) => known.has(sourceIdOf(i)));
    if (late.length > 0) fresh = fresh.filter((i) => !known.has(sourceIdOf(i)));
    await assertRoomFor({ db: trx, quota: ctx.quota }, userId, fresh.length);
    const settings = await readSettings(trx, userId);
    const subIds = mergeSheetSubcategories(settings, fresh);
    if (subIds.size > 0) await writeSettings(trx, userId, settings);
    const now = new Date().toISOString();
    const rows: Owned<ClothesRow>[] = fresh.map((item) => {
      const id = ids.get(item)!;
      const row: Owned<ClothesRow> = {
        id,
        ...photoColumns(photos.get(id)!),
        category: item.category,
        sub_category_id: item.subcategory
          ? (subIds.get(`${item.category}|${subcategoryNameKey(item.subcategory)}`) ?? null)
          : null,
        status: item.status,
        source: item.source ?? null,
        brand: item.brand ?? null,
        date_created: now,
        date_obtained: item.date_obtained ?? null,
        date_archived: item.status === 'archived' ? now.slice(0, 10) : null,
        price: item.price ?? null,
        currency: item.currency ?? null,
        converted_price: null,
        sold_price: null,
        sold_currency: null,
        converted_sold_price: null,
        manual_times_worn: null,
        scale: null,
        colors: coloursToText(item.colors ?? null),
        // Colours the sheet gives are a person's; a real photo without them gets the colour
        // backfill's; a placeholder tile has none to find.
        colors_source: item.colors?.length ? 'user' : item.photo ? null : 'user',
      };
      Object.assign(row, convertedColumns(ctx.prices, row, settings.currency));
      return row;
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await insertItems(trx, userId, rows.slice(i, i + INSERT_CHUNK));
    const links = fresh.map((item) => ({
      kind: 'item' as const,
      source_id: sourceIdOf(item),
      target_id: ids.get(item)!,
    }));
    for (let i = 0; i < links.length; i += INSERT_CHUNK)
      await upsertImportLinks(trx, userId, links.slice(i, i + INSERT_CHUNK));
    const result: SheetResult = {
      items: fresh.length,
      skipped: found.already + late.length,
      refused_skipped: refused.length,
    };
    const finished = await finishImport(trx, userId, run.id, {
      done,
      result: JSON.stringify(result),
      updated_at: new Date().toISOString(),
    });
    // Marked failed meanwhile (taken for interrupted), or done by another run: nothing lands.
    if (!finished) throw new Error('import no longer running');
  });
  // Committed: the photos are the items' now, but for rows another import added meanwhile.
  run.written.length = 0;
  for (const item of late)
    await discardPhoto(ctx, photos.get(ids.get(item)!)!).catch((err: unknown) =>
      ctx.log.warn({ err, importId: run.id }, 'import: removing a photo not used failed'),
    );
  if (fresh.some((i) => i.photo && !i.colors?.length))
    await ctx
      .queueColourBackfill?.()
      .catch((err: unknown) => ctx.log.error({ err }, 'colours: queueing the backfill failed'));
}

/** What a finished sheet import reports (GET /api/imports/{id} `result`). */
type SheetResult = Pick<
  NonNullable<ImportStatus['result']>,
  'items' | 'skipped' | 'refused_skipped'
>;

/** Where a sheet's files wait in the object store, when there is one (services/import.ts). */
function uploadKeys(userId: string, id: string) {
  return { sheet: `${userId}/import-${id}.csv`, photos: `${userId}/import-${id}.photos.zip` };
}

/** Where the route writes a sheet import's files, named after the import (sweepImportFiles). */
export function sheetUploadPaths(config: Pick<ImportConfig, 'dir'>, id: string) {
  return { sheet: join(config.dir, `${id}.csv`), photos: join(config.dir, `${id}.photos.zip`) };
}

/**
 * Start importing a sheet (the files the route wrote at sheetUploadPaths, the zip checked) and
 * answer at once: the import is recorded running, unless another of the account's is (one
 * import at a time, as commitImport), and queued as an 'import' job. Its files wait where an
 * export's upload does, and go when it has run; refused, it leaves none.
 */
export async function startSheetImport(
  ctx: ServiceContext,
  userId: string,
  id: string,
  files: { sheet: string; photos: string | null; photoCount: number },
  options: SheetOptions,
  queue: (job: ImportJob) => Promise<unknown>,
): Promise<ImportStarted> {
  const keys = uploadKeys(userId, id);
  const kept: string[] = [];
  const removeKept = async () => {
    for (const upload of kept) await removeArchive(ctx, upload).catch(() => undefined);
  };
  try {
    const sheet = await keepUpload(ctx, files.sheet, keys.sheet, 'text/csv');
    kept.push(sheet);
    const photos = files.photos
      ? await keepUpload(ctx, files.photos, keys.photos, 'application/zip')
      : null;
    if (photos) kept.push(photos);
    const row = newImportRow(id, {
      kind: 'sheet',
      state: 'running',
      archive_path: sheet,
      photos_path: photos,
      sheet_options: JSON.stringify(options),
      photos: files.photoCount,
    });
    if ((await insertRunningImport(ctx.db, userId, row, importLiveSince())) === 'another-running')
      throw new ConflictError(ANOTHER_RUNNING);
  } catch (err) {
    await rm(files.sheet, { force: true });
    if (files.photos) await rm(files.photos, { force: true });
    await removeKept();
    throw err;
  }
  return queueImport(ctx, userId, id, queue, removeKept);
}

/** A sheet import, the 'import' job's work for a sheet (services/import-jobs.ts). */
export async function runSheetImport(
  ctx: ServiceContext,
  ownerId: string,
  row: DataImportsTable,
  config: ImportConfig,
): Promise<void> {
  const local = sheetUploadPaths(config, row.id);
  const uploads = [{ upload: row.archive_path, local: local.sheet }];
  if (row.photos_path) uploads.push({ upload: row.photos_path, local: local.photos });
  await runImportJob(ctx, ownerId, row.id, uploads, async ([sheetPath, photosPath], written) => {
    const options = JSON.parse(row.sheet_options ?? '{}') as SheetOptions;
    const photos = photosPath ? await openPhotoZip(photosPath, config.limits) : null;
    try {
      const sheet = await readFile(sheetPath!);
      await importSheet(ctx, ownerId, { sheet, photos, fields: options }, { id: row.id, written });
    } finally {
      await photos?.close();
    }
  });
}
