import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type * as IORedis from 'ioredis';
import type { Redis, RedisOptions as ClientOptions } from 'ioredis';
import type { Config } from '../config.js';

const require = createRequire(import.meta.url);

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared client when REDIS_URL is set (rate limits, cache invalidation); null otherwise. */
    redis: Redis | null;
  }
}

export interface RedisOptions {
  config: Config;
}

/** A Redis client; ioredis is loaded (from node_modules, not the bundle) only when one is made. */
export function createRedisClient(url: string, options: ClientOptions): Redis {
  const { Redis: Client } = require('ioredis') as typeof IORedis;
  return new Client(url, options);
}

/** A client of REDIS_URL; a subscriber needs its own, which Redis dedicates to pub/sub. */
export function createRedis(url: string, name: string): Redis {
  // Loaded only when REDIS_URL is set.
  return createRedisClient(url, {
    connectionName: name,
    maxRetriesPerRequest: 3,
    lazyConnect: false,
  });
}

async function redisPlugin(app: FastifyInstance, { config }: RedisOptions): Promise<void> {
  if (!config.redisUrl) {
    app.decorate('redis', null);
    return;
  }
  const redis = createRedis(config.redisUrl, 'hanger');
  redis.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
}

export default fp(redisPlugin, { name: 'hanger-redis', fastify: '5.x' });
