import { ValidationError } from '../errors.js';
import { countWears } from '../repositories/calendar.js';
import { countItems } from '../repositories/clothes.js';
import { countOutfits } from '../repositories/outfits.js';
import type { ServiceContext } from './context.js';

/** What one account may hold (config MAX_ITEMS_PER_ACCOUNT). */
export interface AccountQuota {
  /** Items plus outfits. */
  maxItems: number;
  /** Calendar entries (one item or outfit on one day). */
  maxCalendarEntries: number;
}

/** The 422 detail of a create past the quota (docs/spec.md §8: the server's text replaces the default). */
export function quotaMessage(max: number): string {
  return `This account has reached its limit of ${max.toLocaleString('en-US')} items and outfits. Delete some to add more.`;
}

/** Items plus outfits the account holds now. */
export async function countRecords(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
): Promise<number> {
  const [clothes, outfits] = await Promise.all([
    countItems(ctx.db, userId),
    countOutfits(ctx.db, userId),
  ]);
  return clothes + outfits;
}

/**
 * Refuses (422) a request that would take the account past its quota of items and outfits, before
 * any photo is processed or stored: an account that keeps uploading gets a clear answer instead of
 * filling the disk. Creates sent at once all pass this early check, so item and outfit creates call
 * it again with their transaction as `db`, under the account's lock (db/account-lock.ts
 * `lockAccount`) just before the insert: that second check is the one that holds.
 */
export async function assertRoomFor(
  ctx: Pick<ServiceContext, 'db' | 'quota'>,
  userId: string,
  adding = 1,
): Promise<void> {
  if (adding <= 0) return;
  const held = await countRecords(ctx, userId);
  if (held + adding > ctx.quota.maxItems)
    throw new ValidationError(quotaMessage(ctx.quota.maxItems));
}

/** The 422 detail of a calendar save past the quota. */
export function calendarQuotaMessage(max: number): string {
  return `This account's calendar has reached its limit of ${max.toLocaleString('en-US')} entries. Remove some to add more.`;
}

/**
 * Refuses (422) a calendar save that would take the account past its quota of calendar entries.
 * `adding` counts the ids sent, some of which may already be on the day: at the limit, even a
 * repeat is refused, which keeps the check to one count.
 */
export async function assertCalendarRoomFor(
  ctx: Pick<ServiceContext, 'db' | 'quota'>,
  userId: string,
  adding: number,
): Promise<void> {
  if (adding <= 0) return;
  if ((await countWears(ctx.db, userId)) + adding > ctx.quota.maxCalendarEntries) {
    throw new ValidationError(calendarQuotaMessage(ctx.quota.maxCalendarEntries));
  }
}
