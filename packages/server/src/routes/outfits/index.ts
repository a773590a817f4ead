import {
  newOutfitFieldsSchema,
  outfitBatchPatchFieldsSchema,
  outfitBatchPatchResponseSchema,
  outfitPatchFieldsSchema,
  outfitPatchResponseSchema,
  wireOutfitSchema,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchUpdateOutfits } from '../../services/batch.js';
import { deleteOutfit, saveOutfit, updateOutfit } from '../../services/outfits.js';
import { withFileField } from '../../plugins/openapi.js';
import { noContent, refusals } from '../answers.js';
import { batchRoutes } from '../batch.js';
import { FORM_TYPES, formBody, photoOf, UPLOAD_TYPES } from '../form.js';
import { idempotencyHeadersSchema } from '../idempotency-key.js';
import { idParamsSchema } from '../params.js';

/** The photo beside the fields (photos/images.ts says which types are read). */
const PHOTO_FIELD = withFileField(
  'image',
  'The photo: JPEG, PNG, WebP, GIF, HEIC or AVIF, up to MAX_UPLOAD_BYTES',
);

export default async function outfitsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  // docs/spec.md §7 names this call in the singular: POST outfit, with an optional id to replace
  // one.
  api.post(
    '/outfit',
    {
      config: { photoUpload: true, swaggerTransform: PHOTO_FIELD },
      preValidation: formBody('image', 'outfit'),
      schema: {
        summary:
          "Save an outfit: its photo (field image) and canvas; with an id, change that outfit's",
        consumes: UPLOAD_TYPES,
        headers: idempotencyHeadersSchema,
        body: newOutfitFieldsSchema,
        response: {
          201: wireOutfitSchema.describe('A new outfit'),
          200: wireOutfitSchema.describe('The outfit the id names, changed'),
          ...refusals(400, 401, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const { outfit, created } = await saveOutfit(
        ctx,
        request.user.id,
        request.body,
        photoOf(request),
        key,
      );
      return reply.code(created ? 201 : 200).send(outfit);
    },
  );

  batchRoutes(app, 'outfits', {
    noun: 'outfits',
    body: outfitBatchPatchFieldsSchema,
    response: outfitBatchPatchResponseSchema,
    update: (ctx, userId, { ids, updates }) => batchUpdateOutfits(ctx, userId, ids, updates),
  });

  api.patch(
    '/outfits/:id',
    {
      preValidation: formBody(),
      schema: {
        summary: "Change an outfit's fields (field updates, JSON)",
        consumes: FORM_TYPES,
        params: idParamsSchema,
        body: outfitPatchFieldsSchema,
        response: { 200: outfitPatchResponseSchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => updateOutfit(ctx, request.user.id, request.params.id, request.body.updates),
  );

  api.delete(
    '/outfits/:id',
    {
      schema: {
        summary: 'Delete an outfit',
        params: idParamsSchema,
        response: { 204: noContent, ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteOutfit(ctx, request.user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
