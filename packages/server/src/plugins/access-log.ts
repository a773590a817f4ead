import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
// Fastify's own logger (a dependency of fastify; the same module the framework logs with).
import pino from 'pino';

/**
 * Bytes of log lines held before they are written (some forty access lines; below sonic-boom's
 * 16 kB maxWrite).
 */
export const LOG_BATCH_BYTES = 12 * 1024;
/** The longest a log line waits to be written. */
export const LOG_FLUSH_MS = 250;

/**
 * Where the server's log goes: standard output, written in batches of LOG_BATCH_BYTES or every
 * LOG_FLUSH_MS, whichever comes first, instead of one write per line. A write costs about as much
 * as the rest of a cached answer's own work; with one access line per request that was a write
 * per request. What is held is written when the process exits, also after an uncaught error or
 * process.exit(); only a process killed outright (SIGKILL, out of memory) loses the last quarter
 * second of lines.
 *
 * The lines are held here and handed to pino's destination (sonic-boom) a batch at a time, which
 * writes each batch at once, synchronously: one write(2) per batch, no hand-over to libuv's thread
 * pool and back, and lines land in the order they were logged even when the process exits in the
 * middle of a batch (an asynchronous write still in the thread pool then could land after the
 * lines flushed at exit). sonic-boom holding the lines itself (its minLength) appended every line
 * to one growing string and measured that string's UTF-8 length again on every write: about 5 µs
 * of a 304's 68 µs at a 12 kB batch (perf, bench/throughput.bench.ts), and more the longer the
 * batch.
 */
export function logDestination(fd = 1): LineBatches {
  return new LineBatches(pino.destination({ dest: fd, sync: true }));
}

/** pino's destination (sonic-boom), as LineBatches uses it. */
type Sink = ReturnType<typeof pino.destination> & { readonly destroyed?: boolean };

/** Destinations holding lines: written out when the process exits, however it exits. */
const holding = new Set<LineBatches>();
let exitHooked = false;

/** A log destination that holds lines and hands them to its sink a batch at a time. */
export class LineBatches {
  private held: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sink: Sink) {
    if (!exitHooked) {
      exitHooked = true;
      // Synchronous: nothing asynchronous runs once 'exit' is emitted.
      process.on('exit', () => {
        for (const destination of holding) destination.flushSync();
      });
    }
  }

  write(line: string): boolean {
    this.held.push(line);
    this.bytes += Buffer.byteLength(line);
    if (this.bytes >= LOG_BATCH_BYTES) this.handOn();
    else if (this.timer === undefined) {
      holding.add(this);
      // Not unref'd: a process that ends on its own first writes what is held.
      this.timer = setTimeout(() => this.handOn(), LOG_FLUSH_MS);
    }
    return true;
  }

  /** Hands what is held to the sink, which writes it. */
  private handOn(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    holding.delete(this);
    if (this.held.length === 0) return;
    const batch = this.held.length === 1 ? this.held[0]! : this.held.join('');
    this.held = [];
    this.bytes = 0;
    if (!this.sink.destroyed) this.sink.write(batch);
  }

  /** Writes what is held and what the sink holds, synchronously. */
  flushSync(): void {
    this.handOn();
    if (!this.sink.destroyed) this.sink.flushSync();
  }

  flush(callback?: (err?: Error) => void): void {
    this.handOn();
    this.sink.flush(callback);
  }

  end(): void {
    this.handOn();
    this.sink.end();
  }

  once(event: string, listener: (...args: unknown[]) => void): this {
    this.sink.once(event, listener);
    return this;
  }
}

/**
 * One access line per request instead of Fastify's two ("incoming request" when it arrives and
 * "request completed" when it is answered): the line written when the answer is sent carries both
 * halves (the request as log-redaction.ts serializes it: method, redacted URL, host, client
 * address and port; the status; the time taken) under the request's id. A failed response is
 * still "request errored" at error level; refusals, 5xx and security events keep their own lines
 * (errors plugin, security-events.ts). A request whose client hangs up before the answer is sent
 * leaves no access line (as Fastify's "request completed" never did); errors it raised are logged.
 *
 * Fastify's own way to change its request lines: a LogController subclass passed as the
 * `logController` server option, overriding the two lines it changes and writing them through the
 * request's logger (reply.log). Every other line of Fastify's stays as it is.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
  }
}
