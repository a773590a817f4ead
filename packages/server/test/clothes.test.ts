import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { absolute, photo, signUp, testJpeg, type ApiUser, type FieldValue } from './helpers/api.js';

/** A tiny PNG whose header declares `width` x `height` pixels: decoding it would need gigabytes. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // IHDR follows the 8-byte signature: length (4), type (4), width (4), height (4), ..., CRC (4).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(ENGINES)('clothes on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    // A small upload limit keeps the over-limit bodies of these tests small.
    t = await startApp(engine, { env: { MAX_UPLOAD_BYTES: String(256 * 1024) } });
    user = await signUp(t);
    await user.putSettings({ subcategories: { top: [{ id: 'tee', name: 'T-shirts' }] } });
  });
  afterAll(() => t?.close());

  const download = async (url: string | null | undefined) => {
    const response = await fetch(absolute(t.baseUrl, url));
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  it('adds an item with every optional field and answers it as GET users will', async () => {
    const response = await user.send('POST', '/api/clothes', {
      image: photo(await testJpeg({ width: 800, height: 600 })),
      category: 'full body',
      status: 'wishlist',
      sub_category_id: '',
      source: 'preloved',
      brand: '  Acme  ',
      date_obtained: '2024-02-29',
      date_archived: '2025-01-31',
      price: '40',
      currency: 'gbp',
      sold_price: '20',
      sold_currency: 'USD',
      manual_times_worn: '3',
      scale: '0.75',
    });
    expect(response.status).toBe(201);
    const item = (await response.json()) as Record<string, unknown>;
    expect(item).toMatchObject({
      category: 'full_body',
      status: 'wishlist',
      source: 'preloved',
      brand: 'Acme',
      date_obtained: '2024-02-29',
      date_archived: '2025-01-31',
      price: 40,
      currency: 'GBP',
      converted_price: 50,
      sold_price: 20,
      sold_currency: 'USD',
      converted_sold_price: 20,
      manual_times_worn: 3,
      scale: 0.75,
    });
    expect(item.sub_category_id).toBeUndefined();
    expect(Date.now() - Date.parse(item.date_created as string)).toBeLessThan(60_000);
    expect((await user.wardrobe()).clothes[item.id as string]).toEqual(item);

    const display = await sharp(await download(item.image as string)).metadata();
    const thumb = await sharp(await download(item.thumbnail as string)).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBeLessThanOrEqual(400);
  });

  it('accepts a subcategory the user has under that category', async () => {
    const item = await user.addItem({ category: 'top', sub_category_id: 'tee' });
    expect(item.sub_category_id).toBe('tee');
  });

  it('re-encodes a GPS-tagged JPEG into photos without any metadata', async () => {
    const original = await testJpeg({ width: 120, height: 90, gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('HangerTestCam')).toBe(true);

    const item = await user.addItem({}, original);
    for (const url of [item.image, item.thumbnail]) {
      const bytes = await download(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes('HangerTestCam')).toBe(false);
      expect(bytes.includes('GPS')).toBe(false);
    }
  });

  describe('bad input is refused and leaves nothing behind', () => {
    const valid = async (): Promise<Record<string, FieldValue>> => ({
      category: 'top',
      status: 'clothes',
      image: photo(await testJpeg()),
    });

    const cases: [string, (f: Record<string, FieldValue>) => void | Promise<void>, number][] = [
      ['a missing image', (f) => void delete f.image, 422],
      ['an empty image file', (f) => void (f.image = photo(Buffer.alloc(0))), 422],
      [
        'bytes that are not an image',
        (f) => void (f.image = photo(Buffer.from('not an image at all'))),
        422,
      ],
      ['a missing category', (f) => void delete f.category, 422],
      ['an unknown category', (f) => void (f.category = 'hats'), 422],
      ['a missing status', (f) => void delete f.status, 422],
      ['an unknown status', (f) => void (f.status = 'sold'), 422],
      ['an impossible date', (f) => void (f.date_obtained = '2023-02-29'), 422],
      ['a date in another format', (f) => void (f.date_obtained = '01/02/2024'), 422],
      ['a negative price', (f) => void (f.price = '-5'), 422],
      ['a price that is not a number', (f) => void (f.price = 'cheap'), 422],
      ['an unknown source', (f) => void (f.source = 'stolen'), 422],
      ['an unknown subcategory', (f) => void (f.sub_category_id = 'nope'), 422],
      [
        "another category's subcategory",
        (f) => void ((f.category = 'shoes'), (f.sub_category_id = 'tee')),
        422,
      ],
      ['a photo in another field', (f) => void ((f.other = f.image!), delete f.image), 422],
      [
        'a photo over MAX_UPLOAD_BYTES',
        (f) => void (f.image = photo(Buffer.alloc(300 * 1024, 1))),
        413,
      ],
      [
        'a body far over MAX_UPLOAD_BYTES',
        (f) => void (f.image = photo(Buffer.alloc(3 * 1024 * 1024, 1))),
        413,
      ],
    ];

    it.each(cases)('%s', async (_name, mutate, status) => {
      const before = await user.wardrobe();
      const filesBefore = await t.mediaFiles();
      const fields = await valid();
      await mutate(fields);
      const response = await user.send('POST', '/api/clothes', fields);
      expect(response.status).toBe(status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['detail']);
      expect(await user.wardrobe()).toEqual(before);
      expect(await t.mediaFiles()).toEqual(filesBefore);
    });

    it('refuses two photos in one request with 422, one photo per item', async () => {
      const item = await user.addItem();
      const before = await user.wardrobe();
      const filesBefore = await t.mediaFiles();
      const jpeg = await testJpeg();
      for (const [method, path] of [
        ['POST', '/api/clothes'],
        ['PATCH', `/api/clothes/${item.id}/image`],
      ] as const) {
        const body = new FormData();
        body.append('category', 'top');
        body.append('status', 'clothes');
        for (const name of ['one.jpg', 'two.jpg'])
          body.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), name);
        const response = await user.fetch(path, { method, body });
        expect(response.status, `${method} ${path}`).toBe(422);
        expect(await response.json()).toEqual({
          detail:
            'One photo per item: the form holds more than one file; send a single one in field "image"',
        });
      }
      expect(await user.wardrobe()).toEqual(before);
      expect(await t.mediaFiles()).toEqual(filesBefore);
    });

    it('refuses a decompression bomb by its declared size, with 413', async () => {
      const bomb = await pngDeclaring(10_000, 8_000);
      expect(bomb.length).toBeLessThan(1024);
      const filesBefore = await t.mediaFiles();
      const response = await user.send('POST', '/api/clothes', {
        ...(await valid()),
        image: photo(bomb, 'bomb.png', 'image/png'),
      });
      expect(response.status).toBe(413);
      expect(await t.mediaFiles()).toEqual(filesBefore);
    });
  });

  describe('PATCH clothes/{id}', () => {
    it('sets fields, clears fields sent as "", and answers the changed fields', async () => {
      const item = await user.addItem({
        brand: 'Acme',
        price: '10',
        currency: 'EUR',
        source: 'gifted',
      });
      const response = await user.send('PATCH', `/api/clothes/${item.id}`, {
        updates: JSON.stringify({
          brand: '',
          status: 'archived',
          date_archived: '2025-05-01',
          source: '',
          manual_times_worn: 4,
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        brand: null,
        status: 'archived',
        date_archived: '2025-05-01',
        source: null,
        manual_times_worn: 4,
      });
      const stored = (await user.wardrobe()).clothes[item.id]!;
      expect(stored).toMatchObject({
        status: 'archived',
        date_archived: '2025-05-01',
        manual_times_worn: 4,
        price: 10,
      });
      expect(stored.brand).toBeUndefined();
      expect(stored.source).toBeUndefined();
      expect(stored.image).toBe(item.image);
    });

    it('recomputes the converted price when a price field changes', async () => {
      const item = await user.addItem({ price: '10', currency: 'USD' });
      const response = await user.send('PATCH', `/api/clothes/${item.id}`, {
        updates: JSON.stringify({ currency: 'GBP', sold_price: '8' }),
      });
      expect(await response.json()).toEqual({
        currency: 'GBP',
        sold_price: 8,
        // Sent without its currency: the user's.
        sold_currency: 'USD',
        converted_price: 12.5,
        converted_sold_price: 8,
      });
      const cleared = await user.send('PATCH', `/api/clothes/${item.id}`, {
        updates: JSON.stringify({ price: '' }),
      });
      expect(await cleared.json()).toMatchObject({ price: null, converted_price: null });
    });

    it('stores a price that names no currency in the user’s currency, and edits keep one', async () => {
      const owner = await signUp(t);
      expect((await owner.putSettings({ currency: 'EUR' })).status).toBe(200);
      const item = await owner.addItem({ price: '5', sold_price: '2' });
      expect(item).toMatchObject({
        price: 5,
        currency: 'EUR',
        converted_price: 5,
        sold_price: 2,
        sold_currency: 'EUR',
      });
      const plain = await owner.addItem();
      expect(plain.currency).toBeUndefined();

      const patch = async (id: string, updates: object) => {
        const response = await owner.send('PATCH', `/api/clothes/${id}`, {
          updates: JSON.stringify(updates),
        });
        expect(response.status).toBe(200);
        return response.json();
      };
      // A price added to an item without one, or a currency cleared under a price.
      expect(await patch(plain.id, { price: 7 })).toEqual({
        price: 7,
        currency: 'EUR',
        converted_price: 7,
        converted_sold_price: null,
      });
      expect(await patch(item.id, { currency: '', sold_currency: null })).toEqual({
        currency: 'EUR',
        sold_currency: 'EUR',
        converted_price: 5,
        converted_sold_price: 2,
      });
      // A new amount in the item's own currency stays in it.
      await patch(plain.id, { currency: 'GBP' });
      expect(await patch(plain.id, { price: 9 })).toEqual({
        price: 9,
        converted_price: expect.closeTo(10.86, 2) as number,
        converted_sold_price: null,
      });

      // Changing the user's currency then converts the amounts instead of reading them anew.
      expect((await owner.putSettings({ currency: 'USD' })).status).toBe(200);
      const { clothes } = await owner.wardrobe();
      expect(clothes[item.id]).toMatchObject({ price: 5, currency: 'EUR' });
      expect(clothes[item.id]!.converted_price).toBeCloseTo(5.18, 2);
      expect(clothes[plain.id]).toMatchObject({ price: 9, currency: 'GBP' });
      // The media directory is shared with `user`, whose photos a later test counts.
      for (const id of [item.id, plain.id])
        expect((await owner.send('DELETE', `/api/clothes/${id}`)).status).toBe(204);
    });

    it('drops a subcategory that does not belong to the new category', async () => {
      const item = await user.addItem({ category: 'top', sub_category_id: 'tee' });
      const response = await user.send('PATCH', `/api/clothes/${item.id}`, {
        updates: JSON.stringify({ category: 'shoes' }),
      });
      expect(await response.json()).toEqual({ category: 'shoes', sub_category_id: null });
      expect((await user.wardrobe()).clothes[item.id]!.sub_category_id).toBeUndefined();
    });

    it.each([
      ['malformed JSON', '{"brand":'],
      ['an unknown field', JSON.stringify({ colour: 'red' })],
      ['a field that cannot be edited', JSON.stringify({ converted_price: 1 })],
      ['an unknown status', JSON.stringify({ status: 'lost' })],
      ['an unknown category', JSON.stringify({ category: 'hats' })],
      ['a cleared category', JSON.stringify({ category: '' })],
      ['a bad date', JSON.stringify({ date_obtained: '2025-13-01' })],
      ['an unknown subcategory', JSON.stringify({ sub_category_id: 'nope' })],
      ['a list instead of an object', JSON.stringify([{ brand: 'x' }])],
    ])('refuses %s with 422 and changes nothing', async (_name, updates) => {
      const item = await user.addItem({ brand: 'Kept' });
      const before = await user.wardrobe();
      const response = await user.send('PATCH', `/api/clothes/${item.id}`, { updates });
      expect(response.status).toBe(422);
      expect(await user.wardrobe()).toEqual(before);
    });

    it('refuses a missing updates field with 422', async () => {
      const item = await user.addItem();
      expect((await user.send('PATCH', `/api/clothes/${item.id}`, { brand: 'x' })).status).toBe(
        422,
      );
    });

    it('answers 404 for an id that does not exist', async () => {
      const response = await user.send(
        'PATCH',
        '/api/clothes/00000000-0000-0000-0000-000000000000',
        {
          updates: JSON.stringify({ brand: 'x' }),
        },
      );
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: expect.any(String) });
    });
  });

  describe('PATCH clothes/{id}/image', () => {
    it('replaces both photos and removes the old files', async () => {
      const item = await user.addItem();
      const oldFiles = await t.mediaFiles();
      const edited = await testJpeg({
        width: 64,
        height: 64,
        color: { r: 0, g: 0, b: 255 },
        gps: true,
      });
      const response = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
        image: photo(edited, 'edited-image', 'image/png'),
      });
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { id: string; image: string; thumbnail: string };
      expect(answer.id).toBe(item.id);
      expect(answer.image).not.toBe(item.image);

      const stored = (await user.wardrobe()).clothes[item.id]!;
      expect(stored.image).toBe(answer.image);
      expect(stored.thumbnail).toBe(answer.thumbnail);
      const meta = await sharp(await download(answer.image)).metadata();
      expect(meta).toMatchObject({ width: 64, height: 64 });
      expect(meta.exif).toBeUndefined();

      const files = await t.mediaFiles();
      expect(files).toHaveLength(oldFiles.length);
      expect((await fetch(absolute(t.baseUrl, item.image))).status).toBe(404);
    });

    it('refuses a missing or unreadable image with 422 and keeps the old photo', async () => {
      const item = await user.addItem();
      const filesBefore = await t.mediaFiles();
      expect((await user.send('PATCH', `/api/clothes/${item.id}/image`, {})).status).toBe(422);
      const junk = await user.send('PATCH', `/api/clothes/${item.id}/image`, {
        image: photo(Buffer.from('GIF89a-junk')),
      });
      expect(junk.status).toBe(422);
      expect((await user.wardrobe()).clothes[item.id]!.image).toBe(item.image);
      expect(await t.mediaFiles()).toEqual(filesBefore);
    });
  });

  describe('DELETE clothes/{id}', () => {
    it('deletes the item and its photos, then answers 404', async () => {
      const item = await user.addItem();
      const filesBefore = await t.mediaFiles();
      const response = await user.fetch(`/api/clothes/${item.id}`, { method: 'DELETE' });
      expect(response.status).toBe(204);
      expect((await user.wardrobe()).clothes[item.id]).toBeUndefined();
      expect(await t.mediaFiles()).toHaveLength(filesBefore.length - 2);
      expect((await fetch(absolute(t.baseUrl, item.thumbnail))).status).toBe(404);
      expect((await user.fetch(`/api/clothes/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    });
  });

  it('keeps exactly two photo files per item', async () => {
    const { clothes, outfits } = await user.wardrobe();
    expect(await t.mediaFiles()).toHaveLength(
      2 * (Object.keys(clothes).length + Object.keys(outfits).length),
    );
  });
});
