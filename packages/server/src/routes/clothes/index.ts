import {
  itemBatchPatchFieldsSchema,
  itemBatchPatchResponseSchema,
  itemPatchFieldsSchema,
  itemPatchResponseSchema,
  newItemFieldsSchema,
  wireItemSchema,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batchUpdateItems } from '../../services/batch.js';
import { createItem, deleteItem, replaceItemImage, updateItem } from '../../services/clothes.js';
import { requestCutout, restoreOriginal } from '../../services/cutouts.js';
import { FORM_OVERHEAD_BYTES } from '../../plugins/body.js';
import { withFileField, withFileFields } from '../../plugins/openapi.js';
import { noContent, refusals } from '../answers.js';
import { batchRoutes } from '../batch.js';
import { FORM_TYPES, filesOf, formBody, photoOf, UPLOAD_TYPES } from '../form.js';
import { idempotencyHeadersSchema } from '../idempotency-key.js';
import { idParamsSchema } from '../params.js';

/** The photo beside the fields (photos/images.ts says which types are read). */
const PHOTO_FIELD = withFileField(
  'image',
  'The photo: JPEG, PNG, WebP, GIF, HEIC or AVIF, up to MAX_UPLOAD_BYTES',
);

/** PATCH .../image: the photo, its cut-out, or both (docs/cutouts.md). */
const IMAGE_FIELDS = withFileFields({
  image: {
    description: 'The new photo: JPEG, PNG, WebP, GIF, HEIC or AVIF (drops any cut-out)',
    required: false,
  },
  cutout: {
    description:
      "The edited cut-out: a PNG or WebP with alpha at the original's pixel size (the new image's when both are sent)",
    required: false,
  },
});

export default async function clothesRoutes(
  app: FastifyInstance,
  options: { maxUploadBytes?: number } = {},
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  api.post(
    '/clothes',
    {
      config: { photoUpload: true, swaggerTransform: PHOTO_FIELD },
      preValidation: formBody('image'),
      schema: {
        summary: 'Add an item: its photo (field image) and fields',
        consumes: UPLOAD_TYPES,
        headers: idempotencyHeadersSchema,
        body: newItemFieldsSchema,
        response: {
          201: wireItemSchema.describe('The item (or the one an earlier call with this key made)'),
          ...refusals(400, 401, 404, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const item = await createItem(ctx, request.user.id, request.body, photoOf(request), key);
      return reply.code(201).send(item);
    },
  );

  batchRoutes(app, 'clothes', {
    noun: 'items',
    body: itemBatchPatchFieldsSchema,
    response: itemBatchPatchResponseSchema,
    update: (ctx, userId, { ids, updates }) => batchUpdateItems(ctx, userId, ids, updates),
  });

  api.patch(
    '/clothes/:id',
    {
      preValidation: formBody(),
      schema: {
        summary: "Change an item's fields (field updates, JSON)",
        consumes: FORM_TYPES,
        params: idParamsSchema,
        body: itemPatchFieldsSchema,
        response: { 200: itemPatchResponseSchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => updateItem(ctx, request.user.id, request.params.id, request.body.updates),
  );

  api.patch(
    '/clothes/:id/image',
    {
      config: {
        photoUpload: true,
        swaggerTransform: IMAGE_FIELDS,
        // Two files: the photo and its cut-out.
        ...(options.maxUploadBytes
          ? { maxBodyBytes: 2 * options.maxUploadBytes + FORM_OVERHEAD_BYTES }
          : {}),
      },
      preValidation: formBody(['image', 'cutout']),
      schema: {
        summary: "Replace an item's photo (field image), its cut-out (field cutout), or both",
        consumes: UPLOAD_TYPES,
        params: idParamsSchema,
        body: z.object({}),
        response: { 200: itemPatchResponseSchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => {
      const { image, cutout } = filesOf(request);
      return replaceItemImage(ctx, request.user.id, request.params.id, { image, cutout });
    },
  );

  api.post(
    '/clothes/:id/cutout',
    {
      schema: {
        summary: 'Remove background: queue a cut-out of the original photo',
        params: idParamsSchema,
        response: {
          202: itemPatchResponseSchema.describe('The item with cutout "pending"'),
          ...refusals(401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const patch = await requestCutout(ctx, request.user.id, request.params.id);
      return reply.code(202).send(patch);
    },
  );

  api.delete(
    '/clothes/:id/cutout',
    {
      schema: {
        summary: 'Restore original: show the original photo, drop the cut-out',
        params: idParamsSchema,
        response: { 200: itemPatchResponseSchema, ...refusals(401, 404) },
      },
    },
    async (request) => restoreOriginal(ctx, request.user.id, request.params.id),
  );

  api.delete(
    '/clothes/:id',
    {
      schema: {
        summary: 'Delete an item',
        params: idParamsSchema,
        response: { 204: noContent, ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteItem(ctx, request.user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
