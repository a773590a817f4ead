import { setTimeout as delay } from 'node:timers/promises';
import { colourNamesOfPixels, coloursToText, type ColourName } from '@hanger/domain';
import type { JobQueue } from '../jobs/index.js';
import { samplePhoto } from '../photos/colours.js';
import { withPhotoSlot } from '../photos/photo-slots.js';
import {
  setFoundColours,
  sweepItemsAwaitingColours,
  type ItemAwaitingColours,
} from '../repositories/clothes.js';
import type { ServiceContext } from './context.js';

/**
 * The colour backfill (README, "Colours"; docs/jobs.md, "Job kinds"): items stored before colours
 * existed, and items an import brought without them, get their colours from their stored photo in
 * 'colours' jobs of the durable queue.
 *
 * The work is the set of rows whose `colors_source` is NULL. One job takes the first batch of that
 * set, commits each item's colours as soon as they are found (which takes the item out of the set)
 * and, when more is waiting, queues the next job. So a restart or a `kill -9` carries on from the
 * set as it stands: at most the item in hand is looked at again, and setFoundColours writes only
 * while the source is still NULL, so a person's choice (or a photo replaced meanwhile) is never
 * overwritten, however often a batch runs.
 *
 * One chain of jobs for the whole server, not one per account: a start or an import queues one job,
 * not one per account, and a chain's jobs are short (a batch), far inside the kind's time limit.
 * A job cannot queue its successor under its own singleton key (the key is held until the job is
 * recorded done), so the chain alternates between two keys: a job of one key queues the next under
 * the other. Two chains that meet (a start queued one while another ran) fall into one at the next
 * step, because their successors ask for the same key.
 */

/** The two singleton keys of the chain; a job's successor takes the other one. */
export const BACKFILL_KEYS = ['backfill-a', 'backfill-b'] as const;
export type BackfillKey = (typeof BACKFILL_KEYS)[number];

export interface BackfillPayload {
  /** The job's own singleton key; absent on a job an import queued (its successor takes the first). */
  key?: BackfillKey;
}

/**
 * Items per job at most, and the time one job stops after: far inside the kind's 120 s limit on a
 * slow machine, and long enough that the wardrobe caches of the accounts touched (emptied at the
 * end of each job) are not rebuilt every second while readers wait on them.
 */
export const BACKFILL_BATCH = 200;
export const BACKFILL_BUDGET_MS = 30_000;

export interface BatchResult {
  /** Items looked at in this batch. */
  processed: number;
  /** Whether items were still waiting when it ended. */
  more: boolean;
}

async function photoBytes(ctx: ServiceContext, key: string): Promise<Buffer | null> {
  const blob = await ctx.storage.get(key);
  if (!blob) return null;
  if (Buffer.isBuffer(blob.body)) return blob.body;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The colours of one stored item: from its thumbnail (400 px: enough for 128), else its photo. */
async function coloursOfStored(
  ctx: ServiceContext,
  item: ItemAwaitingColours,
): Promise<ColourName[]> {
  // A storage error throws: the job is retried rather than the item marked as having no colours.
  const bytes = (await photoBytes(ctx, item.thumb_key)) ?? (await photoBytes(ctx, item.image_key));
  if (!bytes) return [];
  try {
    return await withPhotoSlot(async () => colourNamesOfPixels(await samplePhoto(bytes)));
  } catch (err) {
    // A photo that cannot be decoded gets no colours rather than being tried for ever.
    ctx.log.warn({ err, item: item.id }, 'colours: photo could not be read');
    return [];
  }
}

/**
 * One batch of the backfill: the first `batchSize` items still waiting, or fewer when the time
 * budget runs out. `stillOurs` is asked before each write (a cancelled job writes nothing more).
 * After each item it rests as long as the item took, so the backfill holds at most about half a
 * core and leaves the rest to requests (measured: README, "Colours").
 */
export async function backfillColourBatch(
  ctx: ServiceContext,
  batchSize = BACKFILL_BATCH,
  stillOurs: () => Promise<boolean> = async () => true,
  budgetMs = BACKFILL_BUDGET_MS,
): Promise<BatchResult> {
  const started = performance.now();
  const batch = await sweepItemsAwaitingColours(ctx.db, batchSize);
  const owners = new Set<string>();
  let processed = 0;
  try {
    for (const item of batch) {
      if (performance.now() - started > budgetMs) break;
      const itemStarted = performance.now();
      const colours = await coloursOfStored(ctx, item);
      if (!(await stillOurs())) return { processed, more: false };
      if (await setFoundColours(ctx.db, item.user_id, item.id, coloursToText(colours)))
        owners.add(item.user_id);
      processed++;
      await delay(performance.now() - itemStarted);
    }
  } finally {
    for (const owner of owners) await ctx.cache.invalidate(owner);
  }
  return { processed, more: processed < batch.length || batch.length === batchSize };
}

/** Queue the chain's first job, unless one of that key is queued or running already (a start). */
export async function queueColourBackfill(jobs: JobQueue): Promise<void> {
  const key = BACKFILL_KEYS[0];
  await jobs.enqueue<BackfillPayload>('colours', { key }, { singletonKey: key });
}

/**
 * Queue a job that joins the chain after an import. It has no key of its own: a job of the chain
 * could be in its last step and have looked before the import committed, so this one must not be
 * folded into it.
 */
export async function queueColourBackfillAfterImport(jobs: JobQueue): Promise<void> {
  await jobs.enqueue<BackfillPayload>('colours', {});
}

/** Whether any item still waits for its colours (a start queues the chain only then). */
export async function coloursAwaited(ctx: ServiceContext): Promise<boolean> {
  return (await sweepItemsAwaitingColours(ctx.db, 1)).length > 0;
}

/** The 'colours' handler: one batch, then the next job under the other key when more waits. */
export function colourBackfillHandler(
  ctx: ServiceContext,
  jobs: JobQueue,
  batchSize = BACKFILL_BATCH,
) {
  return async (job: { id: string; payload: BackfillPayload }): Promise<void> => {
    const { processed, more } = await backfillColourBatch(
      ctx,
      batchSize,
      async () => !(await jobs.isCancelled(job.id)),
    );
    if (processed > 0) ctx.log.info({ processed, more }, 'colours: backfill batch done');
    if (!more) return;
    const next = job.payload.key === BACKFILL_KEYS[0] ? BACKFILL_KEYS[1] : BACKFILL_KEYS[0];
    await jobs.enqueue<BackfillPayload>('colours', { key: next }, { singletonKey: next });
  };
}
