import { itemsCsv } from '@hanger/domain';
import type { ServiceContext } from './context.js';
import { readWardrobeSnapshot } from './wardrobe-snapshot.js';

/** The account's items as CSV: the domain's rows, with the server's currency rates. */
export async function itemsCsvFor(
  ctx: ServiceContext,
  userId: string,
  now: Date = new Date(),
): Promise<string> {
  const { wardrobe, settings } = await readWardrobeSnapshot(ctx, userId);
  return itemsCsv(wardrobe, settings, now, { rates: ctx.prices.rates });
}
