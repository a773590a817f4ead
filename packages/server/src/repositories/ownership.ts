import { isStorableText } from '@hanger/domain';
import type { Db } from './db.js';

/**
 * Whether every id is one of the owner's items (`clothes`), outfits (`outfits`) or collections
 * (`collections`). Rows that point at them by id (canvases, wears, collection entries and Packed
 * ticks) are checked with this before they are written: the foreign keys only say that the record
 * exists, not whose it is.
 */
export async function ownsAll(
  db: Db,
  ownerId: string,
  ids: {
    clothes?: readonly string[];
    outfits?: readonly string[];
    collections?: readonly string[];
  },
): Promise<boolean> {
  for (const table of ['clothes', 'outfits', 'collections'] as const) {
    const wanted = [...new Set(ids[table] ?? [])];
    if (wanted.length === 0) continue;
    if (!wanted.every(isStorableText)) return false;
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('user_id', '=', ownerId)
      .where('id', 'in', wanted)
      .executeTakeFirstOrThrow();
    if (Number(n) !== wanted.length) return false;
  }
  return true;
}
