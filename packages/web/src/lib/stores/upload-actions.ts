import {
  ERROR_TOASTS,
  NEW_ITEM_MISSING_MESSAGES,
  SUCCESS_TOASTS,
  missingNewItemFields,
  type ClothingItem,
} from '@hanger/domain';
import { postItem, type NewItemInput } from '../api/clothes';
import { NoUserError, toCatalogueError } from '../api/transport';
import { newTempId } from '../outbox/records';
import { isNetworkFailure, noteNetworkFailure, noteReachable } from '../outbox/state';
import { loadOutbox } from '../outbox/port';
import { toast } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Several photos at once (the upload page): each photo becomes its own item with the same
 * fields. Photos go up one after another so that the progress of each is honest and the items
 * are created in the order they were chosen (the default sort is by date created).
 */

export type PhotoUploadState = 'waiting' | 'uploading' | 'added' | 'failed';

export interface PhotoUploadProgress {
  index: number;
  state: PhotoUploadState;
  /** The catalogue's message (docs/spec.md §8) when the photo failed. */
  error?: string;
}

export interface UploadOutcome {
  added: ClothingItem[];
  /** Indexes of the photos that did not become items. */
  failed: number[];
}

/**
 * Keeps a new item on this device until it can be sent: shown at once under a temporary id, its
 * photo stored in IndexedDB with the queued create.
 */
async function addLater(
  fields: NewItemInput,
  photo: Blob,
  id: string = newTempId(),
): Promise<ClothingItem> {
  const url = (await loadOutbox()).showPhoto(id, photo);
  const item = {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    id,
    image: url,
    thumbnail: url,
    dateCreated: new Date().toISOString(),
  } as ClothingItem;
  useWardrobeStore.getState().update((d) => ({ ...d, clothes: { ...d.clothes, [id]: item } }));
  const label = (item.brand ? `${item.category} (${item.brand})` : item.category).replace(
    /_/g,
    ' ',
  );
  await (
    await loadOutbox()
  ).enqueue(
    { kind: 'createItem', id, fields, photo: id, item },
    label.charAt(0).toUpperCase() + label.slice(1),
    {
      [id]: photo,
    },
  );
  return item;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * POST clothes for each photo. The requirements of docs/spec.md §5 are checked first: nothing is
 * sent when a photo, the category or the status is missing. One toast sums up the batch: 'Clothing
 * item added', and 'Clothing upload failed' with the reason when any photo failed.
 */
export async function uploadItems(
  fields: NewItemInput,
  photos: readonly Blob[],
  onProgress: (progress: PhotoUploadProgress) => void = () => undefined,
): Promise<UploadOutcome> {
  const missing = missingNewItemFields({
    imageCount: photos.length,
    category: fields.category,
    status: fields.status,
  });
  if (missing.length > 0) {
    toast.error(
      ERROR_TOASTS.uploadItem,
      missing.map((m) => NEW_ITEM_MISSING_MESSAGES[m]).join(' '),
    );
    return { added: [], failed: photos.map((_, i) => i) };
  }

  const added: ClothingItem[] = [];
  const failures: { index: number; message: string }[] = [];
  let waiting = 0;
  for (const [index, photo] of photos.entries()) {
    onProgress({ index, state: 'uploading' });
    if (await (await loadOutbox()).mustQueue()) {
      added.push(await addLater(fields, photo));
      waiting += 1;
      onProgress({ index, state: 'added' });
      continue;
    }
    // The key of this create: if its answer is lost, the queued retry sends the same one, and the
    // server answers the item made the first time instead of making another.
    const key = newTempId();
    try {
      const item = await postItem(fields, photo, key);
      noteReachable();
      useWardrobeStore
        .getState()
        .update((d) => ({ ...d, clothes: { ...d.clothes, [item.id]: item } }));
      added.push(item);
      onProgress({ index, state: 'added' });
    } catch (err) {
      if (err instanceof NoUserError)
        return { added, failed: photos.map((_, i) => i).slice(index) };
      if (isNetworkFailure(err)) {
        noteNetworkFailure();
        added.push(await addLater(fields, photo, key));
        waiting += 1;
        onProgress({ index, state: 'added' });
        continue;
      }
      const { message } = toCatalogueError(err);
      failures.push({ index, message });
      onProgress({ index, state: 'failed', error: message });
    }
  }

  if (added.length > 0) {
    const count = photos.length > 1 ? `${plural(added.length, 'item')} added.` : '';
    const later =
      waiting > 0 ? 'Saved on this device; it will be sent when you are back online.' : '';
    toast.success(SUCCESS_TOASTS.itemAdded, [count, later].filter(Boolean).join(' ') || undefined);
  }
  const first = failures[0];
  if (first) {
    const reason =
      photos.length > 1
        ? `${plural(failures.length, 'photo')} of ${photos.length} failed: ${first.message}`
        : first.message;
    toast.error(ERROR_TOASTS.uploadItem, reason);
  }
  return { added, failed: failures.map((f) => f.index) };
}

/**
 * Tag a pile (docs/select-many.md): each photo becomes an item with its own fields, all kept on
 * this device at once (IndexedDB, the outbox) and shown under temporary ids; the outbox uploads
 * them in the background, one after another, so leaving the screen loses none. Answers the
 * temporary ids, in order, to follow their progress (uploadProgress).
 */
export async function queueItems(
  list: readonly { fields: NewItemInput; photo: Blob }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const { fields, photo } of list) ids.push((await addLater(fields, photo)).id);
  if (ids.length > 0)
    toast.success(
      SUCCESS_TOASTS.itemAdded,
      `${plural(ids.length, 'item')} saved. Their photos upload in the background.`,
    );
  return ids;
}

/** How many of the items made offline (`ids`, temporary) are no longer waiting to be sent. */
export function uploadedCount(
  ids: readonly string[],
  waiting: readonly { op: { kind: string; id?: string } }[],
): number {
  const queued = new Set(waiting.flatMap((e) => (e.op.kind === 'createItem' ? [e.op.id] : [])));
  return ids.filter((id) => !queued.has(id)).length;
}
