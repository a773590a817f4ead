import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { ServiceContext } from '../services/context.js';
import { createPriceConverter, loadRates } from '../services/prices.js';
import { WardrobeCache } from '../services/wardrobe-cache.js';
import { urlWindow } from '../storage/signed-url.js';
import { createRedis } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the product routes hand to the service functions. */
    services: ServiceContext;
  }
}

export interface ServicesOptions {
  config: Config;
}

async function servicesPlugin(app: FastifyInstance, { config }: ServicesOptions): Promise<void> {
  // Serialized wardrobes hold signed photo URLs: a new signing window needs a new serialization.
  const cache = new WardrobeCache({
    currentWindow: () => urlWindow().start,
    maxBytes: config.wardrobeCacheMb * 1024 * 1024,
  });
  if (app.redis && config.redisUrl) {
    const subscriber = createRedis(config.redisUrl, 'hanger-cache-subscriber');
    subscriber.on('error', (err) => app.log.warn({ err }, 'redis subscriber error'));
    await cache.connect(app.redis, subscriber);
  }
  app.addHook('onClose', async () => cache.close());

  const services: ServiceContext = {
    db: app.db,
    storage: app.storage,
    media: app.media,
    quota: {
      maxItems: config.maxItemsPerAccount,
      maxCalendarEntries: config.maxCalendarEntriesPerAccount,
    },
    prices: createPriceConverter(loadRates(config.ratesFile)),
    cache,
    log: app.log,
  };
  app.decorate('services', services);
}

export default fp(servicesPlugin, {
  name: 'hanger-services',
  fastify: '5.x',
  dependencies: ['hanger-db', 'hanger-storage', 'hanger-redis'],
});
