import { photoCacheKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';

/** Every call of the product API (docs/spec.md §7), with ids that exist for the signed-in user. */
function productRoutes(ids: {
  item: string;
  outfit: string;
  collection: string;
}): [method: string, path: string][] {
  return [
    ['GET', '/api/users'],
    ['GET', '/api/users/settings'],
    ['PUT', '/api/users/settings'],
    ['POST', '/api/clothes'],
    ['PATCH', `/api/clothes/${ids.item}`],
    ['PATCH', `/api/clothes/${ids.item}/image`],
    // Cut-out photos (docs/cutouts.md).
    ['POST', `/api/clothes/${ids.item}/cutout`],
    ['DELETE', `/api/clothes/${ids.item}/cutout`],
    ['DELETE', `/api/clothes/${ids.item}`],
    // Select many (docs/select-many.md).
    ['PATCH', '/api/clothes'],
    ['DELETE', '/api/clothes'],
    ['PATCH', '/api/outfits'],
    ['DELETE', '/api/outfits'],
    ['POST', '/api/outfit'],
    ['PATCH', `/api/outfits/${ids.outfit}`],
    ['DELETE', `/api/outfits/${ids.outfit}`],
    ['PUT', '/api/calendar/2025-03-01'],
    ['DELETE', `/api/calendar/2025-03-01/${ids.item}`],
    // Your data (docs/export-format.md).
    ['GET', '/api/export/items.csv'],
    ['POST', '/api/export'],
    ['POST', '/api/imports'],
    ['GET', '/api/imports/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/imports/00000000-0000-4000-8000-000000000000/commit'],
    ['DELETE', '/api/imports/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/calendar-feed'],
    ['POST', '/api/calendar-feed'],
    ['DELETE', '/api/calendar-feed'],
    // Custom collections (docs/collections.md).
    ['GET', '/api/collections'],
    ['POST', '/api/collections'],
    ['GET', `/api/collections/${ids.collection}`],
    ['PATCH', `/api/collections/${ids.collection}`],
    ['DELETE', `/api/collections/${ids.collection}`],
    ['POST', `/api/collections/${ids.collection}/duplicate`],
    ['POST', `/api/collections/${ids.collection}/entries`],
    ['DELETE', `/api/collections/${ids.collection}/items/${ids.item}`],
    ['DELETE', `/api/collections/${ids.collection}/outfits/${ids.outfit}`],
    ['PUT', `/api/collections/${ids.collection}/packed`],
    ['DELETE', '/api/users/me'],
  ];
}

describe.each(ENGINES)('API access and headers on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let ids: { item: string; outfit: string; collection: string };

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    const item = await user.addItem();
    const outfit = await user.addOutfit([item.id]);
    await user.putDay('2025-03-01', { clothes: item.id });
    const made = await user.fetch('/api/collections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'packing', name: 'Trip', item_ids: [item.id] }),
    });
    const collection = (await made.json()) as { id: string };
    ids = { item: item.id, outfit: outfit.id, collection: collection.id };
  });
  afterAll(() => t?.close());

  it('answers GET /api/health without a token while the database is reachable', async () => {
    const response = await fetch(`${t.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('refuses every product call without a token, with a bad token, and with a forged one', async () => {
    const forged = `${user.token.slice(0, -4)}AAAA`;
    for (const [method, path] of productRoutes(ids)) {
      for (const authorization of [undefined, 'Bearer not-a-jwt', `Bearer ${forged}`, user.token]) {
        const headers: Record<string, string> = authorization ? { authorization } : {};
        const response = await fetch(`${t.baseUrl}${path}`, {
          method,
          headers,
          ...(method === 'GET' ? {} : { body: new FormData() }),
        });
        expect(response.status, `${method} ${path} with ${authorization ?? 'no token'}`).toBe(401);
        expect(await response.json()).toEqual({ detail: expect.any(String) });
      }
    }
    // Nothing was changed by any of those calls.
    const wardrobe = await user.wardrobe();
    expect(Object.keys(wardrobe.clothes)).toEqual([ids.item]);
    expect(Object.keys(wardrobe.outfits)).toEqual([ids.outfit]);
    expect(wardrobe.calendar['2025-03-01']).toEqual({ clothes: [ids.item], outfits: [] });
    const collections = (await (await user.get('/api/collections')).json()) as {
      collections: { id: string; name: string; item_ids: string[] }[];
    };
    expect(collections.collections).toEqual([
      expect.objectContaining({ id: ids.collection, name: 'Trip', item_ids: [ids.item] }),
    ]);
  });

  it('refuses an upload without a token before reading its body', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await fetch(`${t.baseUrl}/api/clothes`, {
      method: 'POST',
      body: (() => {
        const data = new FormData();
        data.append('category', 'top');
        data.append('status', 'clothes');
        data.append('image', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), 'big.jpg');
        return data;
      })(),
    });
    expect(response.status).toBe(401);
    expect((await user.wardrobe()).clothes[ids.item]).toBeDefined();
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(1);
  });

  it('answers an unknown API path 404 with a detail, and never a stack', async () => {
    const response = await user.get('/api/nothing-here');
    expect(response.status).toBe(404);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['detail']);
  });

  it('sends security headers and no-store on API answers', async () => {
    const response = await user.get('/api/users/settings');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('strict-transport-security')).toBeNull();

    const refused = await fetch(`${t.baseUrl}/api/users`);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("allows cross-origin calls from the app's own origin only", async () => {
    const preflight = (origin: string) =>
      fetch(`${t.baseUrl}/api/users`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const own = await preflight(t.config.publicUrl);
    expect(own.headers.get('access-control-allow-origin')).toBe(t.config.publicUrl);
    expect(own.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );

    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');

    const simple = await user.get('/api/users/settings', { origin: 'https://evil.example' });
    expect(simple.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('serves photos through capability links only, with CORS for the app', async () => {
    const item = (await user.wardrobe()).clothes[ids.item]!;
    const signed = await fetch(new URL(item.image, t.baseUrl), {
      headers: { origin: t.config.publicUrl },
    });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-type')).toBe('image/webp');
    expect(signed.headers.get('access-control-allow-origin')).toBe(t.config.publicUrl);

    // One capability segment per user and window (docs/media-urls.md), shared by every photo.
    const [, capability] = /^\/media\/(m1\.[^/]+)\//.exec(item.image) ?? [];
    expect(capability).toBeDefined();
    expect(item.thumbnail?.startsWith(`/media/${capability}/`)).toBe(true);
    const unsigned = new URL(photoCacheKey(item.image)!, t.baseUrl);
    expect((await fetch(unsigned)).status).toBe(403);
    const exp = /\.(\d+)\.[\w-]+$/.exec(capability!)![1]!;
    const tampered = new URL(item.image.replace(`.${exp}.`, `.${Number(exp) + 60}.`), t.baseUrl);
    expect((await fetch(tampered)).status).toBe(403);
  });

  it('answers 415 for a JSON body where a form is expected, and changes nothing', async () => {
    const response = await user.fetch('/api/users/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ settings: { currency: 'EUR' } }),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect((await user.settings()).currency).toBe('USD');
  });

  it('rate-limits one client address across the API', async () => {
    const limited = await startApp(engine, { env: { RATE_LIMIT_MAX: '5' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await fetch(`${limited.baseUrl}/api/users`)).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      const refused = await fetch(`${limited.baseUrl}/api/users`);
      expect(await refused.json()).toEqual({
        detail: expect.stringContaining('Too many requests'),
      });
      // Liveness probes are never limited.
      expect((await fetch(`${limited.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('still serves photos uploaded by file name regardless of the declared type', async () => {
    const response = await user.send('POST', '/api/clothes', {
      category: 'shoes',
      status: 'clothes',
      image: photo(await testJpeg(), 'shoe.txt', 'text/plain'),
    });
    expect(response.status).toBe(201);
  });

  it('answers 500 with a generic detail and 503 on health when the database is gone', async () => {
    const broken = await startApp(engine);
    try {
      const victim = await signUp(broken);
      await broken.app.db.destroy();
      const response = await victim.get('/api/users/settings');
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        detail: 'Something went wrong on our servers. Please try again later.',
      });
      const health = await fetch(`${broken.baseUrl}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ detail: expect.any(String) });
    } finally {
      await broken.close();
    }
  });
});
