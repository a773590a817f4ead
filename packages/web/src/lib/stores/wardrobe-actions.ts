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

/** Replaces one item through `fn`, when it is still in the wardrobe. */
function changeItem(id: string, fn: (item: ClothingItem) => ClothingItem): void {
  change((d) => {
    const item = d.clothes[id];
    return item ? { ...d, clothes: { ...d.clothes, [id]: fn(item) } } : d;
  });
}

function changeOutfit(id: string, fn: (outfit: Outfit) => Outfit): void {
  change((d) => {
    const outfit = d.outfits[id];
    return outfit ? { ...d, outfits: { ...d.outfits, [id]: fn(outfit) } } : d;
  });
}

function putOutfit(outfit: Outfit): void {
  change((d) => ({ ...d, outfits: { ...d.outfits, [outfit.id]: outfit } }));
}

/** GET users: the whole wardrobe replaces the local copy. */
export async function loadWardrobe(options: ActionOptions = {}): Promise<boolean> {
  try {
    useWardrobeStore.getState().setData(await fetchWardrobe());
    return true;
  } catch (err) {
    fail(ERROR_TOASTS.loadWardrobe, err, options.quiet);
    return false;
  }
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
  try {
    const outfit = await postOutfit({ ...input, canvasData, status });
    putOutfit(outfit);
    if (!options.quiet) toast.success(SUCCESS_TOASTS.outfitCreated);
    const scales = [...itemScalesFromCanvas(canvasData)]
      .filter(([id, scale]) => clothes[id] && clothes[id].scale !== scale)
      .map(([id, scale]) => ({ id, updates: { scale } }));
    void batchUpdateItems(scales);
    return outfit;
  } catch (err) {
    fail(ERROR_TOASTS.uploadOutfit, err, options.quiet);
    return null;
  }
}

/** PATCH clothes/{id}: optimistic, then the answer's fields merged in. */
export async function updateItem(
  id: string,
  updates: ItemUpdate,
  options: ActionOptions = {},
): Promise<boolean> {
  changeItem(id, (item) => applyEdits<ClothingItem>(item, updates));
  try {
    const answer = await patchItem(id, updates);
    changeItem(id, (item) => mergeAnswer(item, answer));
    if (!options.quiet) toast.success(SUCCESS_TOASTS.itemUpdated);
    return true;
  } catch (err) {
    fail(ERROR_TOASTS.updateItem, err, options.quiet);
    return false;
  }
}

/** PATCH outfits/{id}: optimistic, then the answer's fields merged in. */
export async function updateOutfit(
  id: string,
  updates: OutfitUpdate,
  options: ActionOptions = {},
): Promise<boolean> {
  changeOutfit(id, (outfit) => applyEdits<Outfit>(outfit, updates));
  try {
    const answer = await patchOutfit(id, updates);
    changeOutfit(id, (outfit) => mergeAnswer(outfit, answer));
    if (!options.quiet) toast.success(SUCCESS_TOASTS.itemUpdated);
    return true;
  } catch (err) {
    fail(ERROR_TOASTS.updateItem, err, options.quiet);
    return false;
  }
}

/** PATCH clothes/{id}/image with the edited PNG; the new photo URLs come from the answer. */
export async function updateItemImage(
  id: string,
  png: Blob,
  options: ActionOptions = {},
): Promise<boolean> {
  try {
    const answer = await patchItemImage(id, png);
    if (answer.image) {
      changeItem(id, (item) => mergeAnswer(item, answer));
    } else {
      // The answer is not specified (SPEC §7): read the item's new photo URLs from the wardrobe.
      await loadWardrobe({ quiet: true });
    }
    if (!options.quiet) toast.success(SUCCESS_TOASTS.imageUpdated);
    return true;
  } catch (err) {
    fail(ERROR_TOASTS.updateImage, err, options.quiet);
    return false;
  }
}

/** Delete (SPEC §4): off every calendar day, then out of the local wardrobe, then the server. */
export async function deleteItem(id: string, options: ActionOptions = {}): Promise<boolean> {
  change((d) => {
    const { [id]: _removed, ...clothes } = d.clothes;
    return { ...d, calendar: removeEverywhere(d.calendar, 'clothes', id), clothes };
  });
  try {
    await deleteItemRequest(id);
    if (!options.quiet) toast.success(SUCCESS_TOASTS.deleted);
    return true;
  } catch (err) {
    fail(ERROR_TOASTS.deleteItem, err, options.quiet);
    return false;
  }
}

export async function deleteOutfit(id: string, options: ActionOptions = {}): Promise<boolean> {
  change((d) => {
    const { [id]: _removed, ...outfits } = d.outfits;
    return { ...d, calendar: removeEverywhere(d.calendar, 'outfits', id), outfits };
  });
  try {
    await deleteOutfitRequest(id);
    if (!options.quiet) toast.success(SUCCESS_TOASTS.deleted);
    return true;
  } catch (err) {
    fail(ERROR_TOASTS.deleteItem, err, options.quiet);
    return false;
  }
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
