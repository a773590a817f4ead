import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/schema.js';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { BlobStore } from '../storage/blob-store.js';
import { isValidKey } from '../storage/blob-store.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { DiskBlobStore } from '../storage/disk.js';
import { MediaAccess } from '../storage/media-access.js';
import { mediaSigningKey } from '../storage/signed-url.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photos live: local disk or S3-compatible object storage. */
    storage: BlobStore;
    /** Photo capabilities: the `/media/m1.…/<key>` URLs answers carry, and their checks. */
    media: MediaAccess;
  }
}

export interface StoragePluginOptions {
  config: Pick<Config, 's3' | 'mediaDir' | 'authSecret' | 'publicUrl'>;
  /** The database the media stamps are read from (default `app.db` of the db plugin). */
  db?: Kysely<Database>;
}

const FORBIDDEN_DETAIL = 'This photo link is invalid or has expired.';
const NOT_FOUND_DETAIL = 'The requested photo was not found.';
/** A redirect to object storage is reused by the browser at most this long before it asks again. */
const REDIRECT_MAX_AGE_SECONDS = 3000;

function refuse(reply: FastifyReply, status: 403 | 404, detail: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ detail });
}

/** `m1.<capability>/<key>` → its two parts; `null` for any other shape. */
function splitMediaPath(rest: string): { segment: string; key: string } | null {
  const slash = rest.indexOf('/');
  if (slash < 0) return null;
  return { segment: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

/**
 * Serves photos at `/media/m1.<capability>/<key>`. The capability is the credential (no bearer
 * token in image URLs), so the route sits outside the authenticated API and its rate limits. A
 * capability opens only its owner's keys: another user's key, like a bad or expired capability,
 * gets the same 403. Disk photos are streamed; object-storage photos are a redirect to a
 * short-lived presigned URL, so the bytes never pass through the server.
 */
function registerMediaRoute(
  app: FastifyInstance,
  store: BlobStore,
  media: MediaAccess,
  publicUrl: string,
): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const parts = splitMediaPath(request.params['*']);
    if (!parts) return refuse(reply, 403, FORBIDDEN_DETAIL);
    const check = await media.check(parts.segment, parts.key);
    if (!check.ok) return refuse(reply, 403, FORBIDDEN_DETAIL);
    if (!isValidKey(parts.key)) return refuse(reply, 404, NOT_FOUND_DETAIL);

    const now = Math.floor(Date.now() / 1000);
    reply
      .header('cross-origin-resource-policy', 'same-origin')
      .header('x-content-type-options', 'nosniff')
      // A canvas that draws a photo loaded with crossorigin="anonymous" stays untainted.
      .header('access-control-allow-origin', publicUrl)
      .header('vary', 'Origin')
      // The capability is in the path: never send it on to another site as a Referer.
      .header('referrer-policy', 'no-referrer');

    if (store.presignedUrl) {
      // Object storage: whether the object exists is the store's answer to the presigned GET.
      const target = await store.presignedUrl(parts.key);
      const maxAge = Math.max(
        0,
        Math.min(REDIRECT_MAX_AGE_SECONDS, check.expires - now, target.expires - now - 600),
      );
      return reply
        .code(302)
        .header('cache-control', `private, max-age=${maxAge}`)
        .header('location', target.url)
        .send();
    }

    const blob = await store.get(parts.key);
    if (!blob) return refuse(reply, 404, NOT_FOUND_DETAIL);
    const maxAge = Math.max(0, check.expires - now);
    reply
      .header('content-type', blob.contentType)
      .header('cache-control', `private, max-age=${maxAge}, immutable`);
    if (blob.size !== undefined) reply.header('content-length', blob.size);
    return reply.send(blob.body);
  });
}

/**
 * Creates the photo store from the config, exposes it as `app.storage` (and the capabilities as
 * `app.media`) and closes it with the app.
 */
async function storagePlugin(
  app: FastifyInstance,
  { config, db }: StoragePluginOptions,
): Promise<void> {
  const store: BlobStore = await createBlobStore(config);
  const media = new MediaAccess({
    db: db ?? app.db,
    signingKey: mediaSigningKey(config.authSecret),
  });
  app.decorate('storage', store);
  app.decorate('media', media);
  app.addHook('onClose', async () => {
    await store.close?.();
  });
  if (store instanceof DiskBlobStore) {
    const swept = await store.sweepTemporaryFiles();
    if (swept > 0) app.log.info({ swept }, 'removed unfinished photo writes');
  }
  registerMediaRoute(app, store, media, config.publicUrl);
}

// The media stamps are read from the database (app.db).
export default fp(storagePlugin, {
  name: 'hanger-storage',
  fastify: '5.x',
  dependencies: ['hanger-db'],
});
