import { setTimeout as delay } from 'node:timers/promises';
import { colourNamesOfPixels, coloursToText, type ColourName } from '@hanger/domain';
import { samplePhoto } from '../photos/colours.js';
import { withPhotoSlot } from '../photos/photo-slots.js';
import {
  setFoundColours,
  sweepItemsAwaitingColours,
  type ItemAwaitingColours,
} from '../repositories/clothes.js';
import type { ServiceContext } from './context.js';

/**
 * The colour backfill (README, "Colours"): items stored before colours existed, and items an
 * import brought without them, get their colours from their stored photo in the background.
 *
 * Resumable without a job queue: the work is the set of rows whose `colors_source` is NULL, taken
 * in id order a batch at a time, and every item's colours are committed as soon as they are found
 * (which takes it out of that set). A restart therefore carries on where the last run stopped and
 * never starts again from the beginning; two processes sweeping at once only repeat an item's work,
 * never each other's writes (setFoundColours writes only while the source is still NULL). Moving
 * it onto a durable job queue is one job kind whose handler calls `backfillColours` with a limit.
 *
 * Reads stay fast while it runs: each photo takes the photo slot (photos/photo-slots.ts) that
 * uploads take, so it never runs beside more photo work than PHOTO_CONCURRENCY allows, and it
 * pauses between batches.
 */

export interface BackfillOptions {
  /** Items listed per query. */
  batchSize?: number;
  /** Pause between batches (ms), so that the sweep leaves the cores to requests. */
  pauseMs?: number;
  /** Stop after this many items (the rest is left for the next run). */
  maxItems?: number;
  signal?: AbortSignal;
}

export interface BackfillResult {
  /** Items looked at in this run. */
  processed: number;
  /** Whether nothing was left waiting when it stopped. */
  done: boolean;
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
  const bytes = (await photoBytes(ctx, item.thumb_key)) ?? (await photoBytes(ctx, item.image_key));
  if (!bytes) return [];
  return withPhotoSlot(async () => colourNamesOfPixels(await samplePhoto(bytes)));
}

/** One run of the backfill: see the module comment. */
export async function backfillColours(
  ctx: ServiceContext,
  options: BackfillOptions = {},
): Promise<BackfillResult> {
  const batchSize = options.batchSize ?? 50;
  const pauseMs = options.pauseMs ?? 20;
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  let processed = 0;
  let cursor: string | null = null;
  while (processed < maxItems && !options.signal?.aborted) {
    const batch = await sweepItemsAwaitingColours(
      ctx.db,
      cursor,
      Math.min(batchSize, maxItems - processed),
    );
    if (batch.length === 0) return { processed, done: true };
    const owners = new Set<string>();
    for (const item of batch) {
      if (options.signal?.aborted) break;
      let colours: ColourName[] = [];
      try {
        colours = await coloursOfStored(ctx, item);
      } catch (err) {
        // A photo that cannot be read gets no colours rather than being tried for ever.
        ctx.log.warn({ err, item: item.id }, 'colours: photo could not be read');
      }
      if (await setFoundColours(ctx.db, item.user_id, item.id, coloursToText(colours)))
        owners.add(item.user_id);
      processed++;
      cursor = item.id;
    }
    for (const owner of owners) await ctx.cache.invalidate(owner);
    if (pauseMs > 0) await delay(pauseMs);
  }
  return { processed, done: false };
}

/**
 * Runs the backfill in the background of a server process: once at start, and again when kicked
 * (after an import). One run at a time per process; `stop` waits for the current item to finish.
 */
export class ColourBackfill {
  private running: Promise<void> | undefined;
  private again = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly options: BackfillOptions = {},
  ) {}

  /** Start a run, or schedule one more after the current run. */
  kick(): void {
    if (this.abort.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const { processed } = await backfillColours(this.ctx, {
          ...this.options,
          signal: this.abort.signal,
        });
        if (processed > 0) this.ctx.log.info({ processed }, 'colours: backfill run finished');
      } catch (err) {
        this.ctx.log.error({ err }, 'colours: backfill run failed');
      }
    } while (this.again && !this.abort.signal.aborted);
  }

  /** Whether a run is going on (tests wait for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.idle();
  }
}
