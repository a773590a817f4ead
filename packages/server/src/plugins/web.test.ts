import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPlugin from './web.js';

/** A JavaScript MIME type (HTML spec): what a service worker script must be served as. */
const JS_TYPE = /^(text|application)\/javascript(;|$)/;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hanger-web-'));
  await mkdir(join(dir, 'assets'));
  await mkdir(join(dir, 'icons'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Hanger</title>');
  await writeFile(join(dir, 'manifest.webmanifest'), '{"name":"Hanger"}');
  const sw = 'self.addEventListener("fetch", () => {});'.repeat(40);
  await writeFile(join(dir, 'sw.js'), sw);
  // The build writes compressed copies beside text files (docs/performance.md).
  await writeFile(join(dir, 'sw.js.br'), brotliCompressSync(sw));
  await writeFile(join(dir, 'sw.js.gz'), gzipSync(sw));
  await writeFile(join(dir, 'manifest.webmanifest.br'), brotliCompressSync('{"name":"Hanger"}'));
  await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  await writeFile(join(dir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = Fastify();
  // The plugins the web plugin depends on, by name only: these tests read files, no session.
  for (const name of ['hanger-errors', 'hanger-security', 'hanger-auth', 'hanger-services'])
    await app.register(fp(async () => undefined, { name }));
  await app.register(webPlugin, { config: { webDir: dir } });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web app files for the installable app', () => {
  it('serves the manifest as application/manifest+json, revalidated on every use', async () => {
    const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'Hanger' });
  });

  it('serves the service worker as JavaScript with no-cache, never the SPA page', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(JS_TYPE);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('addEventListener');
  });

  it('keeps those types and headers when sending the precompressed copies', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await app.inject({
        method: 'GET',
        url: '/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(JS_TYPE);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const manifest = await app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'br' },
    });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
  });

  it('keeps hashed assets immutable and icons revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers app routes with index.html but a missing file with 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/calendar/today' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const missing = await app.inject({ method: 'GET', url: '/missing.webmanifest' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the share target without a service worker', () => {
  it('sends a shared photo post to the upload page instead of an error', async () => {
    const boundary = 'x-share';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/share-target',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/items/upload');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('still refuses other posts with a 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/share-targets', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
