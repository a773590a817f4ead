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
import { deleteItemRequest, patchItem, patchItemImage, type ItemUpdate } from '../api/clothes';
import {
  deleteOutfitRequest,
  patchOutfit,
  postOutfit,
  type OutfitInput,
  type OutfitUpdate,
} from '../api/outfits';
import { NoUserError, toCatalogueError } from '../api/transport';
import { fetchWardrobe } from '../api/users';
import type { OutboxOp } from '../outbox/ops';
import { applyEdits, mergeAnswer, newTempId } from '../outbox/records';
import {
  isNetworkFailure,
  loadOutbox,
  noteNetworkFailure,
  noteReachable,
  resolveId,
  settledCount,
} from '../outbox/state';
import { toast } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Wardrobe changes with the behaviour of SPEC §4: the local copy changes first (optimistic) and
 * is never rolled back; a failure shows the catalogue's message under the action's error title.
 * Requests aborted for want of a user stay silent (the api client already warned).
 * Offline (or behind changes already waiting) a write goes to the outbox instead of the server:
 * the local change stays and is sent when the connection returns (lib/outbox).
 */

export interface ActionOptions {
  /** No success or error toast (batch work and quiet follow-ups); failures are still logged. */
  quiet?: boolean;
}

function fail(title: string, err: unknown, quiet = false): void {
  if (err instanceof NoUserError) return;
  if (quiet) {
    console.error(`Hanger: ${title}`, err);
    return;
  }
  toast.error(title, toCatalogueError(err).message);
}

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

/**
 * One server call: its success toast, or its failure under `failure` (both unless quiet). With
 * `queue`, a write that must wait (offline, or others waiting) or that fails for want of a network
 * is queued in the outbox instead, and counts as done.
 */
async function send(
  call: () => Promise<unknown>,
  success: string | null,
  failure: string,
  options: ActionOptions,
  queue?: () => Promise<void>,
): Promise<boolean> {
  if (queue && (await (await loadOutbox()).mustQueue())) {
    await queue();
    return true;
  }
  try {
    await call();
    noteReachable();
    if (success && !options.quiet) toast.success(success);
    return true;
  } catch (err) {
    if (isNetworkFailure(err)) {
      noteNetworkFailure();
      if (queue) {
        await queue();
        return true;
      }
    }
    fail(failure, err, options.quiet);
    return false;
  }
}

/**
 * GET users: the whole wardrobe replaces the local copy, with the changes still waiting laid
 * over it. Once it has loaded (the session is confirmed), waiting changes are sent.
 */
export async function loadWardrobe(options: ActionOptions = {}): Promise<boolean> {
  // The outbox (a lazy chunk) loads and reads IndexedDB while the wardrobe is fetched.
  const outbox = loadOutbox()
    .then(async (m) => {
      await m.hydrateOutbox();
      return m;
    })
    .catch((err: unknown) => {
      console.error('Hanger: the outbox could not be loaded', err);
      return undefined;
    });
  const before = settledCount();
  let box: Awaited<typeof outbox> | undefined;
  const ok = await send(
    async () => {
      const data = await fetchWardrobe();
      box = await outbox;
      // A waiting change reached the server meanwhile: this answer may predate it, and the
      // replay syncs again once the queue is empty.
      if (settledCount() !== before) return;
      useWardrobeStore.getState().setData(box ? box.withPendingChanges(data) : data);
    },
    null,
    ERROR_TOASTS.loadWardrobe,
    options,
  );
  if (ok && box && box.useOutbox.getState().entries.length > 0) void box.replayOutbox();
  return ok;
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
 * quietly keeps its canvas scale for the next outfit (SPEC §7).
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

/** PATCH clothes/{id}/image with the edited PNG; the new photo URLs come from the answer. */
export async function updateItemImage(
  givenId: string,
  png: Blob,
  options: ActionOptions = {},
): Promise<boolean> {
  const id = resolveId(givenId);
  return send(
    async () => {
      const answer = await patchItemImage(id, png);
      if (answer.image) changeRecord('clothes', id, (item) => mergeAnswer(item, answer));
      // The answer is not specified (SPEC §7): read the item's new photo URLs from the wardrobe.
      else await loadWardrobe({ quiet: true });
    },
    SUCCESS_TOASTS.imageUpdated,
    ERROR_TOASTS.updateImage,
    options,
    async () => {
      const photo = newTempId();
      const outbox = await loadOutbox();
      const url = outbox.showPhoto(photo, png);
      changeRecord('clothes', id, (item) => ({ ...item, image: url, thumbnail: url }));
      await outbox.enqueue({ kind: 'updateItemImage', id, photo }, itemBefore(id), {
        [photo]: png,
      });
    },
  );
}

/** Delete (SPEC §4): off every calendar day, then out of the local wardrobe, then the server. */
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

/** Several updates in parallel; failures are only logged (SPEC §8). Answers how many succeeded. */
export async function batchUpdateItems(
  batch: { id: string; updates: ItemUpdate }[],
): Promise<number> {
  const results = await Promise.all(
    batch.map(({ id, updates }) => updateItem(id, updates, { quiet: true })),
  );
  return results.filter(Boolean).length;
}
