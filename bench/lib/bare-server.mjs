/**
 * The reference for GET /api/users throughput (issue 16): a bare node:http server answering the
 * same bytes from memory that Hanger answers — the wardrobe JSON, its gzip copy, its ETag and a
 * 304 for a matching If-None-Match — with no framework, no authentication, no database, no
 * logging. What Hanger reaches as a share of this is what its own per-request work costs.
 *
 * Run as its own process (like the server it is compared with):
 *   node bench/lib/bare-server.mjs <port> <body file> <gzip file> <etag>
 * It prints "listening" once it accepts connections.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile, gzipFile, etag] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const gzipped = readFileSync(gzipFile);

const server = createServer((request, response) => {
  const headers = {
    etag,
    vary: 'Accept-Encoding',
    'cache-control': 'no-store',
  };
  if (request.headers['if-none-match'] === etag) {
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
