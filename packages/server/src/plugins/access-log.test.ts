import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { withRedactedUrls } from '../log-redaction.js';
import {
  AccessLog,
  LOG_BATCH_BYTES,
  LOG_FLUSH_MS,
  logDestination,
} from './access-log.js';

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

/** The server's log destination (logDestination) as a test drives it: its synchronous side too. */
type FileDestination = ReturnType<typeof logDestination> & {
  flushSync(): void;
  end(): void;
  once(event: 'close', listener: () => void): void;
};

/**
 * Runs `body` with the log destination writing to a new temporary file and `read` reading that
 * file; then ends the destination, which closes the file, and removes it.
 */
async function withFileDestination(
  name: string,
  body: (destination: FileDestination, read: () => string) => Promise<void>,
): Promise<void> {
  const file = join(tmpdir(), `${name}-${process.pid}-${Date.now()}.log`);
  const fd = openSync(file, 'w');
  try {
    const destination = logDestination(fd) as FileDestination;
    await body(destination, () => readFileSync(file, 'utf8'));
    // The destination closes the file.
    const closed = new Promise<void>((resolve) => destination.once('close', resolve));
    destination.end();
    await closed;
  } finally {
    rmSync(file, { force: true });
  }
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

  it('writes nothing below its level, and answers without a logger', async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: withRedactedUrls({ level: 'warn', stream }),
      logController: new AccessLog(),
    });
    app.get('/x', async () => 'ok');
    await app.inject({ url: '/x' });
    await app.close();
    expect(lines).toHaveLength(0);
    const quiet = Fastify({ logger: false, logController: new AccessLog() });
    quiet.get('/x', async () => 'ok');
    expect((await quiet.inject({ url: '/x' })).statusCode).toBe(200);
    await quiet.close();
  });

  it('writes batched lines within the flush interval, and what is held on a synchronous flush', async () => {
    await withFileDestination('hanger-log', async (destination, read) => {
      destination.write('{"msg":"one"}\n');
      expect(read()).toBe('');
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_MS * 3));
      expect(read()).toBe('{"msg":"one"}\n');
      destination.write('{"msg":"two"}\n');
      destination.flushSync();
      expect(read()).toBe('{"msg":"one"}\n{"msg":"two"}\n');
    });
  });

  it('hands full batches on at once, in order, and writes a batch of exactly its size on a synchronous flush', async () => {
    await withFileDestination('hanger-log-batch', async (destination, read) => {
      // 64-byte lines: a batch is exactly LOG_BATCH_BYTES.
      const line = (i: number) => `{"msg":"${String(i).padStart(53, '0')}"}\n`;
      expect(line(0)).toHaveLength(64);
      const perBatch = LOG_BATCH_BYTES / 64;
      for (let i = 0; i < perBatch - 1; i++) destination.write(line(i));
      expect(read()).toBe('');
      destination.write(line(perBatch - 1));
      // The full batch is in the file at once, without waiting for the flush interval.
      expect(read().length).toBe(LOG_BATCH_BYTES);
      for (let i = perBatch; i < 2 * perBatch; i++) destination.write(line(i));
      expect(read().length).toBe(2 * LOG_BATCH_BYTES);
      for (let i = 2 * perBatch; i < 3 * perBatch - 1; i++) destination.write(line(i));
      destination.write('{"msg":"last"}\n');
      destination.flushSync();
      // What was held is written by flushSync. Every line arrives, in order.
      const expected = `${Array.from({ length: 3 * perBatch - 1 }, (_, i) => line(i)).join('')}{"msg":"last"}\n`;
      expect(read()).toBe(expected);
    });
  });

  it('loses no line held when the process ends, exits, fails or is told to stop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hanger-log-exit-'));
    const script = join(dir, 'child.mts');
    const pino = createRequire(import.meta.url).resolve('pino');
    const accessLog = fileURLToPath(new URL('./access-log.ts', import.meta.url));
    writeFileSync(
      script,
      `import { openSync } from 'node:fs';
import pino from ${JSON.stringify(pino)};
import { logDestination } from ${JSON.stringify(accessLog)};
const [file, lines, how] = process.argv.slice(2);
const log = pino({ level: 'info' }, logDestination(openSync(file, 'w')));
for (let i = 0; i < Number(lines); i++) log.info({ i }, 'request completed');
if (how === 'throw') setTimeout(() => { throw new Error('uncaught'); }, 5);
if (how === 'exit') process.exit(3);
if (how === 'sigterm') {
  // As server.ts's shutdown: the app closes, then the process exits.
  process.on('SIGTERM', () => setTimeout(() => process.exit(0), 5));
  setInterval(() => undefined, 1000);
  console.log('ready');
}
`,
    );
    const run = (how: string, lines: number) =>
      new Promise<{ code: number | null; lines: number[] }>((resolve, reject) => {
        const file = join(dir, `${how}-${lines}.log`);
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', script, file, String(lines), how],
          {
            stdio: ['ignore', 'pipe', 'ignore'],
          },
        );
        child.stdout.on('data', () => child.kill('SIGTERM'));
        child.once('error', reject);
        child.once('exit', (code) =>
          resolve({
            code,
            lines: readFileSync(file, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((l) => (JSON.parse(l) as { i: number }).i),
          }),
        );
      });
    try {
      // 10 lines: all held; 1,000: some forty batches, some in flight when the process ends.
      for (const lines of [10, 1000]) {
        for (const [how, code] of [
          ['end', 0],
          ['exit', 3],
          ['throw', 1],
          ['sigterm', 0],
        ] as const) {
          const result = await run(how, lines);
          expect({ how, code: result.code }).toEqual({ how, code });
          expect(result.lines).toEqual(Array.from({ length: lines }, (_, i) => i));
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
