import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.js';

/** A Content-Security-Policy header as directive name → its sources. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * OWASP ASVS 5.0 level 2, V3.4.3 and V3.4.6: a global allowlist policy with object-src 'none' and
 * base-uri 'none', frame-ancestors 'none'; and for this app form-action 'self' and scripts from
 * its own files only.
 */
function expectAsvsPolicy(header: string | null): void {
  expect(header).toBeTruthy();
  const csp = parseCsp(header ?? '');
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  // Nothing that runs code may be loosened anywhere, and no wildcard source.
  for (const [name, sources] of csp) {
    if (name.startsWith('script') || name === 'default-src' || name === 'worker-src') {
      expect(sources, name).not.toContain("'unsafe-inline'");
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(sources, name).not.toContain("'unsafe-hashes'");
      expect(sources, name).not.toContain('data:');
    }
    expect(sources, name).not.toContain('*');
    expect(sources, name).not.toContain('http:');
    expect(sources, name).not.toContain('https:');
  }
}

// Serving the web app does not touch the database: one engine is enough.
describe('the web app', () => {
  describe('when it has been built', () => {
    let t: TestApp;
    const INDEX =
      '<!doctype html><html><head><script type="module" src="/assets/app-3f2a.js"></script></head><body><div id="root"></div></body></html>';

    let webDir: string;

    beforeAll(async () => {
      // Prepared before the server starts, as a build would leave it (files are found at start-up).
      webDir = await mkdtemp(join(tmpdir(), 'hanger-web-'));
      await mkdir(join(webDir, 'assets'), { recursive: true });
      await writeFile(join(webDir, 'index.html'), INDEX);
      await writeFile(join(webDir, 'assets', 'app-3f2a.js'), 'console.log("app");');
      await writeFile(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      t = await startApp('sqlite', { env: { WEB_DIR: webDir } });
    });
    afterAll(async () => {
      await t?.close();
      await rm(webDir, { recursive: true, force: true });
    });

    it.each([
      '/',
      '/items',
      '/items/5b8c6f0e-1111-4d6a-9a67-2f0f8d3c9b10',
      '/calendar/2025/03/14',
      '/groups/wishlist/upload',
    ])('answers the client route %s with index.html', async (path) => {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(INDEX);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    });

    it('sends a Content-Security-Policy that meets ASVS 5.0 level 2 on pages, assets and the API', async () => {
      for (const path of ['/', '/items', '/assets/app-3f2a.js', '/api/users', '/api/health']) {
        const response = await fetch(`${t.baseUrl}${path}`);
        expectAsvsPolicy(response.headers.get('content-security-policy'));
      }
    });

    it('serves hashed assets with a long cache life and other files revalidated', async () => {
      const asset = await fetch(`${t.baseUrl}/assets/app-3f2a.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const icon = await fetch(`${t.baseUrl}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('cache-control')).toBe('no-cache');
    });

    it('answers 404 for a missing file, an API path, and a non-GET client route', async () => {
      expect((await fetch(`${t.baseUrl}/assets/missing-1234.js`)).status).toBe(404);
      const api = await fetch(`${t.baseUrl}/api/unknown`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ detail: expect.any(String) });
      expect((await fetch(`${t.baseUrl}/items`, { method: 'POST' })).status).toBe(404);
    });
  });

  describe('when it has not been built', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp('sqlite');
    });
    afterAll(() => t?.close());

    it('answers a minimal page that says how to build it, on every client route', async () => {
      for (const path of ['/', '/items']) {
        const response = await fetch(`${t.baseUrl}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await response.text()).toContain('npm run build');
      }
    });
  });
});
