import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import type { AccessLog } from '../../plugins/access-log.js';
import { bearerToken } from '../../plugins/auth.js';
import type { RateVerdict } from '../../plugins/rate-limit.js';
import { cachedWardrobe } from '../../services/wardrobe.js';
import { matchesEtag } from '../../services/wardrobe-cache.js';
import { WARDROBE_VARY, wardrobeForm } from './negotiate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The revalidation fast path of GET /api/users (routes/users/revalidation.ts). */
    revalidation: RevalidationFastPath;
  }
}

const PATH = '/api/users';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
type Serve = (req: IncomingMessage, res: ServerResponse, next: Handler) => void;

/**
 * The web app's revalidation of its wardrobe (`GET /api/users` with the ETag it holds: every start
 * and every return to the tab) answered 304 as soon as the request's head is read, before Fastify
 * makes a request and a reply of it, routes it and runs its hooks: that machinery was most of a
 * 304's CPU (bench/throughput.bench.ts, case notModified).
 *
 * It does what the hook chain and the route do for such a request, with their own functions:
 * the API rate limit counts it (plugins/rate-limit.ts), the bearer token is taken only if the
 * access-token verifier remembers it (`recall`: same expiry and revocation checks), the wardrobe
 * form only if the cache holds it for that token (cachedWardrobe), the If-None-Match only if it
 * matches (matchesEtag); the 304 carries the same headers (security.ts's CORS and Cache-Control,
 * the rate-limit headers, ETag, Vary) and leaves the same access line under an id from Fastify's
 * own counter. Any other request, and any of these that does not check out (no or unknown
 * token, a revoked one, a wardrobe not cached, another ETag, a body, a query, HEAD, the rate
 * limit reached, an X-Forwarded-* header behind a trusted proxy), goes to Fastify unchanged;
 * once counted here, its count goes with it (the rate-limit hook does not count it again).
 *
 * The hooks of GET /api/users are checked in revalidation.test.ts: a hook added to that route
 * must be done here too (or the route taken off this path).
 */
export class RevalidationFastPath {
  /** 304s answered here (tests, measurements). */
  answered = 0;
  /** Off: every request goes to Fastify (tests compare both paths' answers). */
  enabled = true;
  private serve: Serve | undefined;

  constructor(
    private readonly accessLog: AccessLog,
    private readonly requestId: () => string,
  ) {}

  /**
   * Fastify's serverFactory: the HTTP server Fastify makes itself (lib/server.js: its timeouts
   * and request limit), with each request offered to this path before Fastify's handler.
   */
  readonly serverFactory: FastifyServerFactory<Server> = (handler, opts) => {
    const options = opts as {
      http?: object;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number;
    };
    const server = createServer(options.http ?? {}, (req, res) => {
      if (this.serve === undefined || !this.enabled) handler(req, res);
      else this.serve(req, res, handler);
    });
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket && options.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** Answers from now on (the app is ready: every service, limit and header list is made). */
  open(app: FastifyInstance, config: Pick<Config, 'trustProxy'>): void {
    this.serve = this.revalidator(app, config.trustProxy !== false);
  }

  /** Fastify answers everything from now on (503 while the app closes). */
  close(): void {
    this.serve = undefined;
  }

  private revalidator(app: FastifyInstance, proxied: boolean): Serve {
    const { services: ctx, apiRateLimit: rateLimit, apiNotModifiedHeaders, log } = app;
    const tokens = app.identity.accessTokens;
    const { accessLog, requestId } = this;
    const edge = apiNotModifiedHeaders.flat();

    return (req, res, next) => {
      const headers = req.headers;
      const ifNoneMatch = headers['if-none-match'];
      if (
        req.url !== PATH ||
        req.method !== 'GET' ||
        ifNoneMatch === undefined ||
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined ||
        // Behind a trusted proxy, request.ip and request.host come from these.
        (proxied &&
          (headers['x-forwarded-for'] !== undefined || headers['x-forwarded-host'] !== undefined))
      ) {
        next(req, res);
        return;
      }
      const token = bearerToken(headers.authorization);
      // request.ip without a trusted X-Forwarded-For.
      const ip = req.socket.remoteAddress;
      if (token === undefined || ip === undefined) {
        next(req, res);
        return;
      }
      const start = performance.now();
      rateLimit.count(ip, (verdict: RateVerdict) => {
        const handOn = () => {
          rateLimit.counted(req, verdict);
          next(req, res);
        };
        if (verdict.refusal !== undefined) return handOn();
        let etag: string | undefined;
        try {
          const user = tokens.recall(token);
          if (user !== undefined)
            etag = cachedWardrobe(ctx, user.id, user, wardrobeForm(headers.accept))?.etag;
        } catch {
          // A revoked token (Fastify's authenticate refuses it, 401, and logs why), or anything
          // else that failed: Fastify's path answers it as it would have.
          return handOn();
        }
        if (etag === undefined || !matchesEtag(ifNoneMatch, etag)) return handOn();

        const out = edge.slice();
        for (const [name, value] of verdict.headers) out.push(name, value);
        out.push('etag', etag, 'vary', WARDROBE_VARY);
        res.writeHead(304, out);
        res.end();
        this.answered++;
        const reqId = requestId();
        res.once('finish', () => {
          const request = {
            method: 'GET',
            url: PATH,
            host: headers.host ?? '',
            ip,
            socket: req.socket,
          };
          accessLog.answered(log, reqId, request, 304, performance.now() - start);
        });
      });
    };
  }
}

/** Opens the fast path once the app is ready and closes it when the app starts closing. */
export const revalidationPlugin = fp(
  async (
    app: FastifyInstance,
    { fastPath, config }: { fastPath: RevalidationFastPath; config: Config },
  ) => {
    app.decorate('revalidation', fastPath);
    app.addHook('onReady', async () => fastPath.open(app, config));
    app.addHook('preClose', async () => fastPath.close());
  },
  { name: 'hanger-revalidation' },
);
