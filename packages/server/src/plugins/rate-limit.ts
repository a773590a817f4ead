import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

export interface RateLimitOptions {
  config: Config;
}

const WINDOW_MS = 60_000;

/** The 429's text (the errors plugin answers it as `{ detail }`). */
function tooManyRequests(wait: string): Error & { statusCode: number } {
  return Object.assign(new Error(`Too many requests. Try again in ${wait}.`), {
    statusCode: 429,
  });
}

/**
 * Requests per client address per minute across the API, counted by @fastify/rate-limit through
 * its public options. With REDIS_URL the counters are shared by every server process (the
 * plugin's Redis store), so a client cannot multiply its budget through the load balancer.
 * IPv6 clients are counted per /64 (the plugin's default key). The web app's static files and
 * photo links are not counted (allowList); a route may declare its own limit
 * (`config: { rateLimit: { max, timeWindow } }`, counted apart) or none (`rateLimit: false`).
 *
 * The limit is an onRequest hook that @fastify/rate-limit adds to each route as it is declared:
 * routes must be declared after this plugin (auth and the API depend on it). Its 429 goes
 * through the errors plugin, and carries the security plugin's headers (its hooks run first).
 */
async function rateLimitPlugin(app: FastifyInstance, { config }: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: WINDOW_MS,
    ...(app.redis ? { redis: app.redis, nameSpace: 'hanger-rl:' } : {}),
    // A Redis outage must not take the API down with it: the request goes through.
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
  });
}

export default fp(rateLimitPlugin, {
  name: 'hanger-rate-limit',
  fastify: '5.x',
  dependencies: ['hanger-errors', 'hanger-security', 'hanger-redis'],
});
