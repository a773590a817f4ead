import type { Redis } from 'ioredis';
import { createRedisClient } from '../plugins/redis.js';

/** A fixed window: at most `max` hits per `window` seconds. */
export interface RateRule {
  window: number;
  max: number;
}

export interface ConsumeResult {
  allowed: boolean;
  /** Seconds until the window frees up; null when allowed. */
  retryAfter: number | null;
}

/**
 * Counters behind both the per-address limits (better-auth's `customStorage`) and the per-account
 * limits. Check and increment happen in one step, so concurrent attempts cannot slip past a stale
 * read.
 */
export interface RateLimitStore {
  consume(key: string, rule: RateRule): Promise<ConsumeResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Window {
  count: number;
  resetAt: number;
}

const MEMORY_PRUNE_THRESHOLD = 10_000;

/** Counters of one process: right for a single server, wrong behind a load balancer. */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, Window>();

  function prune(t: number): void {
    if (windows.size < MEMORY_PRUNE_THRESHOLD) return;
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }

  return {
    async consume(key, rule) {
      const t = now();
      prune(t);
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.window * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the first PEXPIRE in one script so a crash between them cannot leave a counter that
// never expires (which would lock an account out for good).
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }
`;

export interface RedisStoreOptions {
  /** A connection URL (the store opens and closes its own client) or a client shared with others. */
  redis: string | Redis;
  prefix?: string;
  /** Called when Redis fails and the process-local counters take over for that call. */
  onError?: (error: unknown) => void;
}

/**
 * Counters shared by every server process through Redis. When Redis is unreachable the call falls
 * back to this process's own counters: limits stay in force (per process) instead of either
 * locking everyone out or switching protection off.
 */
export function createRedisRateLimitStore(options: RedisStoreOptions): RateLimitStore {
  const prefix = options.prefix ?? 'hanger:rate:';
  const owned = typeof options.redis === 'string';
  // Fail fast while Redis is down: one reconnect attempt per command, short connect timeout.
  const redis =
    typeof options.redis === 'string'
      ? createRedisClient(options.redis, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
      : options.redis;
  // ioredis reports connection trouble as 'error' events; without a listener Node would crash.
  if (owned) redis.on('error', (error) => options.onError?.(error));
  const fallback = createMemoryRateLimitStore();

  return {
    async consume(key, rule) {
      try {
        const [count, ttl] = (await redis.eval(
          CONSUME_SCRIPT,
          1,
          prefix + key,
          rule.window * 1000,
        )) as [number, number];
        if (count <= rule.max) return { allowed: true, retryAfter: null };
        return {
          allowed: false,
          retryAfter: Math.max(1, Math.ceil((ttl > 0 ? ttl : rule.window * 1000) / 1000)),
        };
      } catch (error) {
        options.onError?.(error);
        return fallback.consume(key, rule);
      }
    },
    async reset(key) {
      await fallback.reset(key);
      try {
        await redis.del(prefix + key);
      } catch (error) {
        options.onError?.(error);
      }
    },
    async close() {
      await fallback.close();
      if (owned) redis.disconnect();
    },
  };
}
