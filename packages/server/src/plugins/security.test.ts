import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import securityPlugin, {
  CORS_OPTIONS,
  HELMET_HEADER_NAMES,
  contentSecurityPolicy,
  helmetOptions,
  inlineScriptHashes,
  sendNotModified,
} from './security.js';

/** What helmet sets with Hanger's options: all it can, but the embedder policy (left off). */
const HELMET_HEADERS = HELMET_HEADER_NAMES.filter(
  (name) => name !== 'cross-origin-embedder-policy',
);

/** The configuration of a server at `publicUrl` (and any other settings), for these tests. */
const testConfig = (publicUrl: string, env: Record<string, string> = {}) =>
  loadConfig({
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: 'x7Gq2LmP9vR4tY8wZ1cB5nD3fH6jK0sA',
    DATA_DIR: '/nonexistent-hanger-test',
    ...env,
  });

describe('security headers', () => {
  it.each(['http://127.0.0.1:3000', 'https://closet.example.com'])(
    'are exactly what @fastify/helmet sets per request (%s)',
    async (publicUrl) => {
      const config = testConfig(publicUrl);
      const ours = Fastify();
      await ours.register(securityPlugin, { config });
      ours.get('/api/x', async () => ({}));

      const reference = Fastify();
      // The same options: @fastify/helmet types them with its own copy of helmet's types.
      await reference.register(helmet, helmetOptions(config) as FastifyHelmetOptions);
      reference.get('/api/x', async () => ({}));

      for (const url of ['/api/x', '/missing']) {
        const [a, b] = await Promise.all([
          ours.inject({ url }).then((r) => r.headers),
          reference.inject({ url }).then((r) => r.headers),
        ]);
        for (const name of HELMET_HEADERS) expect(a[name], `${url} ${name}`).toEqual(b[name]);
        expect(a['content-security-policy']).toContain("object-src 'none'");
        expect(a).toMatchObject({
          'x-frame-options': 'DENY',
          'referrer-policy': 'no-referrer',
          'cross-origin-opener-policy': 'same-origin',
          'cross-origin-resource-policy': 'same-origin',
          'x-content-type-options': 'nosniff',
        });
        expect(a['cross-origin-embedder-policy']).toBeUndefined();
        expect(a['strict-transport-security']).toBe(
          publicUrl.startsWith('https:') ? 'max-age=15552000' : undefined,
        );
      }
      await Promise.all([ours.close(), reference.close()]);
    },
  );
});

describe('a 304 (docs/performance.md)', () => {
  it('HELMET_HEADER_NAMES names every header helmet can set', async () => {
    const app = Fastify();
    await app.register(helmet, {
      crossOriginEmbedderPolicy: true,
      strictTransportSecurity: { maxAge: 1 },
    });
    app.get('/x', (_request, reply) => reply.code(204).send());
    const headers = (await app.inject({ url: '/x' })).headers;
    await app.close();
    // Fastify's and Node's own fields of a 204 aside.
    const all = Object.keys(headers).filter((name) => !['date', 'connection'].includes(name));
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (const name of all) expect(HELMET_HEADER_NAMES).toContain(name);
    expect(all).toHaveLength(HELMET_HEADER_NAMES.length);
  });

  it('carries the cache and CORS fields, not the body-governing security headers', async () => {
    const config = testConfig('https://closet.example.com');
    const app = Fastify();
    await app.register(securityPlugin, { config });
    app.get('/api/x', (request, reply) => {
      reply.header('etag', '"v1"').header('vary', 'Accept');
      if (request.headers['if-none-match'] === '"v1"') return sendNotModified(reply);
      return reply.send({ ok: true });
    });
    const full = await app.inject({ url: '/api/x' });
    const notModified = await app.inject({ url: '/api/x', headers: { 'if-none-match': '"v1"' } });
    expect(full.statusCode).toBe(200);
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    for (const name of ['etag', 'vary', 'cache-control', 'access-control-allow-origin']) {
      expect(notModified.headers[name], name).toBe(full.headers[name]);
    }
    for (const name of HELMET_HEADERS) {
      expect(full.headers[name], name).toBeDefined();
      expect(notModified.headers[name], name).toBeUndefined();
    }
    await app.close();
  });
});

describe("index.html's inline script (docs/performance.md)", () => {
  const sha256 = (text: string) =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('is allowed by its SHA-256 alone: no other inline script, no unsafe-inline', async () => {
    const early = "(function(){'use strict';window.__hangerEarly={};})();";
    const webDir = mkdtempSync(join(tmpdir(), 'hanger-csp-'));
    try {
      writeFileSync(
        join(webDir, 'index.html'),
        `<!doctype html><html><head><script>${early}</script>` +
          '<script type="module" crossorigin src="/assets/index.js"></script>' +
          '<style>#boot-shell{display:none}</style></head><body><div id="root"></div></body></html>',
      );
      const config = testConfig('http://127.0.0.1:3000', { WEB_DIR: webDir });
      const app = Fastify();
      await app.register(securityPlugin, { config });
      app.get('/items', async () => 'page');
      const csp = String((await app.inject({ url: '/items' })).headers['content-security-policy']);
      const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(csp)?.[1]?.split(' ');
      expect(scriptSrc).toEqual(["'self'", sha256(early)]);
      expect(/(?:^|;)script-src-attr 'none'/.test(csp)).toBe(true);
      await app.close();
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('hashes every non-empty inline script once, and no external one', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script >a()</script>' +
      '<script type="module">b()</script><script></script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()')]);
  });

  it('adds nothing when no web build is served', () => {
    const csp = contentSecurityPolicy({
      publicUrl: 'http://127.0.0.1:3000',
      webDir: '/nonexistent-hanger-web',
    });
    expect(csp.directives.scriptSrc).toEqual(["'self'"]);
  });
});

describe('CORS', () => {
  const CORS_HEADERS = [
    'access-control-allow-origin',
    'access-control-expose-headers',
    'access-control-allow-methods',
    'access-control-allow-headers',
    'access-control-max-age',
    'access-control-allow-credentials',
    'vary',
    'content-length',
    'content-type',
  ];

  it('answers CORS as @fastify/cors alone does, helmet and no-store beside it (simple calls, preflights)', async () => {
    const config = testConfig('http://127.0.0.1:3000');
    const ours = Fastify();
    await ours.register(securityPlugin, { config });
    ours.get('/api/x', async () => ({}));

    const reference = Fastify();
    await reference.register(cors, { origin: config.publicUrl, ...CORS_OPTIONS });
    reference.get('/api/x', async () => ({}));

    const own = config.publicUrl;
    const evil = 'https://evil.example';
    const requests = [
      { method: 'GET' as const, url: '/api/x', headers: {} },
      { method: 'GET' as const, url: '/api/x', headers: { origin: evil } },
      { method: 'GET' as const, url: '/missing', headers: { origin: own } },
      {
        method: 'OPTIONS' as const,
        url: '/api/x',
        headers: {
          origin: own,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization',
        },
      },
      {
        method: 'OPTIONS' as const,
        url: '/anything/else',
        headers: { origin: evil, 'access-control-request-method': 'GET' },
      },
      // Not a preflight: @fastify/cors refuses it (strictPreflight).
      { method: 'OPTIONS' as const, url: '/api/x', headers: { origin: own } },
      { method: 'OPTIONS' as const, url: '/api/x', headers: {} },
    ];
    for (const request of requests) {
      const [a, b] = await Promise.all([ours.inject(request), reference.inject(request)]);
      const label = `${request.method} ${request.url} ${JSON.stringify(request.headers)}`;
      expect(a.statusCode, label).toBe(b.statusCode);
      expect(a.body, label).toBe(b.body);
      for (const name of CORS_HEADERS)
        expect(a.headers[name], `${label} ${name}`).toEqual(b.headers[name]);
    }
    await Promise.all([ours.close(), reference.close()]);
  });

  it('marks API answers no-store unless the route says otherwise', async () => {
    const config = testConfig('http://127.0.0.1:3000');
    const app = Fastify();
    await app.register(securityPlugin, { config });
    app.get('/api/x', async () => ({}));
    app.get('/api/cached', async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=60').send({}),
    );
    app.get('/page', async () => 'page');
    expect((await app.inject({ url: '/api/x' })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/cached' })).headers['cache-control']).toBe(
      'private, max-age=60',
    );
    expect((await app.inject({ url: '/page' })).headers['cache-control']).toBeUndefined();
    await app.close();
  });
});
