import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotModified } from '../../plugins/security.js';
import { cachedWardrobe } from '../../services/wardrobe.js';
import { matchesEtag } from '../../services/wardrobe-cache.js';
import { WARDROBE_VARY, wardrobeForm } from './negotiate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The early 304 of GET /api/users (routes/users/revalidation.ts). */
    revalidation: EarlyRevalidation;
  }
}

/**
 * The web app's revalidation of its wardrobe (`GET /api/users` with the ETag it holds: every start
 * and every return to the tab) answered 304 in an onRequest hook of that route, as soon as the
 * hooks before it have run (edge headers, body size, rate limit, bearer token), when the wardrobe
 * cache already holds that account's wardrobe in the form asked for and its ETag matches. Anything
 * else (no If-None-Match, another ETag, a wardrobe not cached) goes on to the route's handler,
 * which answers 304 or 200 itself (routes/users/index.ts).
 */
export interface EarlyRevalidation {
  /** 304s answered by the hook (tests, measurements). */
  answered: number;
  /** Off: the handler answers every request (tests compare both answers). */
  enabled: boolean;
  /** The hook: the route's last onRequest hook, after authenticate. */
  readonly onRequest: onRequestHookHandler;
}

function earlyRevalidation(app: FastifyInstance): EarlyRevalidation {
  const state: EarlyRevalidation = {
    answered: 0,
    enabled: true,
    onRequest: function revalidateCached(request, reply, done) {
      const ifNoneMatch = request.headers['if-none-match'];
      if (!state.enabled || ifNoneMatch === undefined) {
        done();
        return;
      }
      const form = wardrobeForm(request.headers.accept);
      const cached = cachedWardrobe(app.services, request.user.id, request.user, form);
      if (cached === undefined || !matchesEtag(ifNoneMatch, cached.etag)) {
        done();
        return;
      }
      state.answered++;
      reply.header('etag', cached.etag).header('vary', WARDROBE_VARY);
      // Answered here: Fastify runs no later hook nor the handler.
      sendNotModified(reply);
    },
  };
  return state;
}

/** Provides the early 304 hook (app.revalidation); routes/users/index.ts puts it on its route. */
export const revalidationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('revalidation', earlyRevalidation(app));
  },
  { name: 'hanger-revalidation', fastify: '5.x', dependencies: ['hanger-services', 'hanger-auth'] },
);
