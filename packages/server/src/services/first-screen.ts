import {
  FIRST_SCREEN_TILES,
  firstScreenTiles,
  itemFromWire,
  settingsFromWire,
  type ClothingItem,
  type FirstScreenTile,
} from '@hanger/domain';
import type { ServiceContext } from './context.js';
import { itemToWire } from './serialize.js';
import { readSettings } from './settings.js';

/** Rows read per step, newest first, until the first screen is full. */
const STEP = 100;

/**
 * The first tiles of the user's default Items view (the domain's first-screen.ts), for the
 * server-drawn first screen of /items (issue 15). The rows are read newest first, a step at a
 * time, until enough of them pass the default filters, then every row created at the same moment
 * as the last one read, so that the domain's sort (which breaks ties by category, subcategory and
 * id) picks from all it could pick: the same tiles in the same order as the app's grid. A few
 * hundred rows at most, whatever the wardrobe's size (an index on user and creation).
 */
export async function readFirstScreen(
  ctx: ServiceContext,
  userId: string,
  count: number = FIRST_SCREEN_TILES,
): Promise<FirstScreenTile[]> {
  const [wireSettings, capability] = await Promise.all([
    readSettings(ctx.db, userId),
    ctx.media.capabilityFor(userId),
  ]);
  const settings = settingsFromWire(wireSettings);
  const candidates: ClothingItem[] = [];
  const newest = () =>
    ctx.db
      .selectFrom('clothes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date_created', 'desc')
      .orderBy('id');
  for (let offset = 0; ; offset += STEP) {
    const rows = await newest().limit(STEP).offset(offset).execute();
    candidates.push(...rows.map((row) => itemFromWire(itemToWire(capability, row))));
    const shown = firstScreenTiles(candidates, settings, count);
    if (rows.length < STEP) return shown;
    if (shown.length < count) continue;
    // Rows created at the same moment as the last one read may sort before it.
    const last = rows[rows.length - 1]!.date_created;
    const ties = await ctx.db
      .selectFrom('clothes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('date_created', '=', last)
      .execute();
    const seen = new Set(candidates.map((c) => c.id));
    for (const row of ties) {
      if (!seen.has(row.id)) candidates.push(itemFromWire(itemToWire(capability, row)));
    }
    return firstScreenTiles(candidates, settings, count);
  }
}
