import {
  WARDROBE_COLUMNS_CONTENT_TYPE,
  wardrobeColumnsOutlineSchema,
  wardrobeResponseSchema,
} from '@hanger/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cachedWardrobe, wardrobeFor } from '../../services/wardrobe.js';
import { matchesEtag, type WardrobeRepresentation } from '../../services/wardrobe-cache.js';
import { sendNotModified } from '../../plugins/security.js';
import { noContent, refusals } from '../answers.js';
import { acceptsGzip, WARDROBE_VARY, wardrobeForm } from './negotiate.js';

/**
 * GET /users, the wardrobe: the app's every start and every return to the tab. It takes no body,
 * so it is declared outside the scope of the routes that read forms (routes/index.ts); the
 * account's settings under /users/settings are settings.ts's.
 */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.services;

  // The early 304 (revalidation.ts) is GET /users's last onRequest hook: it needs request.user.
  // The API scope's rate limit and authenticate are appended to each route by their onRoute hooks,
  // which run before this scope's (Fastify runs a parent's onRoute hooks first), so appending it
  // here puts it after them.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' || !route.url.endsWith('/users')) return;
    const hooks = route.onRequest;
    route.onRequest = [
      ...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]),
      app.revalidation.onRequest,
    ];
  });

  /**
   * The wardrobe (docs/spec.md §7): the id-keyed maps by default, or the same wardrobe in columns
   * for a client that asks for `application/vnd.hanger.wardrobe+json; v=2` (the app;
   * docs/wardrobe-wire.md). Each form has its own ETag, so a 304 only ever confirms the form the
   * client holds.
   */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    wardrobe: WardrobeRepresentation,
    columns: boolean,
  ): Promise<FastifyReply> => {
    reply.type(columns ? WARDROBE_COLUMNS_CONTENT_TYPE : 'application/json; charset=utf-8');
    // gzip only: brotli saves under 2% on what is mostly the ids' randomness, for several times
    // the CPU (docs/wardrobe-wire.md).
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(await wardrobe.gzipped());
    }
    return reply.send(wardrobe.body);
  };

  // Not an async function: a revalidation of a cached wardrobe (the app's every start and return
  // to the tab) is answered without a promise. The answer is sent already serialised (the
  // wardrobe cache's bytes), so its schema documents it and is never run on it.
  app.get(
    '/users',
    {
      schema: {
        summary: 'The wardrobe: clothes, outfits and calendar (or in columns, when asked for)',
        response: {
          200: {
            description: 'The wardrobe, in the form Accept asks for; ETag names it',
            content: {
              'application/json': { schema: wardrobeResponseSchema },
              [WARDROBE_COLUMNS_CONTENT_TYPE]: { schema: wardrobeColumnsOutlineSchema },
            },
          },
          304: noContent.describe('Not modified: the wardrobe If-None-Match names is current'),
          ...refusals(401),
        },
      },
    },
    (request, reply) => {
      const form = wardrobeForm(request.headers.accept);
      const columns = form === 'columns';
      const revalidate = (wardrobe: WardrobeRepresentation): boolean => {
        reply.header('etag', wardrobe.etag).header('vary', WARDROBE_VARY);
        if (!matchesEtag(request.headers['if-none-match'], wardrobe.etag)) return false;
        sendNotModified(reply);
        return true;
      };
      const cached = cachedWardrobe(ctx, request.user.id, request.user, form);
      if (cached !== undefined && revalidate(cached)) return undefined;
      if (cached !== undefined) return answer(request, reply, cached, columns);
      return wardrobeFor(ctx, request.user.id, request.user, form).then((wardrobe) =>
        revalidate(wardrobe) ? reply : answer(request, reply, wardrobe, columns),
      );
    },
  );
}
