import type { WireWardrobe } from '@hanger/domain';
import type { OutfitItemRow } from '../db/schema.js';
import type { CachedWardrobe } from './wardrobe-cache.js';
import type { ServiceContext } from './context.js';
import { capabilityIn } from '../storage/signed-url.js';
import { itemToWire, outfitToWire } from './serialize.js';

/**
 * Every row of the user's wardrobe in a stable order (items and outfits by creation, then id;
 * wears by day), with each outfit's canvas grouped by outfit. GET users and the export both read
 * the wardrobe through this.
 */
export async function readWardrobeRows(db: ServiceContext['db'], userId: string) {
  const [clothes, outfits, placements, days, stars] = await Promise.all([
    db
      .selectFrom('clothes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date_created')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('outfits')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date_created')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('outfit_items')
      .innerJoin('outfits', 'outfits.id', 'outfit_items.outfit_id')
      .selectAll('outfit_items')
      .where('outfits.user_id', '=', userId)
      .orderBy('outfit_items.outfit_id')
      .orderBy('outfit_items.position')
      .execute(),
    db
      .selectFrom('calendar_items')
      .select(['day', 'clothing_id', 'outfit_id'])
      .where('user_id', '=', userId)
      .orderBy('day')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('calendar_days')
      .select(['day', 'display_item'])
      .where('user_id', '=', userId)
      .execute(),
  ]);

  const canvases = new Map<string, OutfitItemRow[]>();
  for (const p of placements) {
    const list = canvases.get(p.outfit_id);
    if (list) list.push(p);
    else canvases.set(p.outfit_id, [p]);
  }
  return { clothes, outfits, canvases, days, stars };
}

/** GET users: every item, outfit and calendar day of the user. */
export async function readWardrobe(ctx: ServiceContext, userId: string): Promise<WireWardrobe> {
  const [{ clothes, outfits, canvases, days, stars }, capability] = await Promise.all([
    readWardrobeRows(ctx.db, userId),
    ctx.media.capabilityFor(userId),
  ]);

  const wireClothes = clothes.map((row) => itemToWire(capability, row));
  const wireOutfits = outfits.map((row) =>
    outfitToWire(capability, row, canvases.get(row.id) ?? []),
  );

  const calendar: WireWardrobe['calendar'] = {};
  const dayOf = (day: string) => (calendar[day] ??= { clothes: [], outfits: [] });
  for (const item of days) {
    if (item.clothing_id) dayOf(item.day).clothes.push(item.clothing_id);
    else if (item.outfit_id) dayOf(item.day).outfits.push(item.outfit_id);
  }
  for (const star of stars) dayOf(star.day).display_item = star.display_item;

  const byId = <T extends { id: string }>(records: T[]) =>
    Object.fromEntries(records.map((r) => [r.id, r]));
  return { clothes: byId(wireClothes), outfits: byId(wireOutfits), calendar };
}

/**
 * The user's wardrobe from the cache, serialized on a miss. A cached answer whose photo links carry
 * an older media capability (the password changed since: docs/media-urls.md) is rebuilt, so the
 * owner never receives links that no longer open.
 */
export async function wardrobeFor(ctx: ServiceContext, userId: string): Promise<CachedWardrobe> {
  const build = async () => JSON.stringify(await readWardrobe(ctx, userId));
  const [cached, capability] = await Promise.all([
    ctx.cache.get(userId, build),
    ctx.media.capabilityFor(userId),
  ]);
  const held = capabilityIn(cached.body);
  if (held === null || held === capability) return cached;
  await ctx.cache.invalidate(userId);
  return ctx.cache.get(userId, build);
}
