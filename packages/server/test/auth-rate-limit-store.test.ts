import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from '../src/auth/rate-limit-store.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rule = { window: 60, max: 3 };

async function consumeTimes(store: RateLimitStore, key: string, times: number) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await store.consume(key, rule));
  return results;
}

describe('rate-limit counters', () => {
  const stores: RateLimitStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });

  it('in memory: allows max hits per window, then reports when to retry, then opens again', async () => {
    const clock = { now: 1_000_000 };
    const store = createMemoryRateLimitStore(() => clock.now);
    const results = await consumeTimes(store, 'k', 4);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfter).toBe(60);

    clock.now += 59_000;
    expect((await store.consume('k', rule)).allowed).toBe(false);
    clock.now += 1_000;
    expect((await store.consume('k', rule)).allowed).toBe(true);
  });

  it('in Redis: several stores (processes) share one count, and reset clears it', async () => {
    const one = createRedisRateLimitStore({ redis: REDIS_URL });
    const two = createRedisRateLimitStore({ redis: REDIS_URL });
    stores.push(one, two);
    const key = `test:${randomUUID()}`;

    expect((await one.consume(key, rule)).allowed).toBe(true);
    expect((await two.consume(key, rule)).allowed).toBe(true);
    expect((await one.consume(key, rule)).allowed).toBe(true);
    const blocked = await two.consume(key, rule);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfter).toBeGreaterThan(55);

    await one.reset(key);
    expect((await two.consume(key, rule)).allowed).toBe(true);
  });

  it('with Redis unreachable: keeps limiting within the process and reports the outage', async () => {
    const errors: unknown[] = [];
    const store = createRedisRateLimitStore({
      redis: 'redis://127.0.0.1:1',
      onError: (e) => errors.push(e),
    });
    stores.push(store);
    const results = await consumeTimes(store, 'k', 4);
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(errors.length).toBeGreaterThan(0);
  });
});
