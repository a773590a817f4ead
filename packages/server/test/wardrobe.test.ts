import { gunzipSync } from 'node:zlib';
import { parseWardrobe, wardrobeResponseSchema } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { addSampleWardrobe, startWithUser } from './helpers/suite.js';
import { ApiUser, photo, signUp, testJpeg } from './helpers/api.js';
import { rawGet } from './helpers/raw.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.each(ENGINES)('GET /api/users on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
  });
  afterAll(() => t?.close());

  it('answers empty maps for a new user', async () => {
    expect(await user.wardrobe()).toEqual({ clothes: {}, outfits: {}, calendar: {} });
  });

  it('answers every item, outfit and day in the shape the web app parses', async () => {
    const { shirt, shoes, outfit } = await addSampleWardrobe(user);

    const response = await user.get('/api/users');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const json = (await response.json()) as unknown;
    expect(() => wardrobeResponseSchema.parse(json)).not.toThrow();

    const wardrobe = parseWardrobe(json);
    expect(Object.keys(wardrobe.clothes).sort()).toEqual([shirt.id, shoes.id].sort());
    expect(wardrobe.clothes[shirt.id]).toMatchObject({
      category: 'full body',
      brand: 'Acme',
      price: 12.5,
      currency: 'EUR',
      dateObtained: '2024-02-29',
    });
    expect(wardrobe.clothes[shoes.id]!.status).toBe('loaned');
    expect(wardrobe.clothes[shirt.id]!.thumbnail).toBeTruthy();
    expect(wardrobe.outfits[outfit.id]!.canvasData.map((e) => e.clothingId)).toEqual([
      shirt.id,
      shoes.id,
    ]);
    expect(wardrobe.calendar['2025-01-01']).toEqual({
      clothes: [shirt.id],
      outfits: [outfit.id],
      displayItem: outfit.id,
    });
  });

  it('answers 304 to a matching ETag, and a new ETag after every kind of write', async () => {
    const etagNow = async () => {
      const response = await user.get('/api/users');
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return response.headers.get('etag')!;
    };
    let etag = await etagNow();
    expect(etag).toMatch(/^"[^"]+"$/);

    const unchanged = await user.get('/api/users', { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    // RFC 9110 §15.4.5: what a cache needs to update its copy, and CORS; the body-governing
    // security headers stay on the cached 200, which had them.
    expect(unchanged.headers.get('vary')).toBe('Accept, Accept-Encoding');
    expect(unchanged.headers.get('cache-control')).toBe('no-store');
    expect(unchanged.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(unchanged.headers.get('content-security-policy')).toBeNull();
    expect(unchanged.headers.get('x-frame-options')).toBeNull();
    expect((await user.get('/api/users', { 'if-none-match': `W/${etag}, "other"` })).status).toBe(
      304,
    );
    expect((await user.get('/api/users', { 'if-none-match': '"stale"' })).status).toBe(200);

    const item = await user.addItem();
    const outfit = await user.addOutfit([item.id]);
    const writes: [string, () => Promise<Response>][] = [
      [
        'PATCH item',
        () => user.send('PATCH', `/api/clothes/${item.id}`, { updates: '{"brand":"New"}' }),
      ],
      [
        'PATCH image',
        async () =>
          user.send('PATCH', `/api/clothes/${item.id}/image`, { image: photo(await testJpeg()) }),
      ],
      [
        'PATCH outfit',
        () =>
          user.send('PATCH', `/api/outfits/${outfit.id}`, { updates: '{"manual_times_worn":1}' }),
      ],
      ['PUT calendar', () => user.putDay('2025-02-02', { clothes: item.id })],
      [
        'DELETE calendar',
        () =>
          user.sendUrlEncoded('DELETE', `/api/calendar/2025-02-02/${item.id}`, {
            item_type: 'clothes',
          }),
      ],
      ['PUT settings (currency)', () => user.putSettings({ currency: 'GBP' })],
      ['DELETE outfit', () => user.fetch(`/api/outfits/${outfit.id}`, { method: 'DELETE' })],
      ['DELETE item', () => user.fetch(`/api/clothes/${item.id}`, { method: 'DELETE' })],
    ];
    for (const [name, write] of writes) {
      etag = await etagNow();
      const response = await write();
      expect(response.status, name).toBeLessThan(300);
      const after = await user.get('/api/users', { 'if-none-match': etag });
      expect(after.status, `GET after ${name}`).toBe(200);
      expect(after.headers.get('etag'), name).not.toBe(etag);
    }
  });

  it('compresses the answer for clients that accept gzip', async () => {
    for (let i = 0; i < 3; i++) await user.addItem({ brand: `Brand ${i}` });
    const url = `${t.baseUrl}/api/users`;
    const auth = { authorization: `Bearer ${user.token}` };
    const plain = await rawGet(url, auth);
    const zipped = await rawGet(url, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it("never mixes two users' cached wardrobes", async () => {
    const other = await signUp(t);
    await other.addItem({ brand: 'Theirs' });
    const [mine, theirs] = await Promise.all([user.wardrobe(), other.wardrobe()]);
    expect(Object.values(theirs.clothes).map((c) => c.brand)).toEqual(['Theirs']);
    expect(Object.values(mine.clothes).map((c) => c.brand)).not.toContain('Theirs');
  });
});

describe.each(ENGINES)('wardrobe cache across two processes on %s', (engine) => {
  let a: TestApp;
  let b: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    a = await startApp(engine, { env: { REDIS_URL } });
    // Same database, photos and public URL, second process: as behind a load balancer. Tokens are
    // verified against keys in the shared database, so a token from one works on the other.
    b = await startApp(engine, {
      shareWith: a,
      env: { REDIS_URL, PUBLIC_URL: a.config.publicUrl },
    });
    user = await signUp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('drops the copy another process cached when one process writes', async () => {
    const onB = new ApiUser(b.baseUrl, user.token, user.id, user.email);
    const item = await user.addItem({ brand: 'Before' });
    expect((await onB.wardrobe()).clothes[item.id]!.brand).toBe('Before');
    const etag = (await onB.get('/api/users')).headers.get('etag')!;

    const patched = await user.send('PATCH', `/api/clothes/${item.id}`, {
      updates: '{"brand":"After"}',
    });
    expect(patched.status).toBe(200);

    // The invalidation travels through Redis: allow it a moment to arrive.
    let brand: unknown;
    for (let i = 0; i < 50; i++) {
      const response = await onB.get('/api/users', { 'if-none-match': etag });
      if (response.status === 200) {
        brand = ((await response.json()) as { clothes: Record<string, { brand?: string }> })
          .clothes[item.id]?.brand;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(brand).toBe('After');
  });
});
