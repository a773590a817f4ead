import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';

export interface RawResponse {
  /** null when the server closed the connection without answering. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /**
   * The Content-Length to declare; by default the body's real length. A larger value with the
   * body sent and the connection half-closed is an upload cut off mid-way (a phone losing signal).
   * `null` sends no Content-Length (use with a Transfer-Encoding header).
   */
  contentLength?: number | null;
}

/**
 * Writes one HTTP/1.1 request byte for byte through a socket (no client library to fix it up)
 * and reads whatever the server answers until it closes the connection.
 */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
  const headers: Record<string, string> = { host: url.host, connection: 'close' };
  const length = request.contentLength === undefined ? body.length : request.contentLength;
  if (length !== null) headers['content-length'] = String(length);
  Object.assign(headers, request.headers);
  const head =
    `${request.method} ${request.path} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';

  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${request.method} ${request.path} within 10 s`));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks).toString('latin1')));
    };
    // The server has finished its side (allowHalfOpen keeps ours open for a slow body).
    socket.on('end', done);
    socket.on('close', done);
    socket.on('connect', () => {
      socket.write(head, 'latin1');
      if (body.length > 0) socket.write(body);
      // The server answers and closes (Connection: close). A body shorter than its declared
      // length is a client that went away: its side of the connection ends a moment later.
      if (length !== null && length > body.length) setTimeout(() => socket.end(), 200);
    });
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  if (!text.startsWith('HTTP/') || split < 0) return { status: null, headers: {}, body: text };
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = text.slice(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (eol < 0 || !size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
}

/** A multipart/form-data body as a browser sends it, parts given as raw bytes. */
export function multipartBody(
  boundary: string,
  parts: { name: string; value: Buffer | string; filename?: string; type?: string }[],
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** The server's pino lines, parsed: pass `logs.logger` (or a logger on `logs.stream`) to the app. */
export class LogCapture {
  readonly lines: LogLine[] = [];
  private pending = '';

  readonly stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.pending += chunk.toString('utf8');
      let eol: number;
      while ((eol = this.pending.indexOf('\n')) >= 0) {
        const line = this.pending.slice(0, eol);
        this.pending = this.pending.slice(eol + 1);
        if (line.trim()) this.lines.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });

  /** The app's logger option that writes its info lines (and above) here. */
  get logger(): { level: 'info'; stream: Writable } {
    return { level: 'info', stream: this.stream };
  }

  /** Lines logged from now on: call before the request, read after it. */
  mark(): { lines(): LogLine[] } {
    const start = this.lines.length;
    return { lines: () => this.lines.slice(start) };
  }

  /** The raw text of every line, to check that nothing secret was written. */
  text(): string {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
}

/** pino's numeric levels. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * GET through node:http with the bytes as they came over the wire (fetch would decompress them),
 * for checks of Content-Encoding, ETag and the compressed size.
 */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
