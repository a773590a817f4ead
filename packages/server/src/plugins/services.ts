import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { CutoutRunner } from '../cutout/runner.js';
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

  // The model runs in child processes started on demand (cutout/runner.ts): nothing of it is
  // loaded here, so the server's idle memory is the same with the feature on.
  const runner = config.cutout
    ? new CutoutRunner({ concurrency: config.cutoutConcurrency, log: app.log })
    : null;
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
    // The job queue comes with the cut-outs plugin (plugins/cutouts.ts), registered after the
    // queue's own plugin; until then nothing can be queued.
    cutouts: {
      runner,
      queue: {
        enqueue: () => Promise.reject(new Error('The job queue is not ready')),
        cancel: async () => undefined,
      },
    },
    log: app.log,
  };
  // onClose hooks run in reverse order: the job queue (registered later) has stopped taking and
  // finished its jobs by the time the model's children are ended here.
  app.addHook('onClose', async () => {
    await runner?.close();
  });
  app.decorate('services', services);
}

export default fp(servicesPlugin, {
  name: 'hanger-services',
  fastify: '5.x',
  dependencies: ['hanger-db', 'hanger-storage', 'hanger-redis'],
});
