import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's per-address limit (the global one), for answers made outside the hook chain. */
    apiRateLimit: ApiRateLimit;
  }
}

export interface RateLimitOptions {
  config: Config;
}

/** What counting one request gave: the headers it is answered with, and past the limit its 429. */
export interface RateVerdict {
  headers: [name: string, value: string][];
  refusal: Error | undefined;
}

/**
 * The API's global limit, for the revalidation fast path (routes/users/revalidation.ts), which
 * answers before Fastify's hooks run: it counts the request here, and when it hands the request
 * on to Fastify after all, the hook takes that verdict instead of counting the request again.
 */
export interface ApiRateLimit {
  /** Counts a request from `ip` (request.ip); the callback may run at once (local counters). */
  count(ip: string, callback: (verdict: RateVerdict) => void): void;
  /** The request was counted (`count`) before it reached Fastify. */
  counted(raw: IncomingMessage, verdict: RateVerdict): void;
}

const VERDICT = Symbol('hanger.rateLimitVerdict');
type CountedRequest = IncomingMessage & { [VERDICT]?: RateVerdict };

const WINDOW_MS = 60_000;
/** Client addresses counted at once in this process (as @fastify/rate-limit's local store). */
const LOCAL_KEYS_MAX = 5000;
/** IPv6 clients are counted per /64, as @fastify/rate-limit does. */
const IPV6_SUBNET = 64;

/** One address's count in the current window. */
interface Count {
  current: number;
  ttl: number;
}

/** Counts a request of `key` and hands back its count and what is left of its window. */
export interface CountStore {
  incr(key: string, callback: (error: Error | null, count: Count | null) => void): void;
}

interface Window {
  current: number;
  startMs: number;
}

/**
 * This process's counters: a fixed window per key (as @fastify/rate-limit's LocalStore), at most
 * `maxKeys` keys. A key is (re)inserted when its window starts, so the map is in order of window
 * start: when it is full, keys whose window has ended go first, then the key whose window started
 * longest ago. Counting a request is one lookup; nothing is allocated for a known key but the
 * answer.
 */
export class LocalCountStore implements CountStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs = WINDOW_MS,
    private readonly maxKeys = LOCAL_KEYS_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  count(key: string): Count {
    const now = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.startMs + this.windowMs <= now) {
      if (window !== undefined) this.windows.delete(key);
      else if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { current: 0, startMs: now };
      this.windows.set(key, window);
    }
    window.current++;
    return { current: window.current, ttl: this.windowMs - (now - window.startMs) };
  }

  /** Drops the keys whose window has ended (the oldest first), or else the oldest window. */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.startMs + this.windowMs > now) break;
      this.windows.delete(key);
    }
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }

  incr(key: string, callback: (error: Error | null, count: Count | null) => void): void {
    callback(null, this.count(key));
  }
}

/** @fastify/rate-limit's Redis store (its Lua script, key prefix and window rule), shared by processes. */
function redisCountStore(redis: Redis, nameSpace: string, max: number): CountStore {
  const require = createRequire(import.meta.url);
  const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key: string,
  ) => {
    incr(
      key: string,
      callback: (error: Error | null, count: Count | null) => void,
      timeWindow: number,
      max: number,
    ): void;
  };
  const store = new RedisStore(false, false, redis, nameSpace);
  return { incr: (key, callback) => store.incr(key, callback, WINDOW_MS, max) };
}

/** "1 minute", "59 seconds": how @fastify/rate-limit words the wait (@lukeed/ms, long form). */
export function formatWait(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  if (ms < 1000) return `${ms} ms`;
  for (const [size, unit] of units) {
    if (ms >= size || unit === 'second') {
      const n = Math.round(ms / size);
      return `${n} ${unit}${n === 1 ? '' : 's'}`;
    }
  }
  return `${ms} ms`;
}

function tooManyRequests(wait: string): Error & { statusCode: number } {
  return Object.assign(new Error(`Too many requests. Try again in ${wait}.`), {
    statusCode: 429,
  });
}

/** The counted key of a client: its address, an IPv6 one cut to its /64. */
function clientKey(ip: string): string {
  return ip.includes(':') ? normalizeIP(ip, IPV6_SUBNET) : ip;
}

/**
 * Requests per client address per minute across the API. With REDIS_URL the counters are shared
 * by every server process, so a client cannot multiply its budget through the load balancer.
 * The web app's static files and photo links are not counted; a route may declare its own limit
 * (`config: { rateLimit: { max, timeWindow } }`, counted apart) or none (`rateLimit: false`).
 *
 * The global limit is this plugin's own onRequest hook, not @fastify/rate-limit's: that one is an
 * async function that awaits its allow list, its key and a promise around the store for every
 * request, about as much as the rest of a cached GET /api/users. This one counts in a Map (or
 * with @fastify/rate-limit's Redis script) and answers with the same headers and 429 text.
 * @fastify/rate-limit still serves the routes that declare their own limit.
 */
async function rateLimitPlugin(app: FastifyInstance, { config }: RateLimitOptions): Promise<void> {
  const max = config.rateLimitMax;
  const nameSpace = 'hanger-rl:';
  const store: CountStore = app.redis
    ? redisCountStore(app.redis, nameSpace, max)
    : new LocalCountStore();
  const limit = String(max);

  const verdictOf = (count: Count | null): RateVerdict => {
    // A Redis outage must not take the API down with it: the request goes through.
    const current = count?.current ?? 0;
    const reset = String(Math.ceil((count?.ttl ?? 0) / 1000));
    if (current <= max) {
      return {
        headers: [
          ['x-ratelimit-limit', limit],
          ['x-ratelimit-remaining', String(max - current)],
          ['x-ratelimit-reset', reset],
        ],
        refusal: undefined,
      };
    }
    return {
      headers: [
        ['x-ratelimit-limit', limit],
        ['x-ratelimit-remaining', '0'],
        ['x-ratelimit-reset', reset],
        ['retry-after', reset],
      ],
      refusal: tooManyRequests(formatWait(Number(reset) * 1000)),
    };
  };

  const count = (ip: string, callback: (verdict: RateVerdict) => void): void => {
    const key = clientKey(ip);
    if (store instanceof LocalCountStore) {
      callback(verdictOf(store.count(key)));
      return;
    }
    store.incr(key, (error, result) => callback(verdictOf(error ? null : result)));
  };

  const answer = (reply: FastifyReply, done: HookHandlerDoneFunction, verdict: RateVerdict) => {
    const { headers } = verdict;
    for (let i = 0; i < headers.length; i++) reply.header(headers[i]![0], headers[i]![1]);
    done(verdict.refusal);
  };

  const globalLimit: onRequestHookHandler = function globalRateLimit(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ) {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    const before = (request.raw as CountedRequest)[VERDICT];
    if (before !== undefined) {
      answer(reply, done, before);
      return;
    }
    count(request.ip, (verdict) => answer(reply, done, verdict));
  };

  app.decorate('apiRateLimit', {
    count,
    counted: (raw: IncomingMessage, verdict: RateVerdict) => {
      (raw as CountedRequest)[VERDICT] = verdict;
    },
  } satisfies ApiRateLimit);

  // Routes that declare a limit of their own; `global: false` leaves every other route to the hook.
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: WINDOW_MS,
    ...(app.redis ? { redis: app.redis, nameSpace } : {}),
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
  });

  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit != null) return;
    const existing = route.onRequest;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.onRequest = [...hooks, globalLimit];
  });
}

export default fp(rateLimitPlugin, { name: 'hanger-rate-limit', dependencies: ['hanger-redis'] });
