import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskBlobStore } from '../storage/disk.js';
import { S3BlobStore } from '../storage/s3.js';
import { mediaSigningKey, signMediaPath, urlWindow } from '../storage/signed-url.js';
import storagePlugin from './storage.js';

const SECRET = 'media-route-test-secret-0123456789abcdef';
const PUBLIC_URL = 'https://closet.example.test';
const KEY = 'user_a/7f0c1a52-3b7e-4d3c-9a55-0d9e1c2b3a4f-display.webp';
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

describe('storage plugin with the disk store: GET /media/*', () => {
  let dir: string;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    dir = join(await mkdtemp(join(tmpdir(), 'hanger-media-')), 'media');
    app = Fastify();
    await app.register(storagePlugin, {
      config: { mediaDir: dir, authSecret: SECRET, publicUrl: PUBLIC_URL, s3: undefined },
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    await app.storage.put(KEY, BYTES, 'image/webp');
  });

  afterAll(async () => {
    await app.close();
    await rm(join(dir, '..'), { recursive: true, force: true });
  });

  it('decorates the app with the disk store', () => {
    expect(app.storage).toBeInstanceOf(DiskBlobStore);
  });

  it('serves a photo through its signed URL, privately cached until the URL expires', async () => {
    const url = await app.storage.url(KEY);
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
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(base + (await app.storage.url(KEY)), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a tampered signature, key or expiry with 403 and a detail', async () => {
    const url = new URL(await app.storage.url(KEY), base);
    const sig = url.searchParams.get('sig') ?? '';
    const exp = url.searchParams.get('exp') ?? '';
    const otherKey = KEY.replace('user_a', 'user_b');
    const tampered = [
      `/media/${KEY}?exp=${exp}&sig=${(sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)}`,
      `/media/${otherKey}?exp=${exp}&sig=${sig}`,
      `/media/${KEY}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/media/${KEY}?exp=${exp}`,
      `/media/${KEY}`,
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

  it('refuses an expired URL with 403', async () => {
    const twoDaysAgo = Date.now() - 48 * 3600 * 1000;
    const expired = signMediaPath(mediaSigningKey(SECRET), KEY, twoDaysAgo);
    const res = await fetch(base + expired);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/expired/) });
  });

  it('answers 404 for a correctly signed URL of a photo that is gone', async () => {
    const key = 'user_a/00000000-0000-4000-8000-000000000000-display.webp';
    const res = await fetch(base + (await app.storage.url(key)));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: expect.any(String) });
  });

  it('gives nothing away for paths that climb out of the media folder', async () => {
    await writeFile(join(dir, '..', 'outside.webp'), 'SECRET-OUTSIDE');
    const paths = [
      '/media/../outside.webp',
      '/media/..%2foutside.webp',
      '/media/%2e%2e/outside.webp',
      '/media/user_a/..%2f..%2foutside.webp',
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
  it('decorates the app with the S3 store, registers no /media route and closes the client', async () => {
    const app = Fastify();
    await app.register(storagePlugin, {
      config: {
        mediaDir: '/nonexistent',
        authSecret: SECRET,
        publicUrl: PUBLIC_URL,
        s3: {
          endpoint: 'http://127.0.0.1:9',
          bucket: 'photos',
          region: 'us-east-1',
          accessKeyId: 'id',
          secretAccessKey: 'secret',
          forcePathStyle: true,
        },
      },
    });
    await app.ready();
    expect(app.storage).toBeInstanceOf(S3BlobStore);
    const res = await app.inject({ method: 'GET', url: `/media/${KEY}?exp=1&sig=x` });
    expect(res.statusCode).toBe(404);
    await app.close();
  });
});
