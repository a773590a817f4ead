import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { colourNamesOfPixels, coloursToText, type WireItemPatch } from '@hanger/domain';
import type { CutoutRunner } from '../cutout/runner.js';
import type { ClothesRow } from '../db/schema.js';
import { ConflictError, NotFoundError } from '../errors.js';
import {
  findItem,
  replaceFoundColours,
  updateItem,
  updateItemForCutout,
} from '../repositories/clothes.js';
import type { ItemChanges } from '../repositories/clothes.js';
import { mediaUrl } from '../storage/signed-url.js';
import type { ServiceContext } from './context.js';
import { discardPhoto, photoColumns, photoOf, photoUrls, type StoredPhoto } from './photos.js';
import { cutoutsAvailable, readSettings } from './settings.js';

/**
 * Cut-out photos (docs/cutouts.md): the item's columns, the job that makes a cut-out, and the
 * calls that queue, restore and replace one.
 *
 * While a cut-out is shown, `image_key`/`thumb_key` name the cut-out's files and
 * `original_key`/`original_thumb_key` the original's; otherwise the original is in
 * `image_key`/`thumb_key` and the others are null. Every reader of an item's photo (the wardrobe,
 * the first screen, outfits' compositing in the app) thus shows the cut-out without knowing of it.
 *
 * A queued cut-out carries a random `cutout_token`, in the row and in the job. The job's result
 * lands only while the row still holds that token (repositories/clothes.ts updateItemForCutout):
 * a replaced photo, a restore, or queueing again gives a new token (or none), so a stale result is
 * discarded and its files deleted.
 */

const NOT_FOUND = 'The requested item was not found.';
const UNAVAILABLE = 'Cut-outs are not available on this server.';

/** What a cut-out job carries (a durable job's payload: plain JSON). */
export interface CutoutJobPayload {
  userId: string;
  itemId: string;
  token: string;
}

/** One run of a job, as the job queue hands it over. */
export interface CutoutJob {
  id: string;
  payload: CutoutJobPayload;
  attempt: number;
}

/** What the cut-out calls need from the job queue. */
export interface CutoutQueue {
  enqueue(payload: CutoutJobPayload): Promise<void>;
  /** Drops the queued job of `token`, if it has not started. */
  cancel(token: string): Promise<void>;
}

/** The cut-out feature as the services plugin builds it. */
export interface CutoutFeature {
  /** null with CUTOUT=off. */
  runner: CutoutRunner | null;
  queue: CutoutQueue;
}

/** A job failure that another attempt cannot fix (not a photo, nothing found in it). */
export class PermanentCutoutError extends Error {
  readonly permanent = true;
}

/** Whether a new or replaced photo of the user's is cut out: available and the setting on. */
export async function cutoutWanted(ctx: ServiceContext, userId: string): Promise<boolean> {
  if (!(await cutoutsAvailable(ctx))) return false;
  return (await readSettings(ctx.db, userId)).cut_out_new_photos !== false;
}

const now = () => new Date().toISOString();

/** The columns of an item waiting for its cut-out under a new token. */
export function pendingColumns(): {
  cutout_state: 'pending';
  cutout_token: string;
  cutout_error: null;
  cutout_updated_at: string;
} {
  return {
    cutout_state: 'pending',
    cutout_token: randomUUID(),
    cutout_error: null,
    cutout_updated_at: now(),
  };
}

/** The columns of an item showing its original with no cut-out (none, restored, replaced). */
function noCutoutColumns(): ItemChanges {
  return {
    original_key: null,
    original_thumb_key: null,
    cutout_state: null,
    cutout_token: null,
    cutout_error: null,
    cutout_updated_at: now(),
  };
}

/** The original's files: in the original columns while a cut-out is shown, else the photo's. */
export function originalOf(row: ClothesRow): StoredPhoto {
  return row.original_key && row.original_thumb_key
    ? { image: row.original_key, thumbnail: row.original_thumb_key }
    : photoOf(row);
}

/** The cut-out's files while one is shown. */
export function cutoutFilesOf(row: ClothesRow): StoredPhoto | null {
  return row.original_key ? photoOf(row) : null;
}

/** The item's cut-out fields on the wire (docs/cutouts.md); absent ones are left out. */
export function cutoutWire(
  capability: string,
  row: Pick<ClothesRow, 'cutout_state' | 'original_key'>,
): Pick<WireItemPatch, 'cutout' | 'original'> {
  const out: Pick<WireItemPatch, 'cutout' | 'original'> = {};
  if (row.cutout_state) out.cutout = row.cutout_state;
  if (row.cutout_state === 'done' && row.original_key)
    out.original = mediaUrl(capability, row.original_key);
  return out;
}

/** A PATCH-style answer for the item's photo: what is shown, and the cut-out fields (null: none). */
export async function photoPatch(
  ctx: ServiceContext,
  userId: string,
  row: ClothesRow,
): Promise<WireItemPatch> {
  const capability = await ctx.media.capabilityFor(userId);
  const wire = cutoutWire(capability, row);
  return {
    id: row.id,
    ...photoUrls(capability, photoOf(row)),
    cutout: wire.cutout ?? null,
    original: wire.original ?? null,
  };
}

async function ownedItem(ctx: ServiceContext, userId: string, id: string): Promise<ClothesRow> {
  const row = await findItem(ctx.db, userId, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  return row;
}

/**
 * Hand the queued cut-out of a committed row to the job queue. A queue that refuses it leaves
 * the item marked failed (the user can try again), never waiting for ever.
 */
export async function enqueueCutout(
  ctx: ServiceContext,
  userId: string,
  itemId: string,
  token: string,
): Promise<void> {
  try {
    await ctx.cutouts.queue.enqueue({ userId, itemId, token });
  } catch (err) {
    ctx.log.error({ err, itemId }, 'cut-out: could not queue the job');
    await recordFailure(ctx, { userId, itemId, token }, 'The cut-out could not be queued.');
  }
}

/** Drop a queued job that no row waits for any more (its result would be discarded anyway). */
async function cancelQueued(ctx: ServiceContext, row: ClothesRow): Promise<void> {
  if (row.cutout_state !== 'pending' || !row.cutout_token) return;
  await ctx.cutouts.queue.cancel(row.cutout_token).catch((err: unknown) => {
    ctx.log.warn({ err, itemId: row.id }, 'cut-out: could not cancel the queued job');
  });
}

/**
 * POST clothes/{id}/cutout ("Remove background"): queue a cut-out of the original. An item that
 * shows a cut-out shows its original again until the new one is made.
 */
export async function requestCutout(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<WireItemPatch> {
  const row = await ownedItem(ctx, userId, id);
  if (!(await cutoutsAvailable(ctx))) throw new ConflictError(UNAVAILABLE);
  const pending = pendingColumns();
  const changes: ItemChanges = {
    ...photoColumns(originalOf(row)),
    original_key: null,
    original_thumb_key: null,
    ...pending,
  };
  if (!(await updateItem(ctx.db, userId, id, changes))) throw new NotFoundError(NOT_FOUND);
  await cancelQueued(ctx, row);
  const shown = cutoutFilesOf(row);
  if (shown) await discardPhoto(ctx, shown);
  await ctx.cache.invalidate(userId, { items: [id] });
  await enqueueCutout(ctx, userId, id, pending.cutout_token);
  return photoPatch(ctx, userId, (await findItem(ctx.db, userId, id)) ?? { ...row, ...changes });
}

/**
 * DELETE clothes/{id}/cutout ("Restore original"): the original is shown again, the cut-out's
 * files go, a queued job is cancelled (and its result would be discarded).
 */
export async function restoreOriginal(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<WireItemPatch> {
  const row = await ownedItem(ctx, userId, id);
  const changes: ItemChanges = { ...photoColumns(originalOf(row)), ...noCutoutColumns() };
  if (!(await updateItem(ctx.db, userId, id, changes))) throw new NotFoundError(NOT_FOUND);
  await cancelQueued(ctx, row);
  const shown = cutoutFilesOf(row);
  if (shown) await discardPhoto(ctx, shown);
  await ctx.cache.invalidate(userId, { items: [id] });
  return photoPatch(ctx, userId, { ...row, ...changes } as ClothesRow);
}

// ---------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------

/** Below this share of opaque pixels the model found no garment: the result is refused. */
const MIN_FOREGROUND = 0.005;

/** A stored file's bytes, whether the store answers a buffer or a stream. */
export async function readBlob(body: Buffer | NodeJS.ReadableStream): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const parts: Buffer[] = [];
  for await (const chunk of body as Readable) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** Share of the mask's pixels that are mostly opaque. */
export function foregroundShare(mask: Uint8Array): number {
  let opaque = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]! >= 128) opaque++;
  return mask.length === 0 ? 0 : opaque / mask.length;
}

/**
 * One cut-out job (docs/cutouts.md, "How it runs"): the original is read, decoded upright,
 * segmented by the model in its own process, and the cut-out (WebP with alpha, the original's
 * pixel size, display and thumbnail) stored under new keys; then the row switches to it in one
 * update, only if it still waits for this job's token. Nothing is written half: a failure before
 * the switch deletes the new files and leaves the original shown.
 *
 * Throws PermanentCutoutError for what another attempt cannot fix; any other error is retried by
 * the queue (failCutoutJob records the last one).
 */
export async function runCutoutJob(ctx: ServiceContext, job: CutoutJob): Promise<void> {
  const { userId, itemId, token } = job.payload;
  const row = await findItem(ctx.db, userId, itemId);
  // Deleted, replaced, restored or queued again since: nothing to do.
  if (!row || row.cutout_token !== token || row.cutout_state !== 'pending') return;
  const runner = ctx.cutouts.runner;
  if (!runner) throw new PermanentCutoutError(UNAVAILABLE);

  const blob = await ctx.storage.get(row.image_key);
  if (!blob) throw new PermanentCutoutError('The original photo is missing.');
  const bytes = await readBlob(blob.body);

  const { decodeRgba, encodeSizes, storageKeys } = await import('../photos/images.js');
  let pixels: Awaited<ReturnType<typeof decodeRgba>>;
  try {
    pixels = await decodeRgba(bytes);
  } catch (err) {
    throw new PermanentCutoutError(
      err instanceof Error ? err.message : 'The photo could not be read.',
    );
  }
  const { data, info } = pixels;
  const mask = await runner.segment(data, info.width, info.height);
  if (foregroundShare(mask) < MIN_FOREGROUND) {
    throw new PermanentCutoutError(
      'No garment was found in the photo: the cut-out would be empty.',
    );
  }
  for (let i = 0; i < mask.length; i++) data[i * 4 + 3] = mask[i]!;
  const files = await encodeSizes(data, info);

  // Re-checked after the long part: a photo changed meanwhile is not worth storing.
  const current = await findItem(ctx.db, userId, itemId);
  if (!current || current.cutout_token !== token || current.cutout_state !== 'pending') return;

  const keys = storageKeys(userId, { id: itemId, replacing: true });
  const stored = await Promise.allSettled([
    ctx.storage.put(keys.image, files.image, files.contentType),
    ctx.storage.put(keys.thumbnail, files.thumbnail, files.contentType),
  ]);
  const failed = stored.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await discardPhoto(ctx, keys);
    throw failed.reason;
  }
  let landed = false;
  try {
    landed = await updateItemForCutout(ctx.db, userId, itemId, token, {
      ...photoColumns(keys),
      original_key: current.image_key,
      original_thumb_key: current.thumb_key,
      cutout_state: 'done',
      cutout_error: null,
      cutout_updated_at: now(),
    });
  } finally {
    if (!landed) await discardPhoto(ctx, keys);
  }
  if (!landed) return;
  // The cut-out's alpha leaves the background out: its colours are truer than the photo's
  // (docs/colours.md), unless a person chose them.
  if (current.colors_source !== 'user') {
    const colours = coloursToText(colourNamesOfPixels(files.sample));
    await replaceFoundColours(ctx.db, userId, itemId, colours);
  }
  await ctx.cache.invalidate(userId, { items: [itemId] });
}

/** The reason of a failure that a user may read. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500) || 'The cut-out failed.';
}

async function recordFailure(
  ctx: ServiceContext,
  payload: CutoutJobPayload,
  reason: string,
): Promise<void> {
  const { userId, itemId, token } = payload;
  const landed = await updateItemForCutout(ctx.db, userId, itemId, token, {
    cutout_state: 'failed',
    cutout_error: reason,
    cutout_updated_at: now(),
  });
  if (landed) await ctx.cache.invalidate(userId, { items: [itemId] });
}

/**
 * A job given up (after its attempts, or at once for a permanent failure): the item keeps its
 * original and shows "failed" with the reason, unless it no longer waits for this job.
 */
export async function failCutoutJob(
  ctx: ServiceContext,
  job: CutoutJob,
  error: unknown,
): Promise<void> {
  ctx.log.warn(
    { itemId: job.payload.itemId, attempt: job.attempt, reason: reasonOf(error) },
    'cut-out failed',
  );
  await recordFailure(ctx, job.payload, reasonOf(error));
}
