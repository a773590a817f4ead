/**
 * The reference for GET /api/users throughput (docs/performance.md): a bare node:http server
 * answering the same bytes from memory that Hanger answers — the wardrobe JSON, its gzip copy, its
 * ETag and a 304 for a matching If-None-Match — with no framework, no authentication, no database,
 * no logging. What Hanger reaches as a share of this is what its own per-request work costs.
 *
 * Run as its own process (like the server it is compared with):
 *   node bench/lib/bare-server.mjs <port> <body file> <gzip file> <etag> [<headers file>]
 * It prints "listening" once it accepts connections. With a headers file (a JSON object
 * `{ ok, notModified }`, each the header names and values of Hanger's own answer of that status as
 * the bench read them: security, CORS, rate-limit, Vary, Cache-Control) every answer carries those
 * of its status, so that a 304 is the same bytes as Hanger's (Date aside); without it, only ETag,
 * Vary and Cache-Control.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile, gzipFile, etag, headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const gzipped = readFileSync(gzipFile);
const extra = headersFile
  ? JSON.parse(readFileSync(headersFile, 'utf8'))
  : { ok: {}, notModified: {} };

const server = createServer((request, response) => {
  const notModified = request.headers['if-none-match'] === etag;
  const headers = {
    etag,
    vary: 'Accept, Accept-Encoding',
    'cache-control': 'no-store',
    ...(notModified ? extra.notModified : extra.ok),
  };
  if (notModified) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = gzipped.length;
    response.writeHead(200, headers);
    response.end(gzipped);
    return;
  }
  headers['content-length'] = body.length;
  response.writeHead(200, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
