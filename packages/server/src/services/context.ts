import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CutoutFeature } from './cutouts.js';
import type { PriceConverter } from './prices.js';
import type { AccountQuota } from './quota.js';
import type { WardrobeCache } from './wardrobe-cache.js';

/** The photo store as the storage plugin provides it. */
export type BlobStore = FastifyInstance['storage'];
/** Photo capabilities (storage/media-access.ts) as the storage plugin provides them. */
export type MediaAccess = FastifyInstance['media'];

/** What every service function works with; built once per app by the services plugin. */
export interface ServiceContext {
  db: Kysely<Database>;
  storage: BlobStore;
  media: MediaAccess;
  /** What one account may hold (services/quota.ts). */
  quota: AccountQuota;
  prices: PriceConverter;
  cache: WardrobeCache;
  /** Cut-out photos: the model's runner and the queue of jobs (services/cutouts.ts). */
  cutouts: CutoutFeature;
  log: FastifyBaseLogger;
  /**
   * Queue the colour backfill for items an import brought without colours
   * (services/colour-backfill.ts); set by the colour jobs plugin.
   */
  queueColourBackfill?: () => Promise<void>;
}
