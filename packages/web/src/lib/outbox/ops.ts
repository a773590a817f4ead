import {
  NOT_THIS_DAYS,
  collectionChangeWithout,
  renameInCollectionChange,
  type CollectionChange,
  addDays,
  addToDay,
  formatDay,
  removeEverywhere,
  removeFromDay,
  setDisplayItem,
  suggestionKey,
  type CanvasEntry,
  type ClothingItem,
  type DayEntryType,
  type Outfit,
  type OutfitStatus,
  type SuggestionFeedback,
  type WardrobeData,
} from '@hanger/domain';
import type { ItemUpdate, NewItemInput } from '../api/clothes';
import type { OutfitUpdate } from '../api/outfits';
import { withEditedPhotos } from './edited-photos';
import { applyEdits, isTempId } from './records';

export { TEMP_ID_PREFIX, applyEdits, isTempId, mergeAnswer, newTempId } from './records';

/**
 * The outbox's operations: plain descriptions of a write (never closures), so they survive a
 * reload in IndexedDB. Everything here is pure: how a queue takes a new operation (coalescing),
 * how ids are rewritten when a record created offline gets its server id, and what an operation
 * does to the local copy.
 */

export type OutboxOp =
  /** POST clothes; `id` is the temporary id, `item` the local record shown until it is sent. */
  | { kind: 'createItem'; id: string; fields: NewItemInput; photo: string; item: ClothingItem }
  | { kind: 'updateItem'; id: string; updates: ItemUpdate }
  /**
   * PATCH clothes/{id}/image: `photo` the edited photo, `cutout` the edited cut-out (the keys
   * of their stored blobs); one or both (docs/cutouts.md).
   */
  | { kind: 'updateItemImage'; id: string; photo?: string; cutout?: string }
  | { kind: 'deleteItem'; id: string }
  /** POST outfit: new (`id` temporary) or saved over an existing outfit. */
  | {
      kind: 'saveOutfit';
      id: string;
      isNew: boolean;
      canvasData: CanvasEntry[];
      status?: OutfitStatus;
      photo: string;
      outfit: Outfit;
    }
  | { kind: 'updateOutfit'; id: string; updates: OutfitUpdate }
  | { kind: 'deleteOutfit'; id: string }
  /** Select many (docs/select-many.md): one change to many records, sent as one batch call. */
  | { kind: 'updateItems'; ids: string[]; updates: ItemUpdate }
  | { kind: 'deleteItems'; ids: string[] }
  | { kind: 'updateOutfits'; ids: string[]; updates: OutfitUpdate }
  | { kind: 'deleteOutfits'; ids: string[] }
  | { kind: 'calendarAdd'; day: string; clothes: string[]; outfits: string[] }
  | { kind: 'calendarStar'; day: string; displayItem: string | undefined }
  | { kind: 'calendarRemove'; day: string; type: DayEntryType; id: string }
  /**
   * "Not this" for a suggestion's pieces, said on wear day `day` (README, "What to wear"). It
   * changes no record of the local copy: the screens read it off the queue while it waits
   * (pendingNotThis), so offline suggestions leave it out at once.
   */
  | { kind: 'suggestionFeedback'; itemIds: string[]; day: string }
  /**
   * A change to the custom collections (docs/collections.md). It changes no record of the local
   * copy: the collections store lays the waiting changes over the server's list
   * (pendingCollectionChanges).
   */
  | { kind: 'collection'; change: CollectionChange };

export interface OutboxEntry {
  /** Position in the queue; entries are sent in ascending order. */
  seq: number;
  op: OutboxOp;
  /** ISO time the change was made. */
  createdAt: string;
  /** What the change was about when it was made ("Uniqlo Top"), for messages after the fact. */
  label: string;
  /**
   * Sent at least once without an answer (the connection dropped): the server may hold it
   * already, under its Idempotency-Key, so nothing more is folded into it. A later edit goes
   * after it as an edit of its own; the key sent with other fields would be refused (422).
   */
  sent?: boolean;
}

export type RecordKind = 'clothes' | 'outfits';

/** The wardrobe record an operation changes, if any (calendar operations change a day). */
export function targetOf(op: OutboxOp): { kind: RecordKind; id: string } | null {
  switch (op.kind) {
    case 'createItem':
    case 'updateItem':
    case 'updateItemImage':
    case 'deleteItem':
      return { kind: 'clothes', id: op.id };
    case 'saveOutfit':
    case 'updateOutfit':
    case 'deleteOutfit':
      return { kind: 'outfits', id: op.id };
    default:
      return null;
  }
}

/** Photo blobs (their storage keys) an operation needs when it is sent. */
export function photosOf(op: OutboxOp): string[] {
  const keys: string[] = [];
  if ('photo' in op && op.photo !== undefined) keys.push(op.photo);
  if (op.kind === 'updateItemImage' && op.cutout !== undefined) keys.push(op.cutout);
  return keys;
}

/** The records a batch operation changes (Select many), with their kind; null for others. */
export function batchTargetsOf(op: OutboxOp): { kind: RecordKind; ids: string[] } | null {
  switch (op.kind) {
    case 'updateItems':
    case 'deleteItems':
      return { kind: 'clothes', ids: op.ids };
    case 'updateOutfits':
    case 'deleteOutfits':
      return { kind: 'outfits', ids: op.ids };
    default:
      return null;
  }
}

/** Ids of records that have a change waiting: their tiles show the pending mark. */
export function pendingIds(entries: readonly OutboxEntry[]): Set<string> {
  const ids = new Set<string>();
  for (const { op } of entries) {
    if (op.kind.startsWith('delete')) continue;
    const target = targetOf(op);
    if (target) ids.add(target.id);
    for (const id of batchTargetsOf(op)?.ids ?? []) ids.add(id);
  }
  return ids;
}

const swap = (id: string, from: string, to: string) => (id === from ? to : id);
const swapAll = (ids: readonly string[], from: string, to: string) =>
  ids.map((id) => swap(id, from, to));

/** The operation with every reference to record `from` pointing at `to` instead. */
export function renameInOp(op: OutboxOp, from: string, to: string): OutboxOp {
  switch (op.kind) {
    case 'createItem':
      return op.id === from ? { ...op, id: to, item: { ...op.item, id: to } } : op;
    case 'updateItem':
    case 'updateItemImage':
    case 'deleteItem':
    case 'updateOutfit':
    case 'deleteOutfit':
    case 'calendarRemove':
      return op.id === from ? { ...op, id: to } : op;
    case 'saveOutfit': {
      const id = swap(op.id, from, to);
      const canvasData = op.canvasData.map((e) =>
        e.clothingId === from ? { ...e, clothingId: to } : e,
      );
      return { ...op, id, canvasData, outfit: { ...op.outfit, id, canvasData } };
    }
    case 'calendarAdd':
      return {
        ...op,
        clothes: swapAll(op.clothes, from, to),
        outfits: swapAll(op.outfits, from, to),
      };
    case 'calendarStar':
      return op.displayItem === from ? { ...op, displayItem: to } : op;
    case 'suggestionFeedback':
      return op.itemIds.includes(from) ? { ...op, itemIds: swapAll(op.itemIds, from, to) } : op;
    case 'updateItems':
    case 'deleteItems':
    case 'updateOutfits':
    case 'deleteOutfits':
      return op.ids.includes(from) ? { ...op, ids: swapAll(op.ids, from, to) } : op;
    case 'collection':
      return { ...op, change: renameInCollectionChange(op.change, from, to) };
  }
}

/**
 * The operation once record `id` will never exist on the server (created offline, then deleted
 * or refused): null when nothing of it is left to send.
 */
export function withoutRecord(op: OutboxOp, id: string): OutboxOp | null {
  switch (op.kind) {
    case 'calendarAdd': {
      const clothes = op.clothes.filter((x) => x !== id);
      const outfits = op.outfits.filter((x) => x !== id);
      return clothes.length + outfits.length === 0 ? null : { ...op, clothes, outfits };
    }
    case 'calendarStar':
      return op.displayItem === id ? null : op;
    // Without one of its pieces it is another set, which nobody refused: nothing is left.
    case 'suggestionFeedback':
      return op.itemIds.includes(id) ? null : op;
    case 'updateItems':
    case 'deleteItems':
    case 'updateOutfits':
    case 'deleteOutfits': {
      if (!op.ids.includes(id)) return op;
      const ids = op.ids.filter((x) => x !== id);
      return ids.length === 0 ? null : { ...op, ids };
    }
    case 'collection': {
      const change = collectionChangeWithout(op.change, id);
      return change ? { ...op, change } : null;
    }
    case 'saveOutfit': {
      if (op.id === id) return null;
      const canvasData = op.canvasData.filter((e) => e.clothingId !== id);
      return canvasData.length === op.canvasData.length
        ? op
        : { ...op, canvasData, outfit: { ...op.outfit, canvasData } };
    }
    default:
      return op.id === id ? null : op;
  }
}

export interface QueueChange {
  entries: OutboxEntry[];
  /** Photo keys no longer needed by any entry. */
  freedPhotos: string[];
}

function removeRecord(entries: readonly OutboxEntry[], id: string): QueueChange {
  const kept: OutboxEntry[] = [];
  const freed: string[] = [];
  for (const entry of entries) {
    const op = withoutRecord(entry.op, id);
    if (op) kept.push(op === entry.op ? entry : { ...entry, op });
    for (const key of photosOf(entry.op)) if (!op || !photosOf(op).includes(key)) freed.push(key);
  }
  return { entries: kept, freedPhotos: freed };
}

/**
 * Adds an operation at the end of the queue, or folds it into a create of the same record that
 * is still waiting (never into `inFlight`, the entry being sent right now, nor into one already
 * sent without an answer): an edit of an item
 * created offline becomes part of its create, a new photo replaces the create's, and deleting
 * such an item drops it and every change that mentions it, as if it had never been made.
 */
export function addToQueue(
  entries: readonly OutboxEntry[],
  entry: OutboxEntry,
  inFlight: number | null = null,
): QueueChange {
  const op = entry.op;
  const target = targetOf(op);
  const creates = (e: OutboxEntry) =>
    e.seq !== inFlight &&
    !e.sent &&
    target !== null &&
    targetOf(e.op)?.id === target.id &&
    (e.op.kind === 'createItem' || (e.op.kind === 'saveOutfit' && e.op.isNew));
  // A batch delete of records made offline and not sent yet: those are dropped with their
  // creates, as a delete of one would be; the rest is deleted on the server.
  if (op.kind === 'deleteItems' || op.kind === 'deleteOutfits') {
    let change: QueueChange = { entries: [...entries], freedPhotos: [] };
    const waiting = (id: string) =>
      change.entries.some(
        (e) =>
          e.seq !== inFlight &&
          !e.sent &&
          targetOf(e.op)?.id === id &&
          (e.op.kind === 'createItem' || (e.op.kind === 'saveOutfit' && e.op.isNew)),
      );
    const dropped = op.ids.filter((id) => isTempId(id) && waiting(id));
    for (const id of dropped) {
      const next = removeRecord(change.entries, id);
      change = { entries: next.entries, freedPhotos: [...change.freedPhotos, ...next.freedPhotos] };
    }
    const ids = op.ids.filter((id) => !dropped.includes(id));
    if (ids.length > 0) change.entries.push({ ...entry, op: { ...op, ids } });
    return change;
  }
  const create = target && isTempId(target.id) ? entries.find(creates) : undefined;
  if (create) {
    const c = create.op;
    const replace = (next: OutboxOp, freed: string[] = []): QueueChange => ({
      entries: entries.map((e) => (e === create ? { ...e, op: next } : e)),
      freedPhotos: freed,
    });
    if (op.kind === 'deleteItem' || op.kind === 'deleteOutfit') return removeRecord(entries, op.id);
    if (c.kind === 'createItem' && op.kind === 'updateItem') {
      return replace({
        ...c,
        fields: applyEdits<NewItemInput>(c.fields, op.updates),
        item: applyEdits<ClothingItem>(c.item, op.updates),
      });
    }
    // An item made offline has no cut-out yet: only a new photo can be folded into its create.
    if (c.kind === 'createItem' && op.kind === 'updateItemImage' && op.photo && !op.cutout) {
      return replace({ ...c, photo: op.photo }, c.photo === op.photo ? [] : [c.photo]);
    }
    if (c.kind === 'saveOutfit' && op.kind === 'saveOutfit') {
      return replace({ ...op, isNew: true }, c.photo === op.photo ? [] : [c.photo]);
    }
  }
  return { entries: [...entries, entry], freedPhotos: [] };
}

/** After a create was sent: the rest of the queue refers to the server's id. */
export function renameInQueue(
  entries: readonly OutboxEntry[],
  from: string,
  to: string,
): OutboxEntry[] {
  return entries.map((e) => {
    const op = renameInOp(e.op, from, to);
    return op === e.op ? e : { ...e, op };
  });
}

/**
 * After the server refused an entry (already taken off the queue): when it created a record,
 * the changes that mention that record can never be sent either and are dropped with it.
 */
export function afterRefusal(entries: readonly OutboxEntry[], refused: OutboxEntry): QueueChange {
  const op = refused.op;
  const created = op.kind === 'createItem' || (op.kind === 'saveOutfit' && op.isNew);
  return created ? removeRecord(entries, op.id) : { entries: [...entries], freedPhotos: [] };
}

/** Record `from` of the local copy renamed to `record` (the server's answer to its create). */
export function renameRecord(
  data: WardrobeData,
  kind: RecordKind,
  from: string,
  record: ClothingItem | Outfit,
): WardrobeData {
  const { [from]: _old, ...rest } = data[kind] as Record<string, ClothingItem | Outfit>;
  const records = { ...rest, [record.id]: record };
  const to = record.id;
  const calendar = Object.fromEntries(
    Object.entries(data.calendar).map(([day, entry]) => {
      if (!entry[kind].includes(from) && entry.displayItem !== from) return [day, entry];
      const next = { ...entry, [kind]: swapAll(entry[kind], from, to) };
      if (entry.displayItem === from) next.displayItem = to;
      return [day, next];
    }),
  );
  let outfits = kind === 'outfits' ? (records as Record<string, Outfit>) : data.outfits;
  if (kind === 'clothes') {
    outfits = Object.fromEntries(
      Object.entries(data.outfits).map(([id, o]) => [
        id,
        o.canvasData.some((e) => e.clothingId === from)
          ? {
              ...o,
              canvasData: o.canvasData.map((e) =>
                e.clothingId === from ? { ...e, clothingId: to } : e,
              ),
            }
          : o,
      ]),
    );
  }
  return {
    clothes: kind === 'clothes' ? (records as Record<string, ClothingItem>) : data.clothes,
    outfits,
    calendar,
  };
}

function withRecord<K extends RecordKind>(
  data: WardrobeData,
  kind: K,
  id: string,
  fn: (r: WardrobeData[K][string]) => WardrobeData[K][string],
): WardrobeData {
  const record = data[kind][id] as WardrobeData[K][string] | undefined;
  return record ? { ...data, [kind]: { ...data[kind], [id]: fn(record) } } : data;
}

function deleted(data: WardrobeData, kind: RecordKind, id: string): WardrobeData {
  const { [id]: _removed, ...rest } = data[kind];
  return { ...data, calendar: removeEverywhere(data.calendar, kind, id), [kind]: rest };
}

/**
 * What an operation does to the local copy: used to lay the waiting changes over a wardrobe
 * fresh from the server, so that a sync never hides a change that has not been sent yet.
 * `photoUrl` answers a displayable URL for a stored photo (an object URL of its blob).
 */
export function applyOp(
  data: WardrobeData,
  op: OutboxOp,
  photoUrl: (key: string) => string | undefined,
): WardrobeData {
  switch (op.kind) {
    case 'createItem': {
      const url = photoUrl(op.photo) ?? op.item.image;
      return {
        ...data,
        clothes: { ...data.clothes, [op.id]: { ...op.item, image: url, thumbnail: url } },
      };
    }
    case 'updateItem':
      return withRecord(data, 'clothes', op.id, (r) => applyEdits<ClothingItem>(r, op.updates));
    case 'updateItemImage': {
      const url = op.photo === undefined ? undefined : photoUrl(op.photo);
      const cut = op.cutout === undefined ? undefined : photoUrl(op.cutout);
      if (!url && !cut) return data;
      return withRecord(data, 'clothes', op.id, (r) => withEditedPhotos(r, url, cut));
    }
    case 'deleteItem':
      return deleted(data, 'clothes', op.id);
    case 'saveOutfit': {
      const url = photoUrl(op.photo) ?? op.outfit.image;
      return {
        ...data,
        outfits: { ...data.outfits, [op.id]: { ...op.outfit, image: url, thumbnail: url } },
      };
    }
    case 'updateOutfit':
      return withRecord(data, 'outfits', op.id, (r) => applyEdits<Outfit>(r, op.updates));
    case 'deleteOutfit':
      return deleted(data, 'outfits', op.id);
    case 'calendarAdd':
      return { ...data, calendar: addToDay(data.calendar, op.day, op) };
    case 'calendarStar':
      return { ...data, calendar: setDisplayItem(data.calendar, op.day, op.displayItem) };
    case 'calendarRemove':
      return { ...data, calendar: removeFromDay(data.calendar, op.day, op.type, op.id) };
    case 'suggestionFeedback':
    case 'collection':
      return data;
    case 'updateItems':
      return applyToMany(data, 'clothes', op.ids, (r) => applyBatchEdits(r, op.updates));
    case 'updateOutfits':
      return applyToMany(data, 'outfits', op.ids, (r) => applyEdits<Outfit>(r, op.updates));
    case 'deleteItems':
      return op.ids.reduce((d, id) => deleted(d, 'clothes', id), data);
    case 'deleteOutfits':
      return op.ids.reduce((d, id) => deleted(d, 'outfits', id), data);
  }
}

/**
 * An item with a batch's edits, as the server applies them (docs/select-many.md): an item moved
 * to another category without a subcategory named loses its subcategory.
 */
export function applyBatchEdits(item: ClothingItem, updates: ItemUpdate): ClothingItem {
  const moved =
    updates.category !== undefined &&
    updates.category !== item.category &&
    !('subCategoryId' in updates);
  return applyEdits<ClothingItem>(item, moved ? { ...updates, subCategoryId: undefined } : updates);
}

function applyToMany<K extends RecordKind>(
  data: WardrobeData,
  kind: K,
  ids: readonly string[],
  fn: (r: WardrobeData[K][string]) => WardrobeData[K][string],
): WardrobeData {
  const records = { ...data[kind] } as WardrobeData[K];
  for (const id of ids) {
    const record = records[id] as WardrobeData[K][string] | undefined;
    if (record) (records as Record<string, unknown>)[id] = fn(record);
  }
  return { ...data, [kind]: records };
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A phrase naming the change, for "Couldn't save <phrase>: <reason>". */
export function describeOp(entry: OutboxEntry): string {
  const name = entry.label ? `“${entry.label}”` : 'an item';
  const op = entry.op;
  switch (op.kind) {
    case 'createItem':
      return entry.label ? `the new item ${name}` : 'a new item';
    case 'updateItem':
      return `your change to ${name}`;
    case 'updateItemImage':
      return `the edited photo of ${name}`;
    case 'deleteItem':
      return `deleting ${name}`;
    case 'saveOutfit':
      return op.isNew ? 'the new outfit' : 'your change to an outfit';
    case 'updateOutfit':
      return 'your change to an outfit';
    case 'deleteOutfit':
      return 'deleting an outfit';
    case 'calendarAdd':
    case 'calendarStar':
    case 'calendarRemove':
      // The day as the calendar's day screen heads it (docs/spec.md §2: day, short month, year,
      // en-GB).
      return `your calendar change for ${formatDay(op.day, 'en-GB')}${entry.label ? ` (${entry.label})` : ''}`;
    case 'suggestionFeedback':
      return '“Not this” for a suggestion';
    case 'updateItems':
      return `your change to ${count(op.ids.length, 'item')}`;
    case 'deleteItems':
      return `deleting ${count(op.ids.length, 'item')}`;
    case 'updateOutfits':
      return `your change to ${count(op.ids.length, 'outfit')}`;
    case 'deleteOutfits':
      return `deleting ${count(op.ids.length, 'outfit')}`;
    case 'collection':
      return entry.label ? `your change to the collection “${entry.label}”` : 'a collection change';
  }
}

/**
 * The "Not this" sets still waiting to be sent, as the suggestion rules take feedback: each kept
 * away for NOT_THIS_DAYS from the day it was said, as the server keeps it once sent.
 */
export function pendingNotThis(entries: readonly OutboxEntry[]): SuggestionFeedback[] {
  return entries.flatMap(({ op }) =>
    op.kind === 'suggestionFeedback'
      ? [{ key: suggestionKey(op.itemIds), until: addDays(op.day, NOT_THIS_DAYS) }]
      : [],
  );
}

/** The collection changes still waiting to be sent, in order. */
export function pendingCollectionChanges(entries: readonly OutboxEntry[]): CollectionChange[] {
  return entries.flatMap(({ op }) => (op.kind === 'collection' ? [op.change] : []));
}
