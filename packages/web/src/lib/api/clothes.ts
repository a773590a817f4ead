import {
  itemUpdatesToWire,
  type ClothingItem,
  type EditableItemField,
  type Patch,
} from '@hanger/domain';
import { parseAnswer } from './answers';
import { api } from './transport';

/** The clothes calls of docs/spec.md §7: POST clothes, PATCH clothes/{id} (and its image), DELETE. */

export type NewItemInput = Pick<ClothingItem, 'category' | 'status'> &
  Partial<Pick<ClothingItem, EditableItemField>>;

export type ItemUpdate = Partial<Pick<ClothingItem, EditableItemField>>;

const path = (id: string) => `/clothes/${encodeURIComponent(id)}`;

/**
 * `idempotencyKey` (1–100 of `A-Za-z0-9_.:-`, e.g. an outbox entry's id) goes as the
 * Idempotency-Key header: sent again after a lost answer, the server answers the item it made.
 */
export async function postItem(
  fields: NewItemInput,
  image: Blob,
  idempotencyKey?: string,
): Promise<ClothingItem> {
  const body = new FormData();
  body.set('image', image, image instanceof File ? image.name : 'photo');
  for (const [key, value] of Object.entries(itemUpdatesToWire(fields))) {
    if (value !== '') body.set(key, String(value));
  }
  const headers = idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined;
  return parseAnswer(api.post('/clothes', { body, headers }), (p) => p.parseItemAnswer);
}

/** Sends the `updates` JSON (docs/spec.md §5: undefined as ""); answers the fields the server changed. */
export async function patchItem(id: string, updates: ItemUpdate): Promise<Patch<ClothingItem>> {
  const body = new FormData();
  body.set('updates', JSON.stringify(itemUpdatesToWire(updates)));
  return parseAnswer(api.patch(path(id), { body }), (p) => p.parseItemPatchAnswer);
}

/**
 * docs/spec.md §7: the edited photo goes up as a PNG file named edited-image. With `cutout` (a PNG
 * with alpha, the photo's pixel size) the edited cut-out goes with it, or alone when `png` is null:
 * docs/cutouts.md says what the server keeps in each case.
 */
export async function patchItemImage(
  id: string,
  png: Blob | null,
  cutout?: Blob,
): Promise<Patch<ClothingItem>> {
  const body = new FormData();
  if (png) body.set('image', new File([png], 'edited-image', { type: 'image/png' }));
  if (cutout) body.set('cutout', new File([cutout], 'edited-cutout', { type: cutout.type }));
  return parseAnswer(api.patch(`${path(id)}/image`, { body }), (p) => p.parseItemPatchAnswer);
}

/** POST clothes/{id}/cutout ("Remove background"): answers `{ cutout: 'pending' }`. */
export async function postCutout(id: string): Promise<Patch<ClothingItem>> {
  return parseAnswer(api.post(`${path(id)}/cutout`), (p) => p.parseItemPatchAnswer);
}

/** DELETE clothes/{id}/cutout ("Restore original"): answers the original's URLs, cutout null. */
export async function deleteCutout(id: string): Promise<Patch<ClothingItem>> {
  return parseAnswer(api.delete(`${path(id)}/cutout`), (p) => p.parseItemPatchAnswer);
}

export async function deleteItemRequest(id: string): Promise<void> {
  await api.delete(path(id));
}

/**
 * PATCH clothes (Select many, docs/select-many.md): the same `updates` on every item of `ids`, all
 * or nothing. Answers nothing the caller needs: the local copy has the change already.
 */
export async function patchItems(ids: readonly string[], updates: ItemUpdate): Promise<void> {
  const body = new FormData();
  body.set('ids', JSON.stringify(ids));
  body.set('updates', JSON.stringify(itemUpdatesToWire(updates)));
  await api.patch('/clothes', { body });
}

/** DELETE clothes (Select many): every item of `ids`, all or nothing. */
export async function deleteItemsRequest(ids: readonly string[]): Promise<void> {
  const body = new FormData();
  body.set('ids', JSON.stringify(ids));
  await api.delete('/clothes', { body });
}
