import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { deflateRaw as deflateRawCallback } from 'node:zlib';
import {
  EXPORT_DOCUMENT_PATH,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  WIRE_CATEGORIES,
  coloursFromText,
  exportFileName,
  exportPhotoPath,
  type ExportCalendarDay,
  type ExportDocument,
  type ExportItem,
  type ExportOutfit,
} from '@hanger/domain';
import type * as Yazl from 'yazl';
import type { ZipFile } from 'yazl';
import {
  deleteExpiredExportTokens,
  findExportTokenByHash,
  insertExportToken,
} from '../repositories/export-tokens.js';
import { findAccountProfile, hasSession } from '../repositories/identity.js';
import type { ServiceContext } from './context.js';
import { readSettings } from './settings.js';
import { readWardrobeRows } from '../repositories/wardrobe.js';
import { listCollections } from '../repositories/collections.js';
import { ITEM_COLUMNS } from './serialize.js';
import { cutoutFilesOf, originalOf } from './cutouts.js';

const deflateRaw = promisify(deflateRawCallback);

/** How long a download link works; the browser starts the download at once. */
export const EXPORT_LINK_TTL_MS = 5 * 60 * 1000;
/** yazl's default, used for both the real archive and the size calculation. */
const DEFLATE_LEVEL = 6;
/** Photo sizes looked up at once when the exact zip size is wanted. */
const SIZE_CONCURRENCY = 16;
/**
 * Written in place of a photo the store no longer has (a 16x16 grey lossless WebP), so that one
 * lost file never makes the whole account impossible to export or import.
 */
const MISSING_PHOTO = Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvD8ADAAfQ6Vo3uv+BiOh/AAA=', 'base64');

/** One photo of the archive: where it goes in the zip and where it comes from. */
export interface ExportPhoto {
  path: string;
  key: string;
}

export interface ExportContents {
  document: ExportDocument;
  photos: ExportPhoto[];
}

/** Everything the account owns as a hanger-export document, and the photos it references. */
export async function readExportContents(
  ctx: ServiceContext,
  userId: string,
  exportedAt: Date,
): Promise<ExportContents> {
  const db = ctx.db;
  const [account, settings, rows, collections] = await Promise.all([
    findAccountProfile(db, userId),
    readSettings(db, userId),
    readWardrobeRows(db, userId),
    listCollections(db, userId),
  ]);
  const { clothes, outfits, canvases, days: wears, stars } = rows;

  const photos: ExportPhoto[] = [];
  const items: ExportItem[] = clothes.map((row, index) => {
    // `photo` is the original; a cut-out shown for it travels beside it (docs/cutouts.md).
    const photo = exportPhotoPath('item', row.id, index);
    photos.push({ path: photo, key: originalOf(row).image });
    const item = { id: row.id, photo } as Record<string, unknown>;
    for (const column of ITEM_COLUMNS) item[column] = row[column] ?? null;
    const colors = coloursFromText(row.colors);
    item.colors = colors.length > 0 ? colors : null;
    item.colors_source = row.colors_source;
    const cutout = cutoutFilesOf(row);
    if (cutout) {
      item.cutout = exportPhotoPath('cutout', row.id, index);
      photos.push({ path: item.cutout as string, key: cutout.image });
    } else item.cutout = null;
    return item as ExportItem;
  });

  const exportOutfits: ExportOutfit[] = outfits.map((row, index) => {
    const photo = exportPhotoPath('outfit', row.id, index);
    photos.push({ path: photo, key: row.image_key });
    return {
      id: row.id,
      photo,
      status: row.status ?? null,
      date_created: row.date_created,
      manual_times_worn: row.manual_times_worn ?? null,
      canvas_data: (canvases.get(row.id) ?? []).map((p) => ({
        clothing_id: p.clothing_id,
        x: p.x,
        y: p.y,
        scale: p.scale,
        rotation: p.rotation,
      })),
    };
  });

  const days = new Map<string, ExportCalendarDay>();
  const dayOf = (day: string) => {
    let entry = days.get(day);
    if (!entry) {
      entry = { day, clothes: [], outfits: [], display_item: null };
      days.set(day, entry);
    }
    return entry;
  };
  for (const wear of wears) {
    if (wear.clothing_id) dayOf(wear.day).clothes.push(wear.clothing_id);
    else if (wear.outfit_id) dayOf(wear.day).outfits.push(wear.outfit_id);
  }
  for (const star of stars) dayOf(star.day).display_item = star.display_item;

  const subcategories = Object.fromEntries(
    WIRE_CATEGORIES.map((c) => [
      c,
      (settings.subcategories[c] ?? []).map((s) => ({ id: s.id, name: s.name })),
    ]),
  ) as ExportDocument['settings']['subcategories'];

  const document: ExportDocument = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: exportedAt.toISOString(),
    account: { email: account?.email ?? '', name: account?.name ?? '' },
    settings: {
      locale: settings.locale,
      currency: settings.currency,
      week_start: settings.week_start,
      data_consent: settings.data_consent,
      tracking_start_date: settings.tracking_start_date ?? null,
      subcategories,
    },
    items,
    outfits: exportOutfits,
    calendar: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    // Version 3 (docs/collections.md): ticks of pieces no longer on a list are left behind.
    collections: collections.map((c) => {
      const pieces = new Set(c.item_ids);
      for (const outfitId of c.outfit_ids)
        for (const p of canvases.get(outfitId) ?? []) pieces.add(p.clothing_id);
      return {
        id: c.id,
        kind: c.kind,
        name: c.name,
        note: c.note,
        start_date: c.start_date,
        end_date: c.end_date,
        destination: c.destination,
        date_created: c.date_created,
        items: c.item_ids,
        outfits: c.outfit_ids,
        packed: c.packed_ids.filter((id) => pieces.has(id)),
      };
    }),
  };
  return { document, photos };
}

// ---------------------------------------------------------------------------------------------
// Download links
// ---------------------------------------------------------------------------------------------

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The UTC day of an export, as its file name shows it. */
function exportDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export interface ExportLinkRecord {
  token: string;
  fileName: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A new download link for the account: 256 random bits, of which only a hash is stored, valid for
 * EXPORT_LINK_TTL_MS and only while the session it was made in lasts (sign-out, a password
 * change, a ban or the account's removal end it). Expired links of every account are removed on
 * the way.
 */
export async function createExportLink(
  ctx: ServiceContext,
  userId: string,
  sessionId: string | null,
  now = new Date(),
): Promise<ExportLinkRecord> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_TTL_MS);
  await deleteExpiredExportTokens(ctx.db, now.toISOString());
  await insertExportToken(ctx.db, userId, {
    token_hash: hashToken(token),
    session_id: sessionId,
    created_at: now.toISOString(),
    expires_at: expiresAt.toISOString(),
  });
  return { token, fileName: exportFileName(exportDay(now)), createdAt: now, expiresAt };
}

/**
 * The account and export time a download link stands for, or null when the token is unknown or
 * expired, or the file name is not the one the link was made with.
 */
export async function resolveExportLink(
  ctx: ServiceContext,
  token: string,
  fileName: string,
  now = new Date(),
): Promise<{ userId: string; createdAt: Date } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await findExportTokenByHash(ctx.db, hashToken(token));
  if (!row || row.expires_at <= now.toISOString()) return null;
  // The session the link was made in must last (better-auth deletes a session row when it ends).
  if (row.session_id !== null && !(await hasSession(ctx.db, row.user_id, row.session_id)))
    return null;
  const createdAt = new Date(row.created_at);
  if (fileName !== exportFileName(exportDay(createdAt))) return null;
  return { userId: row.user_id, createdAt };
}

// ---------------------------------------------------------------------------------------------
// The archive
// ---------------------------------------------------------------------------------------------

function toStream(body: Buffer | NodeJS.ReadableStream): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : (body as Readable);
}

/** Sizes of the photos (MISSING_PHOTO's for those the store lacks), a few lookups at a time. */
async function photoSizes(ctx: ServiceContext, photos: ExportPhoto[]): Promise<number[]> {
  const sizes = new Array<number>(photos.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < photos.length; i = next++) {
      const blob = await ctx.storage.get(photos[i]!.key);
      if (!blob) {
        sizes[i] = MISSING_PHOTO.length;
        continue;
      }
      let size = blob.size;
      if (Buffer.isBuffer(blob.body)) size = blob.body.length;
      else (blob.body as Readable).destroy();
      if (size === undefined) throw new Error(`The photo store gave no size for ${photos[i]!.key}`);
      sizes[i] = size;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIZE_CONCURRENCY, photos.length) }, worker));
  return sizes;
}

export interface ExportArchive {
  /** The zip, produced as it is read: one photo is open at a time. */
  stream: Readable;
  /** Exact byte length, when the photo sizes were looked up. */
  bytes: number | null;
  photos: number;
}

/** yazl is CommonJS: its exports are the default export once bundled (dist/main.js). */
async function yazl(): Promise<typeof Yazl> {
  const mod = (await import('yazl')) as typeof Yazl & { default?: typeof Yazl };
  return mod.default ?? mod;
}

// Sizes of the records yazl writes, for the correction below.
const CENTRAL_RECORD_FIXED = 46;
const UNIVERSAL_TIMESTAMP_FIELD = 9;
const ZIP64_EOCD = 56 + 20;

/**
 * The exact size yazl will produce for these entries. yazl computes it only for stored entries,
 * so the document is stood in for by a stored buffer as long as its deflated form: the layout
 * (local header, data, no data descriptor, central record) is the same byte for byte.
 *
 * yazl 3.3's calculation counts the ZIP64 end-of-central-directory records as soon as the central
 * directory reaches 64 KiB (about 700 entries), while its writer adds them only past 4 GiB or
 * 65,535 entries; the 76 bytes are taken off again in that case.
 */
export async function zipSize(
  documentDeflatedBytes: number,
  entries: { path: string }[],
  sizes: number[],
  mtime: Date,
): Promise<number> {
  const { ZipFile } = await yazl();
  const dry = new ZipFile();
  dry.outputStream.resume();
  dry.addBuffer(Buffer.alloc(documentDeflatedBytes), EXPORT_DOCUMENT_PATH, {
    compress: false,
    mtime,
  });
  entries.forEach((entry, i) =>
    dry.addReadStreamLazy(entry.path, { compress: false, mtime, size: sizes[i]! }, () => {
      // Never read: only the size is wanted.
    }),
  );
  const calculated = await new Promise<number>((resolve, reject) => {
    // @types/yazl types the callback without its argument.
    const end = dry.end.bind(dry) as (o: undefined, cb: (total: number) => void) => void;
    end(undefined, (total) =>
      total >= 0 ? resolve(total) : reject(new Error('zip size unknown')),
    );
  });
  const names = [EXPORT_DOCUMENT_PATH, ...entries.map((e) => e.path)];
  const count = names.length;
  const central = names.reduce(
    (sum, name) => sum + CENTRAL_RECORD_FIXED + UNIVERSAL_TIMESTAMP_FIELD + Buffer.byteLength(name),
    0,
  );
  const centralOffset = calculated - central - 22 - ZIP64_EOCD;
  const calculatedZip64 = count >= 0xffff || central >= 0xffff || centralOffset >= 0xffffffff;
  const writtenZip64 = count >= 0xffff || central >= 0xffffffff || centralOffset >= 0xffffffff;
  return calculatedZip64 && !writtenZip64 ? calculated - ZIP64_EOCD : calculated;
}

export interface ExportOptions {
  /**
   * Look every photo's size up first so that the zip's length is known (Content-Length, the
   * `bytes` of POST /api/export). Cheap on local disk; on S3 it would cost a request per photo.
   */
  exactSize: boolean;
}

interface ExportPlan {
  json: Buffer;
  photos: ExportPhoto[];
  /** Per photo, when looked up. */
  sizes: number[] | null;
  bytes: number | null;
}

async function planExport(
  ctx: ServiceContext,
  userId: string,
  exportedAt: Date,
  options: ExportOptions,
): Promise<ExportPlan> {
  const { document, photos } = await readExportContents(ctx, userId, exportedAt);
  const json = Buffer.from(`${JSON.stringify(document, null, 2)}\n`);
  if (!options.exactSize) return { json, photos, sizes: null, bytes: null };
  const sizes = await photoSizes(ctx, photos);
  const deflated = await deflateRaw(json, { level: DEFLATE_LEVEL });
  const bytes = await zipSize(deflated.length, photos, sizes, exportedAt);
  return { json, photos, sizes, bytes };
}

/**
 * The size the export made at `exportedAt` will have (POST /api/export answers it before the
 * download starts), or null without exact sizes. Nothing is streamed.
 */
export async function exportSize(
  ctx: ServiceContext,
  userId: string,
  exportedAt: Date,
  options: ExportOptions,
): Promise<number | null> {
  if (!options.exactSize) return null;
  return (await planExport(ctx, userId, exportedAt, options)).bytes;
}

/**
 * The account's export as a zip stream: hanger-export.json first (deflated), then every photo
 * stored as it is (WebP does not compress), read from the photo store one at a time, so memory
 * stays flat whatever the wardrobe's size.
 */
export async function openExportArchive(
  ctx: ServiceContext,
  userId: string,
  exportedAt: Date,
  options: ExportOptions,
): Promise<ExportArchive> {
  const { json, photos, sizes, bytes } = await planExport(ctx, userId, exportedAt, options);

  const { ZipFile } = await yazl();
  const zip: ZipFile = new ZipFile();
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  zip.on('error', (err: Error) => {
    ctx.log.error({ err, userId }, 'export archive failed');
    output.destroy(err);
  });
  zip.outputStream.pipe(output);
  let reading: Readable | undefined;
  output.on('close', () => {
    // The client went away: close the photo being read and stop.
    if (output.writableFinished) return;
    reading?.destroy();
    zip.outputStream.unpipe(output);
    (zip.outputStream as unknown as Readable).destroy();
  });

  zip.addBuffer(json, EXPORT_DOCUMENT_PATH, {
    compress: true,
    compressionLevel: DEFLATE_LEVEL,
    mtime: exportedAt,
  });
  photos.forEach((photo, i) => {
    const size = sizes?.[i];
    zip.addReadStreamLazy(
      photo.path,
      { compress: false, mtime: exportedAt, ...(size === undefined ? {} : { size }) },
      (callback) => {
        if (output.destroyed) {
          callback(new Error('download cancelled'), Readable.from([]));
          return;
        }
        ctx.storage.get(photo.key).then(
          (blob) => {
            if (!blob) ctx.log.warn({ key: photo.key, userId }, 'export: photo missing');
            reading = blob ? toStream(blob.body) : Readable.from([MISSING_PHOTO]);
            if (output.destroyed) reading.destroy();
            callback(null, reading);
          },
          (err: Error) => callback(err, Readable.from([])),
        );
      },
    );
  });
  zip.end();
  return { stream: output, bytes, photos: photos.length };
}
