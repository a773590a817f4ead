import type { ClothingItem, Outfit, Patch } from '@hanger/domain';
import {
  deleteItemRequest,
  deleteItemsRequest,
  patchItem,
  patchItemImage,
  patchItems,
  postItem,
} from '../api/clothes';
import { deleteCalendarEntry, putCalendarDay } from '../api/calendar';
import {
  deleteOutfitRequest,
  deleteOutfitsRequest,
  patchOutfit,
  patchOutfits,
  postOutfit,
} from '../api/outfits';
import { postNotThis } from '../api/suggestions';
import { ApiError } from '../api/transport';
import { fetchRecordIds } from '../api/users';
import { sendCollectionChange } from '../api/collections';
import type { OutboxOp } from './ops';

/** What the server answered to an operation, for the local copy. */
export type SendAnswer =
  { created: ClothingItem | Outfit } | { patch: Patch<ClothingItem> | Patch<Outfit> } | null;

export class MissingPhotoError extends Error {
  constructor(key: string) {
    super(`The photo ${key} of a waiting change is gone from this device`);
    this.name = 'MissingPhotoError';
  }
}

/** Sends one operation with the ordinary API calls (docs/spec.md §7). */
export async function sendOp(
  op: OutboxOp,
  photo: (key: string) => Promise<Blob | undefined>,
): Promise<SendAnswer> {
  const blob = async (key: string) => {
    const found = await photo(key);
    if (!found) throw new MissingPhotoError(key);
    return found;
  };
  switch (op.kind) {
    case 'createItem':
      // The entry's temporary id is the create's key on every attempt: a repeat whose first
      // answer was lost gets the item made the first time.
      return { created: await postItem(op.fields, await blob(op.photo), op.id) };
    case 'updateItem':
      return { patch: await patchItem(op.id, op.updates) };
    case 'updateItemImage':
      return {
        patch: await patchItemImage(
          op.id,
          op.photo === undefined ? null : await blob(op.photo),
          op.cutout === undefined ? undefined : await blob(op.cutout),
        ),
      };
    case 'deleteItem':
      await deleteItemRequest(op.id);
      return null;
    case 'saveOutfit':
      return {
        created: await postOutfit(
          {
            image: await blob(op.photo),
            canvasData: op.canvasData,
            ...(op.isNew ? {} : { id: op.id }),
            ...(op.status ? { status: op.status } : {}),
          },
          op.isNew ? op.id : undefined,
        ),
      };
    case 'updateOutfit':
      return { patch: await patchOutfit(op.id, op.updates) };
    case 'deleteOutfit':
      await deleteOutfitRequest(op.id);
      return null;
    case 'calendarAdd':
      await putCalendarDay(op.day, { clothes: op.clothes, outfits: op.outfits });
      return null;
    case 'calendarStar':
      await putCalendarDay(op.day, { displayItem: op.displayItem ?? '' });
      return null;
    case 'calendarRemove':
      await deleteCalendarEntry(op.day, op.id, op.type);
      return null;
    // One batch call each, all or nothing on the server (docs/select-many.md); the local copy
    // has the change already, and the next sync brings the server's own.
    // A record deleted meanwhile (on another device) is left out and the rest is sent.
    case 'updateItems':
      await onWhatRemains('clothes', op.ids, (ids) => patchItems(ids, op.updates));
      return null;
    case 'deleteItems':
      await onWhatRemains('clothes', op.ids, deleteItemsRequest);
      return null;
    case 'updateOutfits':
      await onWhatRemains('outfits', op.ids, (ids) => patchOutfits(ids, op.updates));
      return null;
    case 'deleteOutfits':
      await onWhatRemains('outfits', op.ids, deleteOutfitsRequest);
      return null;
    case 'suggestionFeedback':
      // Sending the same set again only sets its 30 days again: a repeat after a lost answer is fine.
      await postNotThis(op.itemIds);
      return null;
    case 'collection':
      // Every change is idempotent (a create repeats under its id): a repeat is fine.
      await sendCollectionChange(op.change);
      return null;
  }
}

/** How many times a batch call is sent again without the records found gone meanwhile. */
const REMAINS_ATTEMPTS = 3;

/**
 * A batch call (docs/select-many.md, "Records deleted meanwhile"). The server refuses the whole
 * call (404) when one id is not the account's, and a record deleted since the change was made (on
 * another device, or by this one's earlier attempt whose answer was lost) is not the account's any
 * more. What the user asked for is still meant for the rest: the server's list of the account's
 * records is read, the ids no longer in it are left out (a delete of them is done; a change to
 * them has nothing left to change) and the call goes again with the others; with none left it is
 * done. The server is not asked to trust anything: an id of another account is never in the list,
 * and a call naming one is refused whole as before.
 */
export async function onWhatRemains(
  kind: 'clothes' | 'outfits',
  ids: readonly string[],
  call: (ids: readonly string[]) => Promise<unknown>,
): Promise<void> {
  let left = ids;
  for (let attempt = 1; ; attempt++) {
    try {
      await call(left);
      return;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404) || attempt === REMAINS_ATTEMPTS)
        throw err;
      const held = await fetchRecordIds(kind);
      const rest = left.filter((id) => held.has(id));
      // Every record is there: the refusal is not about records gone; it stands.
      if (rest.length === left.length) throw err;
      if (rest.length === 0) return;
      left = rest;
    }
  }
}
