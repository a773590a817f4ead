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

/** Sends one operation with the ordinary API calls (SPEC §7). */
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
    case 'updateItems':
      await patchItems(op.ids, op.updates);
      return null;
    case 'deleteItems':
      await deleteItemsRequest(op.ids);
      return null;
    case 'updateOutfits':
      await patchOutfits(op.ids, op.updates);
      return null;
    case 'deleteOutfits':
      await deleteOutfitsRequest(op.ids);
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
