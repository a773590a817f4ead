import type { Kysely } from 'kysely';

/**
 * Custom collections (docs/collections.md): packing lists and capsules. Keys hold the owner, so a
 * collection id the app chose offline can repeat across accounts without one account learning of
 * another's. Entries and Packed ticks go with their collection, and with their item or outfit:
 * deleting one takes it off every collection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collections')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('destination', 'text')
    .addColumn('date_created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('collections_pk', ['user_id', 'id'])
    .execute();

  // One row per item or outfit on a collection; exactly one of clothing_id / outfit_id is set.
  await db.schema
    .createTable('collection_entries')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('collection_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('clothing_id', 'text', (c) => c.references('clothes.id').onDelete('cascade'))
    .addColumn('outfit_id', 'text', (c) => c.references('outfits.id').onDelete('cascade'))
    .addForeignKeyConstraint(
      'collection_entries_collection_fk',
      ['user_id', 'collection_id'],
      'collections',
      ['user_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addUniqueConstraint('collection_entries_clothing_uq', [
      'user_id',
      'collection_id',
      'clothing_id',
    ])
    .addUniqueConstraint('collection_entries_outfit_uq', ['user_id', 'collection_id', 'outfit_id'])
    .execute();
  await db.schema
    .createIndex('collection_entries_clothing_idx')
    .ifNotExists()
    .on('collection_entries')
    .column('clothing_id')
    .execute();
  await db.schema
    .createIndex('collection_entries_outfit_idx')
    .ifNotExists()
    .on('collection_entries')
    .column('outfit_id')
    .execute();

  // A packing list's Packed ticks: any piece of the list, listed itself or through an outfit.
  await db.schema
    .createTable('collection_packed')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('collection_id', 'text', (c) => c.notNull())
    .addColumn('clothing_id', 'text', (c) =>
      c.notNull().references('clothes.id').onDelete('cascade'),
    )
    .addForeignKeyConstraint(
      'collection_packed_collection_fk',
      ['user_id', 'collection_id'],
      'collections',
      ['user_id', 'id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('collection_packed_pk', ['user_id', 'collection_id', 'clothing_id'])
    .execute();
  await db.schema
    .createIndex('collection_packed_clothing_idx')
    .ifNotExists()
    .on('collection_packed')
    .column('clothing_id')
    .execute();
}
