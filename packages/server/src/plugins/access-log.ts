import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
// Fastify's own logger (a dependency of fastify; the same module the framework logs with).
import pino from 'pino';

/** Bytes of log lines held before they are written (about ten access lines). */
export const LOG_BATCH_BYTES = 4096;
/** The longest a log line waits to be written. */
export const LOG_FLUSH_MS = 250;

/**
 * Where the server's log goes: standard output, written in batches of LOG_BATCH_BYTES or every
 * LOG_FLUSH_MS, whichever comes first, instead of one write per line. A write costs about as much
 * as the rest of a cached answer's own work; with one access line per request that was a write
 * per request. What is held is written when the process exits, also after an uncaught error
 * (pino's exit handler); only a process killed outright (SIGKILL, out of memory) loses the last
 * quarter second of lines.
 */
export function logDestination(fd = 1): pino.DestinationStream {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
}

/**
 * One access line per request instead of Fastify's two ("incoming request" when it arrives and
 * "request completed" when it is answered): the line written when the answer is sent carries both
 * halves (the request as log-redaction.ts serializes it: method, redacted URL, host, client
 * address and port; the status; the time taken) under the request's id. A failed response is
 * still "request errored" at error level; refusals, 5xx and security events keep their own lines
 * (errors plugin, security-events.ts). A request whose client hangs up before the answer is sent
 * leaves no access line (as Fastify's "request completed" never did); errors it raised are logged.
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
