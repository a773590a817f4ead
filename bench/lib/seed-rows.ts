/**
 * Writes a generated wardrobe (bench/generate-wardrobe.ts, wire shape) straight into a stopped
 * server's SQLite database for one user: items, outfits with their canvas placements, calendar
 * wears and display items. Shared by the browser benchmarks (bench/lib/browser-harness.ts) and
 * the export benchmark, which differ only in the photo keys each record points at.
 */
import type Database from 'better-sqlite3';
import type { WireWardrobe } from '../../packages/domain/src/index.js';

export interface PhotoKeys {
  image: string;
  thumb: string;
}

export interface RowKeys {
  /** The photo keys of the i-th item (in the wardrobe's order). */
  item(i: number): PhotoKeys;
  /** The photo keys of the i-th outfit. */
  outfit(i: number): PhotoKeys;
}

/** Inserts the wardrobe's rows in one transaction; the caller opens and closes the database. */
export function insertWardrobeRows(
  db: Database.Database,
  userId: string,
  wardrobe: WireWardrobe,
  keys: RowKeys,
): void {
  const insertItem = db.prepare(`INSERT INTO clothes (id, user_id, image_key, thumb_key, category,
    sub_category_id, status, source, brand, date_created, date_obtained, date_archived, price,
    currency, converted_price, sold_price, sold_currency, converted_sold_price, manual_times_worn,
    scale) VALUES (@id, @user_id, @image_key, @thumb_key, @category, @sub_category_id, @status,
    @source, @brand, @date_created, @date_obtained, @date_archived, @price, @currency,
    @converted_price, @sold_price, @sold_currency, @converted_sold_price, @manual_times_worn, @scale)`);
  const insertOutfit = db.prepare(`INSERT INTO outfits (id, user_id, image_key, thumb_key, status,
    date_created, manual_times_worn) VALUES (@id, @user_id, @image_key, @thumb_key, @status,
    @date_created, @manual_times_worn)`);
  const insertPlacement = db.prepare(`INSERT INTO outfit_items (outfit_id, position, clothing_id,
    x, y, scale, rotation) VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // OR IGNORE: a generated day may name the same record twice.
  const insertWear = db.prepare(
    'INSERT OR IGNORE INTO calendar_items (user_id, day, clothing_id, outfit_id) VALUES (?, ?, ?, ?)',
  );
  const insertDisplay = db.prepare(
    'INSERT INTO calendar_days (user_id, day, display_item) VALUES (?, ?, ?)',
  );
  const nullable = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
  db.transaction(() => {
    Object.values(wardrobe.clothes).forEach((item, i) => {
      const key = keys.item(i);
      insertItem.run({
        id: item.id,
        user_id: userId,
        image_key: key.image,
        thumb_key: key.thumb,
        category: item.category,
        sub_category_id: nullable(item.sub_category_id),
        status: nullable(item.status),
        source: nullable(item.source),
        brand: nullable(item.brand),
        date_created: item.date_created,
        date_obtained: nullable(item.date_obtained),
        date_archived: nullable(item.date_archived),
        price: nullable(item.price),
        currency: nullable(item.currency),
        converted_price: nullable(item.converted_price),
        sold_price: nullable(item.sold_price),
        sold_currency: nullable(item.sold_currency),
        converted_sold_price: nullable(item.converted_sold_price),
        manual_times_worn: nullable(item.manual_times_worn),
        scale: nullable(item.scale),
      });
    });
    Object.values(wardrobe.outfits).forEach((outfit, i) => {
      const key = keys.outfit(i);
      insertOutfit.run({
        id: outfit.id,
        user_id: userId,
        image_key: key.image,
        thumb_key: key.thumb,
        status: nullable(outfit.status),
        date_created: outfit.date_created,
        manual_times_worn: nullable(outfit.manual_times_worn),
      });
      outfit.canvas_data.forEach((entry, position) =>
        insertPlacement.run(
          outfit.id,
          position,
          entry.clothing_id,
          entry.x,
          entry.y,
          entry.scale,
          entry.rotation,
        ),
      );
    });
    for (const [day, entry] of Object.entries(wardrobe.calendar)) {
      for (const id of entry.clothes) insertWear.run(userId, day, id, null);
      for (const id of entry.outfits) insertWear.run(userId, day, null, id);
      if (entry.display_item) insertDisplay.run(userId, day, entry.display_item);
    }
  })();
}
