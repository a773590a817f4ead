import {
  defaultTabCounts,
  FIRST_SCREEN_TILES,
  firstScreenTiles,
  itemFromWire,
  settingsFromWire,
  type ClothingItem,
  type FirstScreenCounts,
  type FirstScreenTile,
} from '@hanger/domain';
import type { ClothesRow } from '../db/schema.js';
import {
  countItemsByStatus,
  hasItemCreatedUnlike,
  listItems,
  listItemsCreatedAt,
  listNewestItems,
} from '../repositories/clothes.js';
import { countOutfitsByStatus } from '../repositories/outfits.js';
import type { ServiceContext } from './context.js';
import { itemToWire } from './serialize.js';
import { readSettings } from './settings.js';

/** How the server writes a moment (Date#toISOString): the only spelling whose text order is time order. */
const CANONICAL_TIME = '____-__-__T__:__:__.___Z';

/** Rows read per step, newest first, until the first screen is full. */
const STEP = 100;

/**
 * The first tiles of the user's default Items view (the domain's first-screen.ts), for the
 * server-drawn first screen of /items (docs/first-screen.md). The rows are read newest first, a
 * step at a time, until enough of them pass the default filters, then every row created at the same
 * moment as the last one read, so that the domain's sort (which breaks ties by category,
 * subcategory and id) picks from all it could pick: the same tiles in the same order as the app's
 * grid. A few hundred rows for most wardrobes, whatever their size; every row when some creation
 * time is spelled otherwise than the server writes it (an import that kept an offset).
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
  const toItem = (row: ClothesRow) => itemFromWire(itemToWire(capability, row));
  // Text order is time order only for one spelling of the moment (what the server writes); an
  // import may have kept another (an offset, no milliseconds): then every row, and the domain sorts.
  if (await hasItemCreatedUnlike(ctx.db, userId, CANONICAL_TIME)) {
    const rows = await listItems(ctx.db, userId);
    return firstScreenTiles(rows.map(toItem), settings, count);
  }
  const candidates: ClothingItem[] = [];
  for (let offset = 0; ; offset += STEP) {
    const rows = await listNewestItems(ctx.db, userId, STEP, offset);
    candidates.push(...rows.map(toItem));
    const shown = firstScreenTiles(candidates, settings, count);
    if (rows.length < STEP) return shown;
    if (shown.length < count) continue;
    // Rows created at the same moment as the last one read may sort before it.
    const last = rows[rows.length - 1]!.date_created;
    const ties = await listItemsCreatedAt(ctx.db, userId, last);
    const seen = new Set(candidates.map((c) => c.id));
    for (const row of ties) {
      if (!seen.has(row.id)) candidates.push(toItem(row));
    }
    return firstScreenTiles(candidates, settings, count);
  }
}

/**
 * The Items and Outfits tabs' counts of the default view, for the server-drawn first screen
 * (docs/first-screen.md): the records counted by status in the database, the domain deciding which
 * statuses the default filters keep.
 */
export async function readTabCounts(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
): Promise<FirstScreenCounts> {
  const [clothes, outfits] = await Promise.all([
    countItemsByStatus(ctx.db, userId),
    countOutfitsByStatus(ctx.db, userId),
  ]);
  return defaultTabCounts(clothes, outfits);
}
