import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { DiskBlobStore } from '../storage/disk.js';
import { MEDIA_CHECK_TTL_MS, MediaAccess } from '../storage/media-access.js';
import { S3BlobStore } from '../storage/s3.js';
import { mediaCapability, mediaSigningKey, mediaUrl, urlWindow } from '../storage/signed-url.js';
import dbPlugin from './db.js';
import storagePlugin from './storage.js';

const SECRET = 'media-route-test-secret-0123456789abcdef';
const PUBLIC_URL = 'https://closet.example.test';
const KEY = 'user_a/7f0c1a52-3b7e-4d3c-9a55-0d9e1c2b3a4f-display.webp';
const KEY_B = 'user_b/5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6-display.webp';
const BYTES = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), Buffer.alloc(4096, 7)]);

function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An account row as better-auth writes it, with a password hash (the media stamp's source). */
async function addUser(db: Kysely<Database>, id: string, password: string | null): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('user')
    .values({
      id,
      name: id,
      email: `${id}@example.test`,
      emailVerified: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  if (password !== null) {
    await db
      .insertInto('account')
      .values({
        id: `acc-${id}`,
        accountId: id,
        providerId: 'credential',
        userId: id,
        password,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
}

/** better-auth's tables (IdentityDatabase in db/schema.ts). */
const identity = (app: FastifyInstance) => app.db;

/** The app with the db plugin (SQLite in a temporary folder) and the storage plugin. */
async function startMediaApp(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'hanger-media-'));
  const config = loadConfig({
    DATA_DIR: dir,
    AUTH_SECRET: SECRET,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = Fastify();
  await app.register(dbPlugin, { config });
  await app.register(storagePlugin, { config });
  return { app, dir };
}

describe('storage plugin with the disk store: GET /media/m1.<capability>/<key>', () => {
  let dir: string;
  let app: FastifyInstance;
  let base: string;
  const capabilityOf = (userId: string) => app.media.capabilityFor(userId);
  const urlOf = async (key: string, userId = 'user_a') => mediaUrl(await capabilityOf(userId), key);

  beforeAll(async () => {
    ({ app, dir } = await startMediaApp());
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    await addUser(app.db, 'user_a', 'hash-of-a');
    await addUser(app.db, 'user_b', 'hash-of-b');
    await addUser(app.db, 'user_sso', null);
    await app.storage.put(KEY, BYTES, 'image/webp');
    await app.storage.put(KEY_B, BYTES, 'image/webp');
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('decorates the app with the disk store', () => {
    expect(app.storage).toBeInstanceOf(DiskBlobStore);
  });

  it('serves a photo through its capability URL, privately cached until the URL expires', async () => {
    const url = await urlOf(KEY);
    expect(url).toMatch(/^\/media\/m1\.\d+\.[\w-]{22}\/user_a\//);
    const res = await fetch(base + url, { headers: { origin: PUBLIC_URL } });

    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe(String(BYTES.length));
    const cacheControl = res.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/^private, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);
    const untilExpiry = urlWindow().expires - Math.floor(Date.now() / 1000);
    expect(maxAge).toBeGreaterThan(untilExpiry - 5);
    expect(maxAge).toBeLessThanOrEqual(untilExpiry + 1);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe(PUBLIC_URL);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('gives every photo of one user the same capability, and each user their own', async () => {
    const a = await capabilityOf('user_a');
    expect(await capabilityOf('user_a')).toBe(a);
    expect(await capabilityOf('user_b')).not.toBe(a);
    // An account without a password (single sign-on) has a capability that works too.
    await app.storage.put('user_sso/1-display.webp', BYTES, 'image/webp');
    const sso = await fetch(base + (await urlOf('user_sso/1-display.webp', 'user_sso')));
    expect(sso.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(base + (await urlOf(KEY)), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("refuses a tampered capability, another user's key or no capability with 403 and a detail", async () => {
    const a = await capabilityOf('user_a');
    const b = await capabilityOf('user_b');
    const mac = a.slice(a.lastIndexOf('.') + 1);
    const flipped =
      a.slice(0, a.lastIndexOf('.') + 1) + (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
    const exp = urlWindow().expires;
    const tampered = [
      mediaUrl(flipped, KEY),
      // User A's capability does not open user B's photo, nor B's capability A's.
      mediaUrl(a, KEY_B),
      mediaUrl(b, KEY),
      mediaUrl(a.replace(`.${exp}.`, `.${exp + 3600}.`), KEY),
      // The earlier shape (a signature per URL, docs/media-urls.md) and no capability at all.
      `/media/${KEY}?exp=${exp}&sig=${mac}`,
      `/media/${KEY}`,
      `/media/${a}`,
    ];
    for (const path of tampered) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      const body = (await res.json()) as { detail?: unknown };
      expect(typeof body.detail, path).toBe('string');
    }
  });

  it('refuses an expired capability with 403', async () => {
    const twoDaysAgo = Date.now() - 48 * 3600 * 1000;
    const stamp = await app.media.stampOf('user_a');
    const expired = mediaCapability(mediaSigningKey(SECRET), 'user_a', stamp ?? '', twoDaysAgo);
    const res = await fetch(base + mediaUrl(expired, KEY));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/expired/) });
  });

  it('lets links die with access: a new password, a ban or a deleted account', async () => {
    await addUser(app.db, 'user_c', 'hash-of-c');
    const keyC = 'user_c/2-display.webp';
    await app.storage.put(keyC, BYTES, 'image/webp');
    const status = async (url: string) => {
      const response = await fetch(base + url);
      await response.arrayBuffer();
      return response.status;
    };

    const beforePassword = await urlOf(keyC, 'user_c');
    await identity(app)
      .updateTable('account')
      .set({ password: 'new-hash-of-c' })
      .where('userId', '=', 'user_c')
      .execute();
    expect(await status(beforePassword)).toBe(403);
    const afterPassword = await urlOf(keyC, 'user_c');
    expect(afterPassword).not.toBe(beforePassword);

    // The next two capabilities are checked for the first time after the change (a capability
    // already checked is trusted for up to MEDIA_CHECK_TTL_MS: see the next test).
    await identity(app).updateTable('user').set({ banned: 1 }).where('id', '=', 'user_c').execute();
    expect(await status(afterPassword)).toBe(403);
    await identity(app).updateTable('user').set({ banned: 0 }).where('id', '=', 'user_c').execute();
    expect(await status(afterPassword)).toBe(200);

    const beforeDeletion = await urlOf(KEY_B, 'user_b');
    await identity(app).deleteFrom('account').where('userId', '=', 'user_b').execute();
    await identity(app).deleteFrom('user').where('id', '=', 'user_b').execute();
    expect(await status(beforeDeletion)).toBe(403);
  });

  it('trusts a checked capability for at most MEDIA_CHECK_TTL_MS after a revocation', async () => {
    await addUser(app.db, 'user_d', 'hash-of-d');
    let now = Date.now();
    const access = new MediaAccess({
      db: app.db,
      signingKey: mediaSigningKey(SECRET),
      now: () => now,
    });
    const segment = await access.capabilityFor('user_d');
    const key = 'user_d/3-display.webp';
    expect((await access.check(segment, key)).ok).toBe(true);
    await identity(app)
      .updateTable('account')
      .set({ password: 'new-hash-of-d' })
      .where('userId', '=', 'user_d')
      .execute();
    now += MEDIA_CHECK_TTL_MS - 1;
    expect((await access.check(segment, key)).ok).toBe(true);
    now += 1;
    expect(await access.check(segment, key)).toEqual({ ok: false, reason: 'invalid' });
    // Trust is per owner: a trusted segment of user_d opens nothing of user_a.
    const fresh = await access.capabilityFor('user_d');
    expect((await access.check(fresh, key)).ok).toBe(true);
    expect(await access.check(fresh, KEY)).toEqual({ ok: false, reason: 'invalid' });
    expect(await access.check(fresh, 'no-folder.webp')).toEqual({ ok: false, reason: 'not-owner' });
  });

  it('answers 404 for a valid capability on a photo of its owner that is gone', async () => {
    const key = 'user_a/00000000-0000-4000-8000-000000000000-display.webp';
    const res = await fetch(base + (await urlOf(key)));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: expect.any(String) });
  });

  it('gives nothing away for paths that climb out of the media folder', async () => {
    await writeFile(join(dir, 'outside.webp'), 'SECRET-OUTSIDE');
    const a = await capabilityOf('user_a');
    const paths = [
      '/media/../outside.webp',
      '/media/..%2foutside.webp',
      '/media/%2e%2e/outside.webp',
      `/media/${a}/user_a/..%2f..%2foutside.webp`,
      `/media/${a}/user_a/../../outside.webp`,
      `/media/${a}/user_a/%2e%2e/%2e%2e/outside.webp`,
      `/media/${a}/../outside.webp`,
      '/media/',
    ];
    for (const path of paths) {
      // node:http sends the path exactly as written; fetch would normalise the dots away.
      const { status, body } = await rawGet(base, path);
      expect([403, 404], path).toContain(status);
      expect(body, path).not.toContain('SECRET-OUTSIDE');
    }
  });
});

describe('storage plugin with S3 configured', () => {
  it('decorates the app with the S3 store and redirects a valid capability to a presigned URL', async () => {
    const { app, dir } = await startMediaApp({
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'photos',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    try {
      await app.ready();
      expect(app.storage).toBeInstanceOf(S3BlobStore);
      await addUser(app.db, 'user_a', 'hash-of-a');
      await addUser(app.db, 'user_b', 'hash-of-b');
      const a = await app.media.capabilityFor('user_a');

      const res = await app.inject({ method: 'GET', url: mediaUrl(a, KEY) });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin).toBe('http://127.0.0.1:9');
      expect(location.pathname).toBe(`/photos/${KEY}`);
      expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      // A short-lived URL: about one to two hours, and the redirect is remembered for less.
      const expires = Number(location.searchParams.get('X-Amz-Expires'));
      expect(expires).toBeLessThanOrEqual(2 * 3600);
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(
        Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]),
      ).toBeLessThanOrEqual(3000);

      for (const url of [mediaUrl(a, KEY_B), `/media/${KEY}?exp=1&sig=x`, `/media/${KEY}`]) {
        const refused = await app.inject({ method: 'GET', url });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.headers.location, url).toBeUndefined();
      }
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
