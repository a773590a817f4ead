import { newOutfitFieldsSchema, outfitPatchFieldsSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import { deleteOutfit, saveOutfit, updateOutfit } from '../../services/outfits.js';
import { readForm, requirePhoto } from '../form.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { idParam } from '../params.js';

export default async function outfitsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.services;

  // SPEC §7 names this call in the singular: POST outfit, with an optional id to replace one.
  app.post('/outfit', { config: { photoUpload: true } }, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const form = await readForm(request, 'image', 'outfit');
    const fields = newOutfitFieldsSchema.parse(form.fields);
    const { outfit, created } = await saveOutfit(
      ctx,
      request.user.id,
      fields,
      requirePhoto(form),
      key,
    );
    return reply.code(created ? 201 : 200).send(outfit);
  });

  app.patch('/outfits/:id', async (request) => {
    const id = idParam(request.params);
    const { updates } = outfitPatchFieldsSchema.parse((await readForm(request)).fields);
    return updateOutfit(ctx, request.user.id, id, updates);
  });

  app.delete('/outfits/:id', async (request, reply) => {
    await deleteOutfit(ctx, request.user.id, idParam(request.params));
    return reply.code(204).send();
  });
}
