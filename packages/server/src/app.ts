import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { AccessLog, logDestination } from './plugins/access-log.js';
import authPlugin from './plugins/auth.js';
import bodyPlugin from './plugins/body.js';
import colourJobsPlugin from './plugins/colour-jobs.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors.js';
import cutoutsPlugin from './plugins/cutouts.js';
import jobsPlugin from './plugins/jobs.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import redisPlugin from './plugins/redis.js';
import securityPlugin from './plugins/security.js';
import servicesPlugin from './plugins/services.js';
import storagePlugin from './plugins/storage.js';
import webPlugin from './plugins/web.js';
import apiRoutes from './routes/index.js';
import { revalidationPlugin } from './routes/users/revalidation.js';
import { withRedactedUrls } from './log-redaction.js';
import { importPhotoSlots, setPhotoConcurrency } from './photos/photo-slots.js';
import { repairPathEncoding } from './routes/params.js';

/** A hop count means "trust that many proxies in front of this server". */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export interface BuildOptions {
  /** Overrides the logger built from config.logLevel (tests pass false). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * The whole server, ready to listen: plugins in dependency order, then the API, then the web app
 * (whose not-found handler is the history fallback). Opening the database runs its migrations.
 * Each plugin names the plugins it needs before it (fastify-plugin `dependencies`): Fastify refuses
 * to start when one is registered before what it depends on, so the order below is checked, not
 * only followed.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  setPhotoConcurrency(config.photoConcurrency);
  importPhotoSlots.setLimit(config.importPhotoConcurrency);
  const app = Fastify({
    // Request lines never carry the tokens some URLs hold (feed, export, e-mail links).
    logger: withRedactedUrls(
      options.logger ?? { level: config.logLevel, stream: logDestination() },
    ),
    // One access line per request (the request, its status and time), not two.
    logController: new AccessLog(),
    trustProxy: trustProxyOption(config.trustProxy),
    // Ids are at most MAX_ID (200) long; a longer one reaches its route and answers 404 like any
    // id that cannot exist. Past this the router gives up, and frameworkErrors answers that 404.
    routerOptions: { maxParamLength: 2000 },
    frameworkErrors: frameworkErrorHandler,
    // Paths whose escapes are not UTF-8 are routed as a lenient decoder reads them (404, not 400).
    rewriteUrl: (request) => repairPathEncoding(request.url ?? '/'),
  });
  try {
    await app.register(errorsPlugin);
    await app.register(securityPlugin, { config });
    await app.register(redisPlugin, { config });
    await app.register(rateLimitPlugin, { config });
    await app.register(bodyPlugin, { config });
    await app.register(dbPlugin, { config });
    await app.register(storagePlugin, { config });
    await app.register(authPlugin, {
      config,
      db: app.db,
      dialect: app.dbDialect,
      // The account's rows go with it (foreign keys); its photos and cached wardrobe go here.
      onUserDeleted: async (userId: string) => {
        await app.storage.deletePrefix(userId);
        await app.services.cache.invalidate(userId);
      },
    });
    await app.register(servicesPlugin, { config });
    await app.register(jobsPlugin, { config });
    await app.register(cutoutsPlugin, { config });
    await app.register(colourJobsPlugin, { config });
    await app.register(revalidationPlugin);
    await app.register(apiRoutes, { prefix: '/api', config });
    await app.register(webPlugin, { config });
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}
