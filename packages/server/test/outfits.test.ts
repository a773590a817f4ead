import type { WireItem } from '@hanger/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import {
  absolute,
  canvasEntry,
  photo,
  testJpeg,
  type ApiUser,
  type FieldValue,
} from './helpers/api.js';

describe.each(ENGINES)('outfits on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let shirt: WireItem;
  let jeans: WireItem;
  let wished: WireItem;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    shirt = await user.addItem({ category: 'top' });
    jeans = await user.addItem({ category: 'bottom', scale: '2' });
    wished = await user.addItem({ category: 'shoes', status: 'wishlist' });
  });
  afterAll(() => t?.close());

  const canvas = (...ids: string[]) => JSON.stringify(ids.map((id, i) => canvasEntry(id, i)));
  const outfitImage = async () => photo(await testJpeg({ width: 72, height: 108 }), 'outfit.jpg');

  it('creates an outfit with its canvas, and remembers each item’s scale', async () => {
    const entries = [
      { clothing_id: shirt.id, x: 100, y: 120, scale: 0.8, rotation: 15, locked: true },
      { clothing_id: jeans.id, x: 300, y: 600, scale: 1.25, rotation: -5 },
    ];
    const response = await user.send('POST', '/api/outfit', {
      image: await outfitImage(),
      canvas_data: JSON.stringify(entries),
    });
    expect(response.status).toBe(201);
    const outfit = (await response.json()) as Record<string, unknown>;
    expect(outfit).toMatchObject({
      status: 'outfits',
      canvas_data: [
        { clothing_id: shirt.id, x: 100, y: 120, scale: 0.8, rotation: 15 },
        { clothing_id: jeans.id, x: 300, y: 600, scale: 1.25, rotation: -5 },
      ],
    });
    // `locked` is the composer's own business.
    expect((outfit.canvas_data as object[])[0]).not.toHaveProperty('locked');

    const wardrobe = await user.wardrobe();
    expect(wardrobe.outfits[outfit.id as string]).toEqual(outfit);
    expect(wardrobe.clothes[shirt.id]!.scale).toBe(0.8);
    expect(wardrobe.clothes[jeans.id]!.scale).toBe(1.25);
    const image = await fetch(absolute(t.baseUrl, outfit.image as string));
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('puts an outfit with any wishlist item on the wishlist, whatever status was asked for', async () => {
    const outfit = await user.addOutfit([shirt.id, wished.id], { status: 'outfits' });
    expect(outfit.status).toBe('wishlist');
    const archived = await user.addOutfit([shirt.id], { status: 'archived' });
    expect(archived.status).toBe('archived');
  });

  it('keeps only entries for items that exist', async () => {
    const outfit = await user.addOutfit([shirt.id, 'no-such-item', jeans.id]);
    expect(outfit.canvas_data.map((e) => e.clothing_id)).toEqual([shirt.id, jeans.id]);
  });

  it('refuses an item placed twice, on a new outfit or a changed one, and keeps what was saved', async () => {
    const original = await user.addOutfit([shirt.id, jeans.id]);
    const before = await user.wardrobe();
    const filesBefore = await t.mediaFiles();
    const detail =
      `Invalid input: canvas_data.2.clothing_id: Item "${shirt.id}" is on the canvas twice: ` +
      "each item can be on an outfit's canvas once";
    for (const id of [undefined, original.id]) {
      const response = await user.send('POST', '/api/outfit', {
        ...(id ? { id } : {}),
        image: await outfitImage(),
        canvas_data: canvas(shirt.id, jeans.id, shirt.id),
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ detail });
    }
    expect(await user.wardrobe()).toEqual(before);
    expect(await t.mediaFiles()).toEqual(filesBefore);
  });

  it('replaces an existing outfit’s image and canvas when given its id', async () => {
    const original = await user.addOutfit([shirt.id, wished.id]);
    expect(original.status).toBe('wishlist');
    const filesBefore = await t.mediaFiles();

    const response = await user.send('POST', '/api/outfit', {
      id: original.id,
      image: await outfitImage(),
      canvas_data: canvas(jeans.id),
    });
    expect(response.status).toBe(200);
    const replaced = (await response.json()) as Record<string, unknown>;
    expect(replaced.id).toBe(original.id);
    expect(replaced.date_created).toBe(original.date_created);
    expect(replaced.image).not.toBe(original.image);
    // No wishlist item is left, so the outfit leaves the wishlist.
    expect(replaced.status).toBe('outfits');
    expect(replaced.canvas_data).toEqual([canvasEntry(jeans.id, 0)]);

    expect((await user.wardrobe()).outfits[original.id]).toEqual(replaced);
    expect(await t.mediaFiles()).toHaveLength(filesBefore.length);
    expect((await fetch(absolute(t.baseUrl, original.image))).status).toBe(404);
  });

  it('keeps an archived outfit archived when its canvas is replaced', async () => {
    const outfit = await user.addOutfit([shirt.id], { status: 'archived' });
    const response = await user.send('POST', '/api/outfit', {
      id: outfit.id,
      image: await outfitImage(),
      canvas_data: canvas(shirt.id, jeans.id),
    });
    expect(((await response.json()) as { status: string }).status).toBe('archived');
  });

  it.each<[string, () => Promise<Record<string, FieldValue>>]>([
    ['a missing image', async () => ({ canvas_data: canvas('SHIRT') })],
    [
      'unreadable image bytes',
      async () => ({ canvas_data: canvas('SHIRT'), image: photo(Buffer.from('nope')) }),
    ],
    ['a missing canvas', async () => ({ image: await outfitImage() })],
    [
      'malformed canvas JSON',
      async () => ({ canvas_data: '[{"clothing_id":', image: await outfitImage() }),
    ],
    ['an empty canvas', async () => ({ canvas_data: '[]', image: await outfitImage() })],
    [
      'a canvas entry without coordinates',
      async () => ({
        canvas_data: JSON.stringify([{ clothing_id: 'SHIRT' }]),
        image: await outfitImage(),
      }),
    ],
    [
      'the same item twice on the canvas',
      async () => ({ canvas_data: canvas('SHIRT', 'SHIRT'), image: await outfitImage() }),
    ],
    [
      'a canvas of items that do not exist',
      async () => ({ canvas_data: canvas('gone-1', 'gone-2'), image: await outfitImage() }),
    ],
    [
      'an unknown status',
      async () => ({ canvas_data: canvas('SHIRT'), status: 'clothes', image: await outfitImage() }),
    ],
  ])('refuses %s with 422 and leaves nothing behind', async (_name, fields) => {
    const before = await user.wardrobe();
    const filesBefore = await t.mediaFiles();
    const body = await fields();
    if (typeof body.canvas_data === 'string')
      body.canvas_data = body.canvas_data.replaceAll('SHIRT', shirt.id);
    const response = await user.send('POST', '/api/outfit', body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect(await user.wardrobe()).toEqual(before);
    expect(await t.mediaFiles()).toEqual(filesBefore);
  });

  it('refuses two photos in one request with 422, one photo per outfit', async () => {
    const before = await user.wardrobe();
    const filesBefore = await t.mediaFiles();
    const jpeg = await testJpeg({ width: 72, height: 108 });
    const body = new FormData();
    body.append('canvas_data', canvas(shirt.id));
    for (const name of ['one.jpg', 'two.jpg'])
      body.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
    const response = await user.fetch('/api/outfit', { method: 'POST', body });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      detail:
        'One photo per outfit: the form holds more than one file; send a single one in field "image"',
    });
    expect(await user.wardrobe()).toEqual(before);
    expect(await t.mediaFiles()).toEqual(filesBefore);
  });

  it('answers 404 for replacing an outfit that does not exist, and stores nothing', async () => {
    const filesBefore = await t.mediaFiles();
    const response = await user.send('POST', '/api/outfit', {
      id: 'no-such-outfit',
      image: await outfitImage(),
      canvas_data: canvas(shirt.id),
    });
    expect(response.status).toBe(404);
    expect(await t.mediaFiles()).toEqual(filesBefore);
  });

  describe('PATCH outfits/{id}', () => {
    it('sets and clears fields and answers the changed ones', async () => {
      const outfit = await user.addOutfit([shirt.id]);
      const set = await user.send('PATCH', `/api/outfits/${outfit.id}`, {
        updates: JSON.stringify({ status: 'archived', manual_times_worn: 2 }),
      });
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ status: 'archived', manual_times_worn: 2 });
      expect((await user.wardrobe()).outfits[outfit.id]).toMatchObject({
        status: 'archived',
        manual_times_worn: 2,
      });

      const cleared = await user.send('PATCH', `/api/outfits/${outfit.id}`, {
        updates: JSON.stringify({ status: '', manual_times_worn: '' }),
      });
      expect(await cleared.json()).toEqual({ status: null, manual_times_worn: null });
      const stored = (await user.wardrobe()).outfits[outfit.id]!;
      expect(stored.status).toBeUndefined();
      expect(stored.manual_times_worn).toBeUndefined();
    });

    it.each([
      ['malformed JSON', '{'],
      ['an unknown status', JSON.stringify({ status: 'loaned' })],
      ['a canvas change', JSON.stringify({ canvas_data: [] })],
      ['negative wears', JSON.stringify({ manual_times_worn: -1 })],
    ])('refuses %s with 422 and changes nothing', async (_name, updates) => {
      const outfit = await user.addOutfit([shirt.id]);
      const before = await user.wardrobe();
      const response = await user.send('PATCH', `/api/outfits/${outfit.id}`, { updates });
      expect(response.status).toBe(422);
      expect(await user.wardrobe()).toEqual(before);
    });

    it('answers 404 for an outfit that does not exist', async () => {
      const response = await user.send('PATCH', '/api/outfits/missing', {
        updates: '{"status":"archived"}',
      });
      expect(response.status).toBe(404);
    });
  });

  it('deletes an outfit and its photos, then answers 404', async () => {
    const outfit = await user.addOutfit([shirt.id]);
    const filesBefore = await t.mediaFiles();
    expect((await user.fetch(`/api/outfits/${outfit.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await user.wardrobe()).outfits[outfit.id]).toBeUndefined();
    expect((await user.wardrobe()).clothes[shirt.id]).toBeDefined();
    expect(await t.mediaFiles()).toHaveLength(filesBefore.length - 2);
    expect((await user.fetch(`/api/outfits/${outfit.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
