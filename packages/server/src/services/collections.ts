import { randomUUID } from 'node:crypto';
import {
  MAX_COLLECTION_ENTRIES,
  MAX_COLLECTIONS,
  collectionEntriesLimitMessage,
  collectionsLimitMessage,
  duplicateName,
  type CollectionPatch,
  type NewCollection,
  type WireCollection,
} from '@hanger/domain';
import { isUniqueViolation, lockAccount } from '../db/account-lock.js';
import { NotFoundError, ValidationError } from '../errors.js';
import {
  addEntries,
  countCollections,
  countEntries,
  deleteCollection as deleteCollectionRows,
  findCollection,
  insertCollection,
  listCollections,
  listPieceIds,
  removeEntry,
  setPacked,
  updateCollection as updateCollectionRow,
  type CollectionRecord,
} from '../repositories/collections.js';
import type { Db } from '../repositories/db.js';
import type { ServiceContext } from './context.js';

/**
 * Custom collections (docs/collections.md): packing lists and capsules. Limits are counted under
 * the account's lock in the transaction that writes (db/account-lock.ts), so they hold when
 * requests of one account race.
 */

const NOT_FOUND = 'The requested item was not found.';

/** A stored collection on the wire. */
export function collectionToWire(record: CollectionRecord): WireCollection {
  return {
    id: record.id,
    kind: record.kind,
    name: record.name,
    note: record.note,
    start_date: record.start_date,
    end_date: record.end_date,
    destination: record.destination,
    date_created: record.date_created,
    item_ids: record.item_ids,
    outfit_ids: record.outfit_ids,
    packed_ids: record.packed_ids,
  };
}

async function mustFind(db: Db, userId: string, id: string): Promise<CollectionRecord> {
  const found = await findCollection(db, userId, id);
  if (!found) throw new NotFoundError(NOT_FOUND);
  return found;
}

/** GET collections: every collection of the account, oldest first. */
export async function readCollections(ctx: ServiceContext, userId: string) {
  return { collections: (await listCollections(ctx.db, userId)).map(collectionToWire) };
}

/** GET collections/{id}. */
export async function readCollection(ctx: ServiceContext, userId: string, id: string) {
  return collectionToWire(await mustFind(ctx.db, userId, id));
}

/** Refuses (422) entries past MAX_COLLECTION_ENTRIES; run under the account's lock. */
async function assertEntryRoom(db: Db, userId: string, id: string, adding: number) {
  if (adding <= 0) return;
  if ((await countEntries(db, userId, id)) + adding > MAX_COLLECTION_ENTRIES) {
    throw new ValidationError(collectionEntriesLimitMessage());
  }
}

/** Adds entries or answers 404 when an id is not the owner's. */
async function addOwnEntries(
  trx: Db,
  userId: string,
  id: string,
  itemIds: readonly string[],
  outfitIds: readonly string[],
) {
  const clothes = [...new Set(itemIds)];
  const outfits = [...new Set(outfitIds)];
  if (clothes.length + outfits.length === 0) return;
  await assertEntryRoom(trx, userId, id, clothes.length + outfits.length);
  const added = await addEntries(trx, userId, id, { clothes, outfits });
  if (added === false) throw new NotFoundError(NOT_FOUND);
}

/**
 * POST collections: a new collection, with items and outfits if given. A client-chosen id that
 * the account already holds answers that collection (the repeat of an offline create whose first
 * answer was lost), with `created` false.
 */
export async function createCollection(
  ctx: ServiceContext,
  userId: string,
  input: NewCollection,
  now: Date = new Date(),
): Promise<{ collection: WireCollection; created: boolean }> {
  const id = input.id ?? randomUUID();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, userId);
      if (await findCollection(trx, userId, id)) throw new Repeat();
      if ((await countCollections(trx, userId)) >= MAX_COLLECTIONS) {
        throw new ValidationError(collectionsLimitMessage());
      }
      await insertCollection(trx, userId, {
        id,
        kind: input.kind,
        name: input.name,
        note: input.note ?? null,
        start_date: input.kind === 'packing' ? (input.start_date ?? null) : null,
        end_date: input.kind === 'packing' ? (input.end_date ?? null) : null,
        destination: input.kind === 'packing' ? (input.destination ?? null) : null,
        date_created: now.toISOString(),
      });
      await addOwnEntries(trx, userId, id, input.item_ids ?? [], input.outfit_ids ?? []);
    });
  } catch (err) {
    if (!(err instanceof Repeat) && !isUniqueViolation(err)) throw err;
    return { collection: await readCollection(ctx, userId, id), created: false };
  }
  return { collection: await readCollection(ctx, userId, id), created: true };
}

/** Thrown inside a create's transaction when the id is already the account's. */
class Repeat extends Error {}

/** PATCH collections/{id}: name, note, trip dates, destination. */
export async function updateCollection(
  ctx: ServiceContext,
  userId: string,
  id: string,
  patch: CollectionPatch,
): Promise<WireCollection> {
  return ctx.db.transaction().execute(async (trx) => {
    const found = await mustFind(trx, userId, id);
    const start = patch.start_date === undefined ? found.start_date : patch.start_date;
    const end = patch.end_date === undefined ? found.end_date : patch.end_date;
    if (start && end && end < start) throw new ValidationError('The trip ends before it starts');
    const changes = Object.fromEntries(
      Object.entries(patch).filter(([, v]) => v !== undefined),
    ) as CollectionPatch;
    await updateCollectionRow(trx, userId, id, changes);
    return collectionToWire(await mustFind(trx, userId, id));
  });
}

/** DELETE collections/{id}. */
export async function deleteCollection(ctx: ServiceContext, userId: string, id: string) {
  const deleted = await ctx.db
    .transaction()
    .execute((trx) => deleteCollectionRows(trx, userId, id));
  if (!deleted) throw new NotFoundError(NOT_FOUND);
}

/**
 * POST collections/{id}/duplicate: "Copy for the next trip": the same kind, note, destination,
 * items and outfits, nothing packed and no dates.
 */
export async function duplicateCollection(
  ctx: ServiceContext,
  userId: string,
  id: string,
  options: { id?: string; name?: string },
  now: Date = new Date(),
) {
  const source = await mustFind(ctx.db, userId, id);
  return createCollection(
    ctx,
    userId,
    {
      ...(options.id !== undefined ? { id: options.id } : {}),
      kind: source.kind,
      name: options.name ?? duplicateName(source.name),
      note: source.note,
      destination: source.destination,
      item_ids: source.item_ids,
      outfit_ids: source.outfit_ids,
    },
    now,
  );
}

/** POST collections/{id}/entries: add the owner's items and outfits. */
export async function addCollectionEntries(
  ctx: ServiceContext,
  userId: string,
  id: string,
  ids: { item_ids: string[]; outfit_ids: string[] },
): Promise<WireCollection> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    await mustFind(trx, userId, id);
    await addOwnEntries(trx, userId, id, ids.item_ids, ids.outfit_ids);
    return collectionToWire(await mustFind(trx, userId, id));
  });
}

/** DELETE collections/{id}/items/{itemId} or …/outfits/{outfitId}. */
export async function removeCollectionEntry(
  ctx: ServiceContext,
  userId: string,
  id: string,
  kind: 'item' | 'outfit',
  entryId: string,
): Promise<void> {
  const removed = await ctx.db
    .transaction()
    .execute((trx) => removeEntry(trx, userId, id, kind, entryId));
  if (!removed) throw new NotFoundError(NOT_FOUND);
}

/**
 * PUT collections/{id}/packed: tick or untick pieces of a packing list (any piece of it, listed
 * or in a listed outfit); without ids, every piece ("Unpack all", or all packed).
 */
export async function setCollectionPacked(
  ctx: ServiceContext,
  userId: string,
  id: string,
  body: { item_ids?: string[] | undefined; packed: boolean },
): Promise<WireCollection> {
  return ctx.db.transaction().execute(async (trx) => {
    const found = await mustFind(trx, userId, id);
    if (found.kind !== 'packing') throw new ValidationError('Only a packing list has Packed ticks');
    // Unticking needs no check: a tick of a piece no longer on the list may be taken off too.
    if (body.item_ids !== undefined && body.packed) {
      const pieces = new Set(await listPieceIds(trx, userId, id));
      if (!body.item_ids.every((itemId) => pieces.has(itemId))) {
        throw new NotFoundError(NOT_FOUND);
      }
    }
    // "Pack all" ticks every piece; "Unpack all" needs no list.
    const ids =
      body.item_ids === undefined && body.packed
        ? await listPieceIds(trx, userId, id)
        : body.item_ids;
    await setPacked(trx, userId, id, ids, body.packed);
    return collectionToWire(await mustFind(trx, userId, id));
  });
}
