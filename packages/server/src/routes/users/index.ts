import { WARDROBE_COLUMNS_CONTENT_TYPE, settingsPutSchema } from '@hanger/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { updateSettings, readSettings } from '../../services/settings.js';
import { cachedWardrobe, wardrobeFor } from '../../services/wardrobe.js';
import { matchesEtag, type WardrobeRepresentation } from '../../services/wardrobe-cache.js';
import { sendNotModified } from '../../plugins/security.js';
import { readForm } from '../form.js';
import { acceptsGzip, WARDROBE_VARY, wardrobeForm } from './negotiate.js';

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
   * The wardrobe (SPEC §7): the id-keyed maps by default, or the same wardrobe in columns for a
   * client that asks for `application/vnd.hanger.wardrobe+json; v=2` (the app; docs/wardrobe-wire.md).
   * Each form has its own ETag, so a 304 only ever confirms the form the client holds.
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
  // to the tab) is answered without a promise.
  app.get('/users', (request, reply) => {
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
  });

  app.get('/users/settings', async (request) => readSettings(ctx.db, request.user.id));

  app.put('/users/settings', async (request) => {
    const { fields } = await readForm(request);
    const { settings } = settingsPutSchema.parse(fields);
    return updateSettings(ctx, request.user.id, settings);
  });
}
