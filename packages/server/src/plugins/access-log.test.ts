import { openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { withRedactedUrls } from '../log-redaction.js';
import { AccessLog, LOG_FLUSH_MS, logDestination } from './access-log.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('access log', () => {
  it('writes one line per request with the request, its status and time', async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: withRedactedUrls({ level: 'info', stream }),
      logController: new AccessLog(),
    });
    app.get('/api/feed/:token', async () => 'ok');
    app.get('/boom', async () => {
      throw Object.assign(new Error('bad'), { statusCode: 400 });
    });
    await app.inject({ url: '/api/feed/secret-token.ics', remoteAddress: '10.1.2.3' });
    await app.inject({ url: '/boom' });
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/api/feed/[redacted]', remoteAddress: '10.1.2.3' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(requests[1]).toMatchObject({ req: { url: '/boom' }, res: { statusCode: 400 } });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
    await app.close();
  });

  it('writes batched lines within the flush interval, and what is held on a synchronous flush', async () => {
    const file = join(tmpdir(), `hanger-log-${process.pid}-${Date.now()}.log`);
    const fd = openSync(file, 'w');
    try {
      const destination = logDestination(fd) as ReturnType<typeof logDestination> & {
        flushSync(): void;
        end(): void;
        once(event: 'close', listener: () => void): void;
      };
      destination.write('{"msg":"one"}\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 3));
      expect(readFileSync(file, 'utf8')).toBe('{"msg":"one"}\n');
      destination.write('{"msg":"two"}\n');
      destination.flushSync();
      expect(readFileSync(file, 'utf8')).toBe('{"msg":"one"}\n{"msg":"two"}\n');
      // The destination closes the file.
      const closed = new Promise<void>((resolve) => destination.once('close', resolve));
      destination.end();
      await closed;
    } finally {
      rmSync(file, { force: true });
    }
  });
});
