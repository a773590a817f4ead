import { itemPatchFieldsSchema, newItemFieldsSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import { createItem, deleteItem, replaceItemImage, updateItem } from '../../services/clothes.js';
import { readForm, requirePhoto } from '../form.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { idParam } from '../params.js';

export default async function clothesRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.services;

  app.post('/clothes', { config: { photoUpload: true } }, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const form = await readForm(request, 'image');
    const fields = newItemFieldsSchema.parse(form.fields);
    const item = await createItem(ctx, request.user.id, fields, requirePhoto(form), key);
    return reply.code(201).send(item);
  });

  app.patch('/clothes/:id', async (request) => {
    const id = idParam(request.params);
    const { updates } = itemPatchFieldsSchema.parse((await readForm(request)).fields);
    return updateItem(ctx, request.user.id, id, updates);
  });

  app.patch('/clothes/:id/image', { config: { photoUpload: true } }, async (request) => {
    const id = idParam(request.params);
    const form = await readForm(request, 'image');
    return replaceItemImage(ctx, request.user.id, id, requirePhoto(form));
  });

  app.delete('/clothes/:id', async (request, reply) => {
    await deleteItem(ctx, request.user.id, idParam(request.params));
    return reply.code(204).send();
  });
}
