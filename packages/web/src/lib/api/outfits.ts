import {
  canvasEntryToWire,
  outfitUpdatesToWire,
  type CanvasEntry,
  type EditableOutfitField,
  type Outfit,
  type OutfitStatus,
  type Patch,
} from '@hanger/domain';
import { parseAnswer } from './answers';
import { api } from './transport';

/** The outfit calls of docs/spec.md §7: POST outfit (new or over an id), PATCH and DELETE outfits/{id}. */

export interface OutfitInput {
  image: Blob;
  canvasData: CanvasEntry[];
  /** Saves over this outfit instead of creating one. */
  id?: string;
  status?: OutfitStatus;
}

export type OutfitUpdate = Partial<Pick<Outfit, EditableOutfitField>>;

const path = (id: string) => `/outfits/${encodeURIComponent(id)}`;

/**
 * `idempotencyKey` (1–100 of `A-Za-z0-9_.:-`) goes as the Idempotency-Key header of a new outfit:
 * sent again after a lost answer, the server answers the outfit it made (ignored with `id`).
 */
export async function postOutfit(input: OutfitInput, idempotencyKey?: string): Promise<Outfit> {
  const body = new FormData();
  body.set('image', input.image, 'outfit.jpg');
  body.set('canvas_data', JSON.stringify(input.canvasData.map(canvasEntryToWire)));
  if (input.id) body.set('id', input.id);
  if (input.status) body.set('status', input.status);
  const headers = idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined;
  return parseAnswer(api.post('/outfit', { body, headers }), (p) => p.parseOutfitAnswer);
}

export async function patchOutfit(id: string, updates: OutfitUpdate): Promise<Patch<Outfit>> {
  const body = new FormData();
  body.set('updates', JSON.stringify(outfitUpdatesToWire(updates)));
  return parseAnswer(api.patch(path(id), { body }), (p) => p.parseOutfitPatchAnswer);
}

export async function deleteOutfitRequest(id: string): Promise<void> {
  await api.delete(path(id));
}

/** PATCH outfits (Select many, docs/select-many.md): `updates` on every outfit of `ids`. */
export async function patchOutfits(ids: readonly string[], updates: OutfitUpdate): Promise<void> {
  const body = new FormData();
  body.set('ids', JSON.stringify(ids));
  body.set('updates', JSON.stringify(outfitUpdatesToWire(updates)));
  await api.patch('/outfits', { body });
}

/** DELETE outfits (Select many): every outfit of `ids`, all or nothing. */
export async function deleteOutfitsRequest(ids: readonly string[]): Promise<void> {
  const body = new FormData();
  body.set('ids', JSON.stringify(ids));
  await api.delete('/outfits', { body });
}
