import {
  applyCollectionChange,
  collectionPieceIds,
  duplicateName,
  type Collection,
  type CollectionChange,
  type CollectionFields,
  type CollectionKind,
} from '@hanger/domain';
import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { getCollections } from '../api/collections';
import { toCatalogueError } from '../api/transport';
import { pendingCollectionChanges } from '../outbox/ops';
import { loadOutbox } from '../outbox/port';
import { useOutbox } from '../outbox/state';
import { currentUserId } from './session-store';
import { toast } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

/**
 * The account's custom collections (docs/collections.md). `base` is the server's list with this
 * device's changes applied as they were made; the screens see it with the changes still waiting
 * in the outbox laid over it (every change is idempotent, so one applied twice is harmless), so a
 * reload from the server never hides a change that has not been sent yet. Kept on the device
 * (localStorage) for offline use, under the account it belongs to.
 */
interface CollectionsState {
  owner: string | null;
  base: Collection[] | null;
  loading: boolean;
  error: string | null;
}

export const COLLECTIONS_STORAGE_KEY = 'hanger-collections';

export const useCollectionsStore = create<CollectionsState>()(
  persist((): CollectionsState => ({ owner: null, base: null, loading: false, error: null }), {
    name: COLLECTIONS_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ owner: s.owner, base: s.base }),
    version: 1,
  }),
);

/** The signed-in account's list as last known on this device (null: never loaded here). */
function ownBase(state: CollectionsState): Collection[] | null {
  return state.owner !== null && state.owner === currentUserId() ? state.base : null;
}

/** The collections as the screens show them: the base with the waiting changes over it. */
export function useCollections(): Collection[] | null {
  const base = useCollectionsStore(ownBase);
  const entries = useOutbox((s) => s.entries);
  return useMemo(() => {
    if (base === null) return null;
    return pendingCollectionChanges(entries).reduce(applyCollectionChange, base);
  }, [base, entries]);
}

/** One collection, or null while loading, or undefined when there is no such collection. */
export function useCollection(id: string | undefined): Collection | null | undefined {
  const list = useCollections();
  if (list === null) return null;
  return list.find((c) => c.id === id);
}

let inFlight: Promise<void> | null = null;

/**
 * Changes made here lately. A read that started before the server had one of them (the outbox
 * sends it a moment later) answers a list without it, and by then the change may have left the
 * queue: the answer gets the changes of the last minute applied again (idempotent, so a change
 * the answer holds already changes nothing).
 */
const RECENT_MS = 60_000;
let recent: { change: CollectionChange; at: number }[] = [];

/** Reads the list from the server (at most one read at a time); quiet keeps failures silent. */
export function loadCollections(): Promise<void> {
  const owner = currentUserId();
  if (owner === null) return Promise.resolve();
  inFlight ??= (async () => {
    useCollectionsStore.setState({ loading: true, error: null });
    try {
      const list = await getCollections();
      const since = Date.now() - RECENT_MS;
      recent = recent.filter((r) => r.at >= since);
      const base = recent.reduce((l, r) => applyCollectionChange(l, r.change), list);
      if (currentUserId() === owner) useCollectionsStore.setState({ owner, base, loading: false });
    } catch (err) {
      useCollectionsStore.setState({ loading: false, error: toCatalogueError(err).message });
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Applies a change here at once and queues it in the outbox, which sends it (now or later). */
async function change(c: CollectionChange, label: string): Promise<void> {
  const owner = currentUserId();
  recent.push({ change: c, at: Date.now() });
  useCollectionsStore.setState((s) => ({
    owner,
    base: applyCollectionChange(s.owner === owner ? (s.base ?? []) : [], c),
  }));
  try {
    await (await loadOutbox()).enqueue({ kind: 'collection', change: c }, label);
  } catch (err) {
    toast.error('Failed to update collection', toCatalogueError(err).message);
  }
}

function find(id: string): Collection | undefined {
  return ownBase(useCollectionsStore.getState())?.find((c) => c.id === id);
}

export interface NewCollectionInput extends CollectionFields {
  kind: CollectionKind;
  name: string;
  itemIds?: string[];
  outfitIds?: string[];
}

/** Creates a collection (its id chosen here, so it works offline); answers the id. */
export function createCollection(input: NewCollectionInput): string {
  const collection: Collection = {
    id: crypto.randomUUID(),
    kind: input.kind,
    name: input.name.trim(),
    dateCreated: new Date().toISOString(),
    itemIds: input.itemIds ?? [],
    outfitIds: input.outfitIds ?? [],
    packedIds: [],
  };
  const note = input.note?.trim();
  if (note) collection.note = note;
  if (input.kind === 'packing') {
    if (input.startDate) collection.startDate = input.startDate;
    if (input.endDate) collection.endDate = input.endDate;
    const destination = input.destination?.trim();
    if (destination) collection.destination = destination;
  }
  void change({ type: 'create', collection }, collection.name);
  return collection.id;
}

export function updateCollection(id: string, fields: CollectionFields): Promise<void> {
  return change({ type: 'update', id, fields }, find(id)?.name ?? '');
}

export function deleteCollection(id: string): Promise<void> {
  return change({ type: 'delete', id }, find(id)?.name ?? '');
}

/** "Copy for the next trip": the same pieces and outfits, nothing packed, no dates. */
export function duplicateCollection(source: Collection): string {
  return createCollection({
    kind: source.kind,
    name: duplicateName(source.name),
    note: source.note ?? null,
    destination: source.destination ?? null,
    itemIds: source.itemIds,
    outfitIds: source.outfitIds,
  });
}

export function addToCollection(
  id: string,
  itemIds: readonly string[],
  outfitIds: readonly string[] = [],
): Promise<void> {
  return change(
    { type: 'add', id, itemIds: [...itemIds], outfitIds: [...outfitIds] },
    find(id)?.name ?? '',
  );
}

export function removeFromCollection(
  id: string,
  entry: 'item' | 'outfit',
  entryId: string,
): Promise<void> {
  return change({ type: 'remove', id, entry, entryId }, find(id)?.name ?? '');
}

export function setPacked(id: string, itemIds: readonly string[], packed: boolean): Promise<void> {
  return change({ type: 'packed', id, itemIds: [...itemIds], packed }, find(id)?.name ?? '');
}

/** "Unpack all": unticks every piece the list has now. */
export function unpackAll(collection: Collection): Promise<void> {
  const data = useWardrobeStore.getState().data;
  const pieces = data ? collectionPieceIds(collection, data) : collection.packedIds;
  return setPacked(collection.id, [...new Set([...pieces, ...collection.packedIds])], false);
}
