import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

export interface RateLimitOptions {
  config: Config;
}

/**
 * Requests per client address per minute across the API. With REDIS_URL the counters are shared
 * by every server process, so a client cannot multiply its budget through the load balancer.
 * The web app's static files are not counted.
 */
async function rateLimitPlugin(app: FastifyInstance, { config }: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: 60_000,
    ...(app.redis ? { redis: app.redis, nameSpace: 'hanger-rl:' } : {}),
    // A Redis outage must not take the API down with it.
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => {
      const error = new Error(`Too many requests. Try again in ${context.after}.`) as Error & {
        statusCode: number;
      };
      error.statusCode = context.statusCode;
      return error;
    },
  });
}

export default fp(rateLimitPlugin, { name: 'hanger-rate-limit', dependencies: ['hanger-redis'] });
