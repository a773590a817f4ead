import {
  ERROR_TOASTS,
  SUCCESS_TOASTS,
  itemScalesFromCanvas,
  keepExistingEntries,
  outfitStatusForItems,
  removeEverywhere,
  type ClothingItem,
  type Outfit,
  type Patch,
  type WardrobeData,
} from '@hanger/domain';
import {
  deleteCutout,
  deleteItemRequest,
  patchItem,
  patchItemImage,
  postCutout,
  type ItemUpdate,
} from '../api/clothes';
import {
  deleteOutfitRequest,
  patchOutfit,
  postOutfit,
  type OutfitInput,
  type OutfitUpdate,
} from '../api/outfits';
import { withEditedPhotos } from '../outbox/edited-photos';
import type { OutboxOp } from '../outbox/ops';
import { applyEdits, mergeAnswer, newTempId } from '../outbox/records';
import { resolveId } from '../outbox/state';
import { loadOutbox } from '../outbox/port';
import { loadWardrobe, send, type ActionOptions } from './wardrobe-load';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Wardrobe changes with the behaviour of docs/spec.md §4: the local copy changes first (optimistic)
 * and is never rolled back; a failure shows the catalogue's message under the action's error title.
 * Requests aborted for want of a user stay silent (the api client already warned).
 * Offline (or behind changes already waiting) a write goes to the outbox instead of the server:
 * the local change stays and is sent when the connection returns (lib/outbox).
 * Only the screens that change records import this module: it is not in the first load.
 */

// The first screen's GET users lives in wardrobe-load.ts (in the first load); re-exported here
// for the screens and the outbox that reach it through the actions.
export { loadWardrobe, type ActionOptions };

const change = (fn: (data: WardrobeData) => WardrobeData) => useWardrobeStore.getState().update(fn);

/** The wardrobe's two kinds of record, under the names of their maps (and of calendar entries). */
interface Records {
  clothes: ClothingItem;
  outfits: Outfit;
}
type Kind = keyof Records;

/** Replaces one record through `fn`, when it is still in the wardrobe. */
function changeRecord<K extends Kind>(kind: K, id: string, fn: (r: Records[K]) => Records[K]) {
  change((d) => {
    const record = d[kind][id] as Records[K] | undefined;
    return record ? { ...d, [kind]: { ...d[kind], [id]: fn(record) } } : d;
  });
}

/** The item as it is now (before a change), to name it in messages about the change. */
const itemBefore = (id: string) => useWardrobeStore.getState().data?.clothes[id];

/** Queues `op` with its local effect already applied by the caller. */
const later =
  (op: OutboxOp, about: ClothingItem | undefined, photos?: Record<string, Blob>) =>
  async (): Promise<void> =>
    (await loadOutbox()).enqueue(op, about, photos);

/**
 * POST outfit (new, or over `input.id`). Entries for deleted clothes are dropped, the status
 * follows its items (any wishlist item makes a wishlist outfit), and afterwards each used item
 * quietly keeps its canvas scale for the next outfit (docs/spec.md §7).
 */
export async function saveOutfit(
  input: Omit<OutfitInput, 'status'>,
  options: ActionOptions = {},
): Promise<Outfit | null> {
  const data = useWardrobeStore.getState().data;
  const clothes = data?.clothes ?? {};
  const canvasData = keepExistingEntries(input.canvasData, clothes);
  const previous = input.id ? data?.outfits[input.id]?.status : undefined;
  const status = outfitStatusForItems(
    canvasData.map((e) => e.clothingId),
    clothes,
    previous,
  );
  let saved: Outfit | null = null;
  const overId = input.id ? resolveId(input.id) : undefined;
  // A new outfit's key: if the answer is lost, the queued retry sends the same one (its temp id).
  const newKey = overId ? undefined : newTempId();
  await send(
    async () => {
      const outfit = await postOutfit({ ...input, id: overId, canvasData, status }, newKey);
      change((d) => ({ ...d, outfits: { ...d.outfits, [outfit.id]: outfit } }));
      saved = outfit;
    },
    SUCCESS_TOASTS.outfitCreated,
    ERROR_TOASTS.uploadOutfit,
    options,
    async () => {
      // Kept on this device until it can be sent: a temporary id when it is a new outfit.
      const id = overId ?? newKey ?? newTempId();
      const photo = newTempId();
      const outbox = await loadOutbox();
      const url = outbox.showPhoto(photo, input.image);
      const outfit: Outfit = {
        ...(overId ? data?.outfits[overId] : {}),
        id,
        image: url,
        thumbnail: url,
        dateCreated: (overId && data?.outfits[overId]?.dateCreated) || new Date().toISOString(),
        canvasData,
        ...(status ? { status } : {}),
      };
      change((d) => ({ ...d, outfits: { ...d.outfits, [id]: outfit } }));
      const op: OutboxOp = { kind: 'saveOutfit', id, isNew: !overId, canvasData, photo, outfit };
      if (status) op.status = status;
      await outbox.enqueue(op, '', { [photo]: input.image });
      saved = outfit;
    },
  );
  if (saved) {
    const scales = [...itemScalesFromCanvas(canvasData)]
      .filter(([id, scale]) => clothes[id] && clothes[id].scale !== scale)
      .map(([id, scale]) => ({ id, updates: { scale } }));
    void batchUpdateItems(scales);
  }
  return saved;
}

/** PATCH: optimistic, then the answer's fields merged in. */
function updateRecord<K extends Kind>(
  kind: K,
  givenId: string,
  updates: Partial<Records[K]>,
  patch: (id: string, updates: Partial<Records[K]>) => Promise<Patch<Records[K]>>,
  options: ActionOptions,
): Promise<boolean> {
  const id = resolveId(givenId);
  // Named as the user knew it before this change.
  const about = kind === 'clothes' ? itemBefore(id) : undefined;
  changeRecord(kind, id, (record) => applyEdits(record, updates));
  const op: OutboxOp =
    kind === 'clothes'
      ? { kind: 'updateItem', id, updates: updates as ItemUpdate }
      : { kind: 'updateOutfit', id, updates: updates as OutfitUpdate };
  return send(
    async () => {
      const answer = await patch(id, updates);
      changeRecord(kind, id, (record) => mergeAnswer(record, answer));
    },
    SUCCESS_TOASTS.itemUpdated,
    ERROR_TOASTS.updateItem,
    options,
    later(op, about),
  );
}

/** PATCH clothes/{id}: optimistic, then the answer's fields merged in. */
export async function updateItem(
  id: string,
  updates: ItemUpdate,
  options: ActionOptions = {},
): Promise<boolean> {
  return updateRecord('clothes', id, updates, patchItem, options);
}

/** PATCH outfits/{id}: optimistic, then the answer's fields merged in. */
export async function updateOutfit(
  id: string,
  updates: OutfitUpdate,
  options: ActionOptions = {},
): Promise<boolean> {
  return updateRecord('outfits', id, updates, patchOutfit, options);
}

/**
 * PATCH clothes/{id}/image with the edited PNG, and/or the edited cut-out (docs/cutouts.md: the
 * touch-up brush sends the cut-out alone; a turn, crop or flip of a cut-out item sends both); the
 * new photo URLs come from the answer. Offline it waits in the outbox, shown from this device.
 */
export async function updateItemImage(
  givenId: string,
  png: Blob | null,
  cutout?: Blob,
  options: ActionOptions = {},
): Promise<boolean> {
  const id = resolveId(givenId);
  return send(
    async () => {
      const answer = await patchItemImage(id, png, cutout);
      if (answer.image) changeRecord('clothes', id, (item) => mergeAnswer(item, answer));
      // The answer is not specified (docs/spec.md §7): read the item's new photo URLs from the
      // wardrobe.
      else await loadWardrobe({ quiet: true });
    },
    SUCCESS_TOASTS.imageUpdated,
    ERROR_TOASTS.updateImage,
    options,
    async () => {
      const outbox = await loadOutbox();
      const photos: Record<string, Blob> = {};
      const keep = (blob: Blob | null | undefined) => {
        if (!blob) return undefined;
        const key = newTempId();
        photos[key] = blob;
        return { key, url: outbox.showPhoto(key, blob) };
      };
      const photo = keep(png);
      const cut = keep(cutout);
      changeRecord('clothes', id, (item) => withEditedPhotos(item, photo?.url, cut?.url));
      const op: OutboxOp = { kind: 'updateItemImage', id };
      if (photo) op.photo = photo.key;
      if (cut) op.cutout = cut.key;
      await outbox.enqueue(op, itemBefore(id), photos);
    },
  );
}

/**
 * "Remove background" (POST clothes/{id}/cutout): the item shows "Cutting out…" at once, and the
 * wardrobe's revalidation (cutout-poll.ts) brings the cut-out. It needs the server, so it is not
 * queued offline; refused, the item shows what it showed before.
 */
export async function removeBackground(givenId: string): Promise<boolean> {
  const id = resolveId(givenId);
  const before = itemBefore(id)?.cutout;
  changeRecord('clothes', id, (item) => ({ ...item, cutout: 'pending' }));
  const ok = await send(
    async () => {
      const answer = await postCutout(id);
      changeRecord('clothes', id, (item) => mergeAnswer(item, answer));
    },
    null,
    ERROR_TOASTS.updateImage,
    {},
  );
  if (!ok) changeRecord('clothes', id, (item) => applyEdits(item, { cutout: before }));
  return ok;
}

/**
 * "Restore original" (DELETE clothes/{id}/cutout): the item shows its original photo again and
 * its cut-out is gone. Not queued offline: the server holds the original's thumbnail.
 */
export async function restoreOriginal(givenId: string): Promise<boolean> {
  const id = resolveId(givenId);
  return send(
    async () => {
      const answer = await deleteCutout(id);
      changeRecord('clothes', id, (item) => mergeAnswer(item, answer));
    },
    SUCCESS_TOASTS.imageUpdated,
    ERROR_TOASTS.updateImage,
    {},
  );
}

/** Delete (docs/spec.md §4): off every calendar day, then out of the local wardrobe, then the server. */
function deleteRecord(
  kind: Kind,
  givenId: string,
  request: (id: string) => Promise<void>,
  options: ActionOptions,
): Promise<boolean> {
  const id = resolveId(givenId);
  const about = kind === 'clothes' ? itemBefore(id) : undefined;
  change((d) => {
    const { [id]: _removed, ...rest } = d[kind];
    return { ...d, calendar: removeEverywhere(d.calendar, kind, id), [kind]: rest };
  });
  const op: OutboxOp =
    kind === 'clothes' ? { kind: 'deleteItem', id } : { kind: 'deleteOutfit', id };
  return send(
    () => request(id),
    SUCCESS_TOASTS.deleted,
    ERROR_TOASTS.deleteItem,
    options,
    later(op, about),
  );
}

export async function deleteItem(id: string, options: ActionOptions = {}): Promise<boolean> {
  return deleteRecord('clothes', id, deleteItemRequest, options);
}

export async function deleteOutfit(id: string, options: ActionOptions = {}): Promise<boolean> {
  return deleteRecord('outfits', id, deleteOutfitRequest, options);
}

/** Several updates in parallel; failures are only logged (docs/spec.md §8). Answers how many succeeded. */
export async function batchUpdateItems(
  batch: { id: string; updates: ItemUpdate }[],
): Promise<number> {
  const results = await Promise.all(
    batch.map(({ id, updates }) => updateItem(id, updates, { quiet: true })),
  );
  return results.filter(Boolean).length;
}
