import {
  collectionFromWire,
  collectionsResponseSchema,
  wireCollectionSchema,
  type Collection,
  type CollectionChange,
} from '@hanger/domain';
import { api } from './transport';

/**
 * Custom collections (docs/collections.md): their own call, loaded when Groups or a collection
 * is opened, never on the first view. Answers are parsed with the domain's schemas.
 */

export async function getCollections(): Promise<Collection[]> {
  const answer = collectionsResponseSchema.parse(await api.get('/collections'));
  return answer.collections.map(collectionFromWire);
}

const parse = (answer: unknown) => collectionFromWire(wireCollectionSchema.parse(answer));
const path = (id: string) => `/collections/${encodeURIComponent(id)}`;

/** Sends one change (the outbox's); a repeat of a create answers the collection made first. */
export async function sendCollectionChange(change: CollectionChange): Promise<void> {
  switch (change.type) {
    case 'create': {
      const c = change.collection;
      parse(
        await api.post('/collections', {
          body: {
            id: c.id,
            kind: c.kind,
            name: c.name,
            ...(c.note ? { note: c.note } : {}),
            ...(c.startDate ? { start_date: c.startDate } : {}),
            ...(c.endDate ? { end_date: c.endDate } : {}),
            ...(c.destination ? { destination: c.destination } : {}),
            item_ids: c.itemIds,
            outfit_ids: c.outfitIds,
          },
        }),
      );
      if (c.packedIds.length > 0) {
        await api.put(`${path(c.id)}/packed`, { body: { item_ids: c.packedIds, packed: true } });
      }
      return;
    }
    case 'update': {
      const f = change.fields;
      const body: Record<string, unknown> = {};
      if (f.name !== undefined) body.name = f.name;
      if (f.note !== undefined) body.note = f.note;
      if (f.startDate !== undefined) body.start_date = f.startDate;
      if (f.endDate !== undefined) body.end_date = f.endDate;
      if (f.destination !== undefined) body.destination = f.destination;
      parse(await api.patch(path(change.id), { body }));
      return;
    }
    case 'delete':
      await api.delete(path(change.id));
      return;
    case 'add':
      parse(
        await api.post(`${path(change.id)}/entries`, {
          body: { item_ids: change.itemIds, outfit_ids: change.outfitIds },
        }),
      );
      return;
    case 'remove':
      await api.delete(`${path(change.id)}/${change.entry}s/${encodeURIComponent(change.entryId)}`);
      return;
    case 'packed':
      parse(
        await api.put(`${path(change.id)}/packed`, {
          body: { item_ids: change.itemIds, packed: change.packed },
        }),
      );
      return;
  }
}
