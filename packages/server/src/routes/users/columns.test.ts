import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import {
  WARDROBE_COLUMNS_CONTENT_TYPE,
  decodeWardrobeColumns,
  isWardrobeColumns,
  type WireWardrobe,
} from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from '../../../test/helpers/app.js';
import {
  absolute,
  canvasEntry,
  photo,
  signUp,
  testJpeg,
  type ApiUser,
} from '../../../test/helpers/api.js';
import { rawGet } from '../../../test/helpers/raw.js';
import { addSampleWardrobe } from '../../../test/helpers/suite.js';

/** What the app sends: the columns first, the default maps as a fallback. */
const COLUMNS = { accept: `${WARDROBE_COLUMNS_CONTENT_TYPE}, application/json;q=0.9` };

async function columnsOf(user: ApiUser): Promise<{ wardrobe: WireWardrobe; etag: string }> {
  const response = await user.get('/api/users', COLUMNS);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe(WARDROBE_COLUMNS_CONTENT_TYPE);
  const json = (await response.json()) as unknown;
  expect(isWardrobeColumns(json)).toBe(true);
  return { wardrobe: decodeWardrobeColumns(json), etag: response.headers.get('etag')! };
}

async function mapsOf(user: ApiUser): Promise<{ wardrobe: WireWardrobe; etag: string }> {
  const response = await user.get('/api/users');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return {
    wardrobe: (await response.json()) as WireWardrobe,
    etag: response.headers.get('etag')!,
  };
}

describe.each(ENGINES)('GET /api/users in columns on %s', (engine) => {
  let t: TestApp;
  let alice: ApiUser;
  let bob: ApiUser;

  beforeAll(async () => {
    t = await startApp(engine);
    alice = await signUp(t);
    bob = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a user with no items in columns, as empty maps', async () => {
    const { wardrobe } = await columnsOf(alice);
    expect(wardrobe).toEqual({ clothes: {}, outfits: {}, calendar: {} });
  });

  it('names new photos after their record, and a replaced photo with a new version', async () => {
    const item = await alice.addItem({ brand: 'Acme' });
    const folder = `/${alice.id}/`;
    expect(item.image).toMatch(new RegExp(`${folder}${item.id}-image\\.webp$`));
    expect(item.thumbnail).toMatch(new RegExp(`${folder}${item.id}-thumbnail\\.webp$`));

    const replaced = await alice.send('PATCH', `/api/clothes/${item.id}/image`, {
      image: photo(await testJpeg({ color: { r: 40, g: 90, b: 160 } })),
    });
    expect(replaced.status).toBe(200);
    const patch = (await replaced.json()) as { image: string; thumbnail: string };
    expect(patch.image).toMatch(new RegExp(`${folder}${item.id}-[0-9a-z]{1,10}-image\\.webp$`));
    expect(patch.thumbnail).toBe(patch.image.replace('-image.webp', '-thumbnail.webp'));
    // Both files open under the new URL; the old photo is gone.
    expect((await fetch(absolute(t.baseUrl, patch.image))).status).toBe(200);
    expect((await fetch(absolute(t.baseUrl, patch.thumbnail))).status).toBe(200);
    expect((await fetch(absolute(t.baseUrl, item.image))).status).toBe(404);

    const outfit = await alice.addOutfit([item.id]);
    expect(outfit.image).toMatch(new RegExp(`${folder}${outfit.id}-image\\.webp$`));
    const saved = await alice.send('POST', '/api/outfit', {
      id: outfit.id,
      canvas_data: JSON.stringify([canvasEntry(item.id)]),
      image: photo(await testJpeg()),
    });
    expect(saved.status).toBeLessThan(300);
    const again = (await saved.json()) as { image: string };
    expect(again.image).toMatch(new RegExp(`${folder}${outfit.id}-[0-9a-z]{1,10}-image\\.webp$`));
    expect((await fetch(absolute(t.baseUrl, again.image))).status).toBe(200);
  });

  it('decodes to exactly the default answer: derived, versioned and older photo keys, canvases, days', async () => {
    const { shirt, shoes } = await addSampleWardrobe(alice);
    await alice.putDay('2025-01-03', { clothes: [shoes.id, shirt.id] });
    // A photo stored before keys were named after records keeps its key.
    const legacy = `${alice.id}/${randomUUID()}`;
    await t.app.services.db
      .updateTable('clothes')
      .set({ image_key: `${legacy}-image.webp`, thumb_key: `${legacy}-thumbnail.webp` })
      .where('id', '=', shoes.id)
      .execute();
    await t.app.services.cache.invalidate(alice.id);

    const maps = await mapsOf(alice);
    const columns = await columnsOf(alice);
    expect(Object.keys(maps.wardrobe.clothes).length).toBeGreaterThanOrEqual(3);
    expect(columns.wardrobe).toStrictEqual(maps.wardrobe);
    expect(maps.wardrobe.clothes[shoes.id]!.image).toContain(`${legacy}-image.webp`);
    expect(Object.keys(columns.wardrobe.clothes)).toEqual(Object.keys(maps.wardrobe.clothes));
    // Its own ETag, and the answer says that it varies with Accept.
    expect(columns.etag).not.toBe(maps.etag);
    const response = await alice.get('/api/users', COLUMNS);
    expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
  });

  it('answers 304 per form: each ETag revalidates only its own form', async () => {
    const maps = await mapsOf(alice);
    const columns = await columnsOf(alice);
    const revalidate = (headers: Record<string, string>) =>
      alice.get('/api/users', headers).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    expect(await revalidate({ ...COLUMNS, 'if-none-match': columns.etag })).toBe(304);
    expect(await revalidate({ 'if-none-match': maps.etag })).toBe(304);
    expect(await revalidate({ ...COLUMNS, 'if-none-match': maps.etag })).toBe(200);
    expect(await revalidate({ 'if-none-match': columns.etag })).toBe(200);
    // A write gives the columns a new ETag too.
    await alice.send('PATCH', `/api/clothes/${Object.keys(maps.wardrobe.clothes)[0]}`, {
      updates: '{"brand":"Changed"}',
    });
    expect(await revalidate({ ...COLUMNS, 'if-none-match': columns.etag })).toBe(200);
  });

  it('keeps both ETags across a rebuild that changes nothing, whichever form is asked for first', async () => {
    const maps = await mapsOf(alice);
    const columns = await columnsOf(alice);
    const status = (headers: Record<string, string>) =>
      alice.get('/api/users', headers).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    // Each form is made on its first request after a rebuild: columns first, then maps ...
    await t.app.services.cache.invalidate(alice.id);
    expect(await status({ ...COLUMNS, 'if-none-match': columns.etag })).toBe(304);
    expect(await status({ 'if-none-match': maps.etag })).toBe(304);
    // ... and maps first, then columns.
    await t.app.services.cache.invalidate(alice.id);
    expect(await status({ 'if-none-match': maps.etag })).toBe(304);
    expect(await status({ ...COLUMNS, 'if-none-match': columns.etag })).toBe(304);
    expect((await columnsOf(alice)).etag).toBe(columns.etag);
    expect((await mapsOf(alice)).etag).toBe(maps.etag);
  });

  it('makes only the form asked for after a write, and the other on its first request', async () => {
    const cache = t.app.services.cache;
    await cache.invalidate(alice.id);
    const empty = cache.stats().bytes;
    // Uncompressed answers: no gzip copy is made.
    const plain = { 'accept-encoding': 'identity' };
    const columns = await alice.get('/api/users', { ...COLUMNS, ...plain });
    const columnsBytes = (await columns.arrayBuffer()).byteLength;
    expect(cache.stats().bytes - empty).toBe(columnsBytes);
    const maps = await alice.get('/api/users', plain);
    const mapsBytes = (await maps.arrayBuffer()).byteLength;
    expect(cache.stats().bytes - empty).toBe(columnsBytes + mapsBytes);
  });

  it('is gzipped for clients that accept gzip, to the same bytes', async () => {
    const url = `${t.baseUrl}/api/users`;
    const auth = { authorization: `Bearer ${alice.token}`, ...COLUMNS };
    const plain = await rawGet(url, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe(WARDROBE_COLUMNS_CONTENT_TYPE);
    const gz = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(gz.body.length).toBeLessThan(plain.body.length);
    const refused = await rawGet(url, { ...auth, 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Asked for another version, or not by name, the default answer comes.
    for (const accept of [
      `application/vnd.hanger.wardrobe+json; v=3`,
      `${WARDROBE_COLUMNS_CONTENT_TYPE};q=0, application/json`,
      '*/*',
      'application/json',
    ]) {
      const other = await rawGet(url, { authorization: `Bearer ${alice.token}`, accept });
      expect(other.headers['content-type'], accept).toMatch(/^application\/json/);
    }
  });

  it("keeps each user's wardrobe to that user, in either form", async () => {
    const theirs = await alice.addItem();
    const mine = await bob.addItem();
    const aliceColumns = await columnsOf(alice);
    const bobColumns = await columnsOf(bob);
    expect(Object.keys(bobColumns.wardrobe.clothes)).toEqual([mine.id]);
    expect(bobColumns.wardrobe.clothes[theirs.id]).toBeUndefined();
    expect(bobColumns.wardrobe).toStrictEqual((await mapsOf(bob)).wardrobe);
    // Alice's ETag means nothing for Bob.
    const crossed = await bob.get('/api/users', {
      ...COLUMNS,
      'if-none-match': aliceColumns.etag,
    });
    expect(crossed.status).toBe(200);
    await crossed.arrayBuffer();
    // Bob's media prefix opens Bob's photos, not Alice's, whose key is named after her item.
    const bobImage = bobColumns.wardrobe.clothes[mine.id]!.image;
    const prefix = bobImage.slice(0, bobImage.lastIndexOf('/') + 1);
    expect(prefix).toContain(`/${bob.id}/`);
    expect((await fetch(absolute(t.baseUrl, bobImage))).status).toBe(200);
    const capability = prefix.slice(0, prefix.length - bob.id.length - 1);
    const forged = `${capability}${alice.id}/${theirs.id}-image.webp`;
    expect((await fetch(absolute(t.baseUrl, forged))).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(absolute(t.baseUrl, theirs.image))).status).toBe(200);
  });
});
