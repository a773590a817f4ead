import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * The wardrobe: items, outfits and their canvas placements, the calendar, and user settings.
 * Foreign keys cascade so that a deleted item can never linger in an outfit or on a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const money = 'double precision' as const;
  // Everything a user keeps goes with their account (table of migration 0001).
  const owner = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('user.id').onDelete('cascade');

  await db.schema
    .createTable('clothes')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', owner)
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('sub_category_id', 'text')
    .addColumn('status', 'text')
    .addColumn('source', 'text')
    .addColumn('brand', 'text')
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('date_obtained', 'text')
    .addColumn('date_archived', 'text')
    .addColumn('price', money)
    .addColumn('currency', 'text')
    .addColumn('converted_price', money)
    .addColumn('sold_price', money)
    .addColumn('sold_currency', 'text')
    .addColumn('converted_sold_price', money)
    .addColumn('manual_times_worn', 'integer')
    .addColumn('scale', money)
    .execute();
  await db.schema
    .createIndex('clothes_user_idx')
    .ifNotExists()
    .on('clothes')
    .columns(['user_id', 'date_created'])
    .execute();

  await db.schema
    .createTable('outfits')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', owner)
    .addColumn('image_key', 'text', (c) => c.notNull())
    .addColumn('thumb_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addColumn('manual_times_worn', 'integer')
    .execute();
  await db.schema
    .createIndex('outfits_user_idx')
    .ifNotExists()
    .on('outfits')
    .columns(['user_id', 'date_created'])
    .execute();

  await db.schema
    .createTable('outfit_items')
    .ifNotExists()
    .addColumn('outfit_id', 'text', (c) => c.notNull().references('outfits.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('clothing_id', 'text', (c) =>
      c.notNull().references('clothes.id').onDelete('cascade'),
    )
    .addColumn('x', money, (c) => c.notNull())
    .addColumn('y', money, (c) => c.notNull())
    .addColumn('scale', money, (c) => c.notNull())
    .addColumn('rotation', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('outfit_items_pk', ['outfit_id', 'position'])
    .execute();
  await db.schema
    .createIndex('outfit_items_clothing_idx')
    .ifNotExists()
    .on('outfit_items')
    .column('clothing_id')
    .execute();

  const calendarItems =
    dialectOf(db) === 'postgres'
      ? db.schema
          .createTable('calendar_items')
          .ifNotExists()
          .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : db.schema
          .createTable('calendar_items')
          .ifNotExists()
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await calendarItems
    .addColumn('user_id', 'text', owner)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('clothing_id', 'text', (c) => c.references('clothes.id').onDelete('cascade'))
    .addColumn('outfit_id', 'text', (c) => c.references('outfits.id').onDelete('cascade'))
    .addCheckConstraint(
      'calendar_items_one_ref',
      sql`(clothing_id is null and outfit_id is not null) or (clothing_id is not null and outfit_id is null)`,
    )
    // Each id at most once per day: concurrent saves of one day insert-or-ignore against these.
    .addUniqueConstraint('calendar_items_clothing_uq', ['user_id', 'day', 'clothing_id'])
    .addUniqueConstraint('calendar_items_outfit_uq', ['user_id', 'day', 'outfit_id'])
    .execute();
  await db.schema
    .createIndex('calendar_items_clothing_idx')
    .ifNotExists()
    .on('calendar_items')
    .column('clothing_id')
    .execute();
  await db.schema
    .createIndex('calendar_items_outfit_idx')
    .ifNotExists()
    .on('calendar_items')
    .column('outfit_id')
    .execute();

  await db.schema
    .createTable('calendar_days')
    .ifNotExists()
    .addColumn('user_id', 'text', owner)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('display_item', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_days_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('user_settings')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => owner(c).primaryKey())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('week_start', 'integer', (c) => c.notNull())
    .addColumn('data_consent', 'integer', (c) => c.notNull())
    .addColumn('tracking_start_date', 'text')
    .addColumn('subcategories', 'text', (c) => c.notNull())
    .execute();
}
