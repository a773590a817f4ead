import { isStorableText } from '@hanger/domain';
import type { Updateable } from 'kysely';
import type { CollectionsTable } from '../db/schema.js';
import { callerColumns, type Db, type Owned } from './db.js';
import { ownsAll } from './ownership.js';

/**
 * The account's collections (tables `collections`, `collection_entries`, `collection_packed`,
 * migration 0013; docs/collections.md). A collection's id is the client's choice and can repeat
 * across accounts, so every statement names the owner, and entries and ticks are written only for
 * the owner's items and outfits (`ownsAll`).
 */

export type CollectionRow = Owned<CollectionsTable>;

/** The fields a change may set; a collection never changes id, owner, kind or creation. */
export type CollectionChanges = Omit<
  Updateable<CollectionsTable>,
  'id' | 'user_id' | 'kind' | 'date_created'
>;

/** A collection with its entries (in the order added) and Packed ticks. */
export interface CollectionRecord extends CollectionRow {
  item_ids: string[];
  outfit_ids: string[];
  packed_ids: string[];
}

async function withEntries(db: Db, ownerId: string, rows: CollectionRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [entries, packed] = await Promise.all([
    db
      .selectFrom('collection_entries')
      .select(['collection_id', 'clothing_id', 'outfit_id'])
      .where('user_id', '=', ownerId)
      .where('collection_id', 'in', ids)
      .orderBy('collection_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('collection_packed')
      .select(['collection_id', 'clothing_id'])
      .where('user_id', '=', ownerId)
      .where('collection_id', 'in', ids)
      .orderBy('collection_id')
      .orderBy('clothing_id')
      .execute(),
  ]);
  const byId = new Map<string, CollectionRecord>();
  const records = rows.map((row) => {
    const record = { ...row, item_ids: [], outfit_ids: [], packed_ids: [] } as CollectionRecord;
    byId.set(row.id, record);
    return record;
  });
  for (const e of entries) {
    const record = byId.get(e.collection_id);
    if (!record) continue;
    if (e.clothing_id !== null) record.item_ids.push(e.clothing_id);
    else if (e.outfit_id !== null) record.outfit_ids.push(e.outfit_id);
  }
  for (const p of packed) byId.get(p.collection_id)?.packed_ids.push(p.clothing_id);
  return records;
}

const COLUMNS = [
  'id',
  'kind',
  'name',
  'note',
  'start_date',
  'end_date',
  'destination',
  'date_created',
] as const;

/** Every collection of the owner with its entries, oldest first (then by id). */
export async function listCollections(db: Db, ownerId: string): Promise<CollectionRecord[]> {
  const rows = await db
    .selectFrom('collections')
    .select(COLUMNS)
    .where('user_id', '=', ownerId)
    .orderBy('date_created')
    .orderBy('id')
    .execute();
  return withEntries(db, ownerId, rows);
}

/** One collection of the owner with its entries, or undefined (also for an id no row can hold). */
export async function findCollection(
  db: Db,
  ownerId: string,
  id: string,
): Promise<CollectionRecord | undefined> {
  if (!isStorableText(id)) return undefined;
  const row = await db
    .selectFrom('collections')
    .select(COLUMNS)
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withEntries(db, ownerId, [row]))[0] : undefined;
}

/** How many collections the owner keeps. */
export async function countCollections(db: Db, ownerId: string): Promise<number> {
  const { n } = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Write a new collection of the owner's (no entries). */
export async function insertCollection(db: Db, ownerId: string, row: CollectionRow): Promise<void> {
  await db
    .insertInto('collections')
    .values({ ...callerColumns(row), user_id: ownerId })
    .execute();
}

/** Change a collection's fields; false when the owner has no such collection. */
export async function updateCollection(
  db: Db,
  ownerId: string,
  id: string,
  changes: CollectionChanges,
): Promise<boolean> {
  if (!isStorableText(id)) return false;
  const values = callerColumns(changes, { id: true }) as Record<string, unknown>;
  delete values.kind;
  delete values.date_created;
  if (Object.keys(values).length === 0) {
    return (await findCollection(db, ownerId, id)) !== undefined;
  }
  const result = await db
    .updateTable('collections')
    .set(values as CollectionChanges)
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Delete a collection with its entries and ticks; false when the owner has none such. */
export async function deleteCollection(db: Db, ownerId: string, id: string): Promise<boolean> {
  if (!isStorableText(id)) return false;
  // Its entries and ticks go with it (the foreign keys of migration 0013 cascade).
  const result = await db
    .deleteFrom('collections')
    .where('user_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Entries (items plus outfits) of one of the owner's collections. */
export async function countEntries(db: Db, ownerId: string, collectionId: string): Promise<number> {
  const { n } = await db
    .selectFrom('collection_entries')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('user_id', '=', ownerId)
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Add items and outfits to one of the owner's collections, after those it holds; ids already on
 * it are skipped. Writes nothing and answers false unless the collection and every id are the
 * owner's. Answers how many entries were added otherwise.
 */
export async function addEntries(
  db: Db,
  ownerId: string,
  collectionId: string,
  ids: { clothes: readonly string[]; outfits: readonly string[] },
): Promise<number | false> {
  if (!(await ownsAll(db, ownerId, { ...ids, collections: [collectionId] }))) return false;
  const existing = await db
    .selectFrom('collection_entries')
    .select(['clothing_id', 'outfit_id', 'position'])
    .where('user_id', '=', ownerId)
    .where('collection_id', '=', collectionId)
    .execute();
  const have = new Set(existing.map((e) => e.clothing_id ?? `outfit:${e.outfit_id ?? ''}`));
  let position = existing.reduce((max, e) => Math.max(max, e.position), -1) + 1;
  const rows: {
    user_id: string;
    collection_id: string;
    position: number;
    clothing_id: string | null;
    outfit_id: string | null;
  }[] = [];
  for (const id of new Set(ids.clothes)) {
    if (have.has(id)) continue;
    rows.push({
      user_id: ownerId,
      collection_id: collectionId,
      position: position++,
      clothing_id: id,
      outfit_id: null,
    });
  }
  for (const id of new Set(ids.outfits)) {
    if (have.has(`outfit:${id}`)) continue;
    rows.push({
      user_id: ownerId,
      collection_id: collectionId,
      position: position++,
      clothing_id: null,
      outfit_id: id,
    });
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('collection_entries')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  return rows.length;
}

/**
 * Take one item or outfit off one of the owner's collections (an item's Packed tick with it);
 * false when it was not on it.
 */
export async function removeEntry(
  db: Db,
  ownerId: string,
  collectionId: string,
  kind: 'item' | 'outfit',
  id: string,
): Promise<boolean> {
  if (!isStorableText(collectionId) || !isStorableText(id)) return false;
  const column = kind === 'item' ? 'clothing_id' : 'outfit_id';
  const result = await db
    .deleteFrom('collection_entries')
    .where('user_id', '=', ownerId)
    .where('collection_id', '=', collectionId)
    .where(column, '=', id)
    .executeTakeFirst();
  if (kind === 'item') {
    await db
      .deleteFrom('collection_packed')
      .where('user_id', '=', ownerId)
      .where('collection_id', '=', collectionId)
      .where('clothing_id', '=', id)
      .execute();
  }
  return Number(result.numDeletedRows) > 0;
}

/**
 * The pieces of one of the owner's collections: its items and the items on the canvases of its
 * outfits (the owner's only), each once.
 */
export async function listPieceIds(
  db: Db,
  ownerId: string,
  collectionId: string,
): Promise<string[]> {
  if (!isStorableText(collectionId)) return [];
  const [direct, viaOutfits] = await Promise.all([
    db
      .selectFrom('collection_entries')
      .select('clothing_id')
      .where('user_id', '=', ownerId)
      .where('collection_id', '=', collectionId)
      .where('clothing_id', 'is not', null)
      .execute(),
    db
      .selectFrom('collection_entries')
      .innerJoin('outfits', 'outfits.id', 'collection_entries.outfit_id')
      .innerJoin('outfit_items', 'outfit_items.outfit_id', 'outfits.id')
      .select('outfit_items.clothing_id')
      .where('collection_entries.user_id', '=', ownerId)
      .where('outfits.user_id', '=', ownerId)
      .where('collection_entries.collection_id', '=', collectionId)
      .execute(),
  ]);
  return [
    ...new Set([
      ...direct.flatMap((r) => (r.clothing_id === null ? [] : [r.clothing_id])),
      ...viaOutfits.map((r) => r.clothing_id),
    ]),
  ];
}

/**
 * Tick (or untick) pieces of one of the owner's collections Packed; `itemIds` undefined unticks
 * every piece. Ticks are written only for the owner's items; the caller says which are pieces.
 */
export async function setPacked(
  db: Db,
  ownerId: string,
  collectionId: string,
  itemIds: readonly string[] | undefined,
  packed: boolean,
): Promise<void> {
  if (!isStorableText(collectionId)) return;
  const unpack = db
    .deleteFrom('collection_packed')
    .where('user_id', '=', ownerId)
    .where('collection_id', '=', collectionId);
  if (itemIds === undefined) {
    if (!packed) await unpack.execute();
    return;
  }
  const ids = [...new Set(itemIds)].filter(isStorableText);
  if (ids.length === 0) return;
  await unpack.where('clothing_id', 'in', ids).execute();
  if (!packed) return;
  if (!(await ownsAll(db, ownerId, { clothes: ids, collections: [collectionId] }))) return;
  await db
    .insertInto('collection_packed')
    .values(ids.map((id) => ({ user_id: ownerId, collection_id: collectionId, clothing_id: id })))
    .execute();
}
