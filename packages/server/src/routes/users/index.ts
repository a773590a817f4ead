import { settingsPutSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import { updateSettings, readSettings } from '../../services/settings.js';
import { wardrobeFor } from '../../services/wardrobe.js';
import { matchesEtag } from '../../services/wardrobe-cache.js';
import { readForm } from '../form.js';

function acceptsGzip(header: string | undefined): boolean {
  return !!header && /\bgzip\b/i.test(header) && !/\bgzip\s*;\s*q=0(\.0*)?\b/i.test(header);
}

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.services;

  app.get('/users', async (request, reply) => {
    const wardrobe = await wardrobeFor(ctx, request.user.id, request.user);
    reply.header('etag', wardrobe.etag).header('vary', 'Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], wardrobe.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(await wardrobe.gzipped());
    }
    return reply.send(wardrobe.body);
  });

  app.get('/users/settings', async (request) => readSettings(ctx.db, request.user.id));

  app.put('/users/settings', async (request) => {
    const { fields } = await readForm(request);
    const { settings } = settingsPutSchema.parse(fields);
    return updateSettings(ctx, request.user.id, settings);
  });
}
