import {
  ERROR_TOASTS,
  SUCCESS_TOASTS,
  itemScalesFromCanvas,
  keepExistingEntries,
  outfitStatusForItems,
  removeEverywhere,
  withoutNulls,
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
import { toast } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Wardrobe changes with the behaviour of SPEC §4: the local copy changes first (optimistic) and
 * is never rolled back; a failure shows the catalogue's message under the action's error title.
 * Requests aborted for want of a user stay silent (the api client already warned).
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

/** Local edit: a field set to undefined is removed, like the server clearing it. */
function applyEdits<T extends object>(record: T, edits: Partial<T>): T {
  const next = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(edits)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

/** A server answer merged in; null fields are removed from the record (SPEC §5). */
function mergeAnswer<T extends object>(record: T, answer: Patch<T>): T {
  return withoutNulls({ ...record, ...answer } as Record<string, unknown>) as T;
}

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

/** One server call: its success toast, or its failure under `failure` (both unless quiet). */
async function send(
  call: () => Promise<unknown>,
  success: string | null,
  failure: string,
  options: ActionOptions,
): Promise<boolean> {
  try {
    await call();
    if (success && !options.quiet) toast.success(success);
    return true;
  } catch (err) {
    fail(failure, err, options.quiet);
    return false;
  }
}

/** GET users: the whole wardrobe replaces the local copy. */
export async function loadWardrobe(options: ActionOptions = {}): Promise<boolean> {
  return send(
    async () => useWardrobeStore.getState().setData(await fetchWardrobe()),
    null,
    ERROR_TOASTS.loadWardrobe,
    options,
  );
}

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
  await send(
    async () => {
      const outfit = await postOutfit({ ...input, canvasData, status });
      change((d) => ({ ...d, outfits: { ...d.outfits, [outfit.id]: outfit } }));
      saved = outfit;
    },
    SUCCESS_TOASTS.outfitCreated,
    ERROR_TOASTS.uploadOutfit,
    options,
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
  id: string,
  updates: Partial<Records[K]>,
  patch: (id: string, updates: Partial<Records[K]>) => Promise<Patch<Records[K]>>,
  options: ActionOptions,
): Promise<boolean> {
  changeRecord(kind, id, (record) => applyEdits(record, updates));
  return send(
    async () => {
      const answer = await patch(id, updates);
      changeRecord(kind, id, (record) => mergeAnswer(record, answer));
    },
    SUCCESS_TOASTS.itemUpdated,
    ERROR_TOASTS.updateItem,
    options,
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
  id: string,
  png: Blob,
  options: ActionOptions = {},
): Promise<boolean> {
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
  );
}

/** Delete (SPEC §4): off every calendar day, then out of the local wardrobe, then the server. */
function deleteRecord(
  kind: Kind,
  id: string,
  request: (id: string) => Promise<void>,
  options: ActionOptions,
): Promise<boolean> {
  change((d) => {
    const { [id]: _removed, ...rest } = d[kind];
    return { ...d, calendar: removeEverywhere(d.calendar, kind, id), [kind]: rest };
  });
  return send(() => request(id), SUCCESS_TOASTS.deleted, ERROR_TOASTS.deleteItem, options);
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
