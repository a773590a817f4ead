import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createBlobStore } from '../storage/create-blob-store.js';
import { DiskBlobStore } from '../storage/disk.js';
import { verifyMediaSignature } from '../storage/signed-url.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photos live: local disk or S3-compatible object storage. */
    storage: BlobStore;
  }
}

export interface StoragePluginOptions {
  config: Pick<Config, 's3' | 'mediaDir' | 'authSecret' | 'publicUrl'>;
}

const FORBIDDEN_DETAIL = 'This photo link is invalid or has expired.';
const NOT_FOUND_DETAIL = 'The requested photo was not found.';

function refuse(reply: FastifyReply, status: 403 | 404, detail: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ detail });
}

/**
 * Serves disk-stored photos at `/media/<key>?exp=&sig=`. The signature is the capability (no bearer
 * token in image URLs), so the route sits outside the authenticated API and its rate limits.
 */
function registerMediaRoute(app: FastifyInstance, store: DiskBlobStore, publicUrl: string): void {
  app.get<{ Params: { '*': string }; Querystring: Record<string, unknown> }>(
    '/media/*',
    async (request, reply) => {
      const key = request.params['*'];
      const check = verifyMediaSignature(
        store.signingKey,
        key,
        request.query.exp,
        request.query.sig,
      );
      if (!check.ok) return refuse(reply, 403, FORBIDDEN_DETAIL);

      const blob = await store.get(key);
      if (!blob) return refuse(reply, 404, NOT_FOUND_DETAIL);

      const maxAge = Math.max(0, check.expires - Math.floor(Date.now() / 1000));
      reply
        .header('content-type', blob.contentType)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('cross-origin-resource-policy', 'same-origin')
        .header('x-content-type-options', 'nosniff')
        // A canvas that draws a photo loaded with crossorigin="anonymous" stays untainted.
        .header('access-control-allow-origin', publicUrl)
        .header('vary', 'Origin');
      if (blob.size !== undefined) reply.header('content-length', blob.size);
      return reply.send(blob.body);
    },
  );
}

/** Creates the photo store from the config, exposes it as `app.storage` and closes it with the app. */
async function storagePlugin(
  app: FastifyInstance,
  { config }: StoragePluginOptions,
): Promise<void> {
  const store: BlobStore = await createBlobStore(config);
  app.decorate('storage', store);
  app.addHook('onClose', async () => {
    await store.close?.();
  });
  if (store instanceof DiskBlobStore) {
    const swept = await store.sweepTemporaryFiles();
    if (swept > 0) app.log.info({ swept }, 'removed unfinished photo writes');
    registerMediaRoute(app, store, config.publicUrl);
  }
}

export default fp(storagePlugin, { name: 'hanger-storage', fastify: '5.x' });
