import type { WireWardrobe } from '@hanger/domain';
import { expect } from 'vitest';
import type { ApiUser } from './helpers/api.js';

/** Helpers of the export/import suites (kept beside them; not a test file). */

export interface ExportLinkAnswer {
  url: string;
  expires_at: string;
  bytes: number | null;
}

export async function requestExport(user: ApiUser): Promise<ExportLinkAnswer> {
  const response = await user.fetch('/api/export', { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as ExportLinkAnswer;
}

/** POST /api/export, then the download without any Authorization header, as a browser does. */
export async function downloadExport(
  user: ApiUser,
): Promise<{ zip: Buffer; link: ExportLinkAnswer; response: Response }> {
  const link = await requestExport(user);
  const response = await fetch(`${user.baseUrl}${link.url}`);
  expect(response.status).toBe(200);
  const zip = Buffer.from(await response.arrayBuffer());
  return { zip, link, response };
}

export function uploadImport(user: ApiUser, zip: Buffer, field = 'archive'): Promise<Response> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'export.zip');
  return user.fetch('/api/imports', { method: 'POST', body: form });
}

export interface ImportStatusAnswer {
  id: string;
  state: string;
  done: number;
  total: number;
  error?: string;
  result?: {
    items: number;
    outfits: number;
    calendar_days: number;
    skipped: number;
    /** A spreadsheet's refused rows left out. */
    refused_skipped?: number;
  };
}

export async function waitForImport(user: ApiUser, id: string): Promise<ImportStatusAnswer> {
  for (let i = 0; i < 600; i++) {
    const response = await user.get(`/api/imports/${id}`);
    expect(response.status).toBe(200);
    const status = (await response.json()) as ImportStatusAnswer;
    if (status.state === 'done' || status.state === 'failed') return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

/** Upload, commit, wait: the whole import as the Profile screen runs it. */
export async function importZip(user: ApiUser, zip: Buffer) {
  const upload = await uploadImport(user, zip);
  const text = await upload.text();
  expect(upload.status, text).toBe(200);
  const preview = JSON.parse(text) as {
    id: string;
    items: number;
    outfits: number;
    calendar_days: number;
    photos: number;
    already_imported: { items: number; outfits: number };
  };
  const commit = await user.fetch(`/api/imports/${preview.id}/commit`, { method: 'POST' });
  expect(commit.status).toBe(202);
  expect(await commit.json()).toEqual({ id: preview.id, state: 'running' });
  const status = await waitForImport(user, preview.id);
  return { preview, status };
}

/**
 * GET /api/users with ids replaced by stable names and photo links removed, so that two accounts
 * holding the same wardrobe compare equal. Items are named by their content (the suites give
 * every item a distinct brand), outfits by creation time and canvas.
 */
export function canonical(wardrobe: WireWardrobe): unknown {
  const itemName = new Map<string, string>();
  const items = Object.values(wardrobe.clothes)
    .map((item) => {
      const { id, image, thumbnail, ...rest } = item;
      void image;
      void thumbnail;
      return { id, rest, key: JSON.stringify(rest) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  items.forEach((item, i) => itemName.set(item.id, `item-${i}`));
  const outfitName = new Map<string, string>();
  const outfits = Object.values(wardrobe.outfits)
    .map((outfit) => {
      const { id, image, thumbnail, canvas_data, ...rest } = outfit;
      void image;
      void thumbnail;
      const canvas = canvas_data.map((e) => ({ ...e, clothing_id: itemName.get(e.clothing_id) }));
      const value = { ...rest, canvas_data: canvas };
      return { id, value, key: JSON.stringify(value) };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  outfits.forEach((outfit, i) => outfitName.set(outfit.id, `outfit-${i}`));
  const calendar = Object.fromEntries(
    Object.entries(wardrobe.calendar).map(([day, entry]) => [
      day,
      {
        clothes: entry.clothes.map((id) => itemName.get(id)),
        outfits: entry.outfits.map((id) => outfitName.get(id)),
        display_item: entry.display_item
          ? (itemName.get(entry.display_item) ?? outfitName.get(entry.display_item))
          : undefined,
      },
    ]),
  );
  return {
    clothes: items.map((i) => i.rest),
    outfits: outfits.map((o) => o.value),
    calendar,
  };
}
