import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers/app.js';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

// Serving the web app does not touch the database: one engine is enough.
describe("the web app's precompressed assets (docs/performance.md)", () => {
  let t: TestApp;
  let webDir: string;
  const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  const INDEX = `<!doctype html><html><head><title>Hanger</title></head><body>${'<p>hi</p>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'hanger-web-br-'));
    await mkdir(join(webDir, 'assets'));
    await writeFile(join(webDir, 'index.html'), INDEX);
    await writeFile(join(webDir, 'index.html.br'), brotliCompressSync(INDEX));
    await writeFile(join(webDir, 'assets/app-1.js'), SCRIPT);
    await writeFile(join(webDir, 'assets/app-1.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(webDir, 'assets/app-1.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(webDir, 'assets/plain-1.js'), SCRIPT);
    t = await startApp('sqlite', { env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  /** node:http, which neither asks for nor decodes compression by itself (fetch would). */
  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${t.baseUrl}${path}`,
          { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );

  it('sends the Brotli copy to a client that accepts it, with the type and caching of the file', async () => {
    const res = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without Brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('sends a file without copies as it is', async () => {
    const res = await get('/assets/plain-1.js', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('compresses the page a client route falls back to', async () => {
    const res = await get('/items', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });
});
