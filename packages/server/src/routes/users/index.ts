import { WARDROBE_COLUMNS_CONTENT_TYPE, settingsPutSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import { updateSettings, readSettings } from '../../services/settings.js';
import { wardrobeFor } from '../../services/wardrobe.js';
import { matchesEtag } from '../../services/wardrobe-cache.js';
import { readForm } from '../form.js';
import { acceptsGzip, wantsColumns } from './negotiate.js';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.services;

  /**
   * The wardrobe (SPEC §7): the id-keyed maps by default, or the same wardrobe in columns for a
   * client that asks for `application/vnd.hanger.wardrobe+json; v=2` (the app; docs/wardrobe-wire.md).
   * Each form has its own ETag, so a 304 only ever confirms the form the client holds.
   */
  app.get('/users', async (request, reply) => {
    const columns = wantsColumns(request.headers.accept);
    const answer = await wardrobeFor(
      ctx,
      request.user.id,
      request.user,
      columns ? 'columns' : 'json',
    );
    reply.header('etag', answer.etag).header('vary', 'Accept, Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    reply.type(columns ? WARDROBE_COLUMNS_CONTENT_TYPE : 'application/json; charset=utf-8');
    // gzip only: brotli saves under 2% on what is mostly the ids' randomness, for several times
    // the CPU (docs/wardrobe-wire.md).
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(await answer.gzipped());
    }
    return reply.send(answer.body);
  });

  app.get('/users/settings', async (request) => readSettings(ctx.db, request.user.id));

  app.put('/users/settings', async (request) => {
    const { fields } = await readForm(request);
    const { settings } = settingsPutSchema.parse(fields);
    return updateSettings(ctx, request.user.id, settings);
  });
}
