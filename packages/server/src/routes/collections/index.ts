import {
  collectionDuplicateSchema,
  collectionEntriesSchema,
  collectionPackedSchema,
  collectionPatchSchema,
  collectionsResponseSchema,
  newCollectionSchema,
  wireCollectionSchema,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCollectionEntries,
  createCollection,
  deleteCollection,
  duplicateCollection,
  readCollection,
  readCollections,
  removeCollectionEntry,
  setCollectionPacked,
  updateCollection,
} from '../../services/collections.js';
import { noContent, refusals } from '../answers.js';
import { idParamsSchema, pathIdSchema } from '../params.js';

/** The path of one entry of a collection. */
const entryParamsSchema = z.object({ id: pathIdSchema, entryId: pathIdSchema });

const JSON_BODY = ['application/json'];

/** The answers of a call that makes a collection under the client's id: a repeat finds it (200). */
const madeOrFound = (made: string) => ({
  201: wireCollectionSchema.describe(made),
  200: wireCollectionSchema.describe('The collection this id already names'),
  ...refusals(400, 401, 404, 413, 415, 422),
});

/**
 * Custom collections (docs/collections.md): packing lists and capsules with their items, outfits
 * and Packed ticks. Their own call rather than part of GET /api/users: the first view never shows
 * them (docs/collections.md, "Why a call of its own").
 */
export default async function collectionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  api.get(
    '/collections',
    {
      schema: {
        summary: "The account's collections (packing lists and capsules), oldest first",
        response: { 200: collectionsResponseSchema, ...refusals(401) },
      },
    },
    async (request) => readCollections(ctx, request.user.id),
  );

  api.post(
    '/collections',
    {
      schema: {
        summary:
          'Create a packing list or capsule; an id the account already holds answers that one (200)',
        consumes: JSON_BODY,
        body: newCollectionSchema,
        response: madeOrFound('The new collection'),
      },
    },
    async (request, reply) => {
      const { collection, created } = await createCollection(ctx, request.user.id, request.body);
      return reply.code(created ? 201 : 200).send(collection);
    },
  );

  api.get(
    '/collections/:id',
    {
      schema: {
        summary: 'One collection with its items, outfits and Packed ticks',
        params: idParamsSchema,
        response: { 200: wireCollectionSchema, ...refusals(401, 404) },
      },
    },
    async (request) => readCollection(ctx, request.user.id, request.params.id),
  );

  api.patch(
    '/collections/:id',
    {
      schema: {
        summary: "Change a collection's name, note, trip dates or destination",
        consumes: JSON_BODY,
        params: idParamsSchema,
        body: collectionPatchSchema,
        response: { 200: wireCollectionSchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => updateCollection(ctx, request.user.id, request.params.id, request.body),
  );

  api.delete(
    '/collections/:id',
    {
      schema: {
        summary: 'Delete a collection (its items and outfits stay in the wardrobe)',
        params: idParamsSchema,
        response: { 204: noContent, ...refusals(401, 404) },
      },
    },
    async (request, reply) => {
      await deleteCollection(ctx, request.user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/collections/:id/duplicate',
    {
      schema: {
        summary: '"Copy for the next trip": the same items and outfits, nothing packed, no dates',
        consumes: JSON_BODY,
        params: idParamsSchema,
        body: collectionDuplicateSchema,
        response: madeOrFound('The copy'),
      },
    },
    async (request, reply) => {
      const { collection, created } = await duplicateCollection(
        ctx,
        request.user.id,
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(collection);
    },
  );

  api.post(
    '/collections/:id/entries',
    {
      schema: {
        summary: 'Add items and outfits to a collection (those already on it stay once)',
        consumes: JSON_BODY,
        params: idParamsSchema,
        body: collectionEntriesSchema,
        response: { 200: wireCollectionSchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => addCollectionEntries(ctx, request.user.id, request.params.id, request.body),
  );

  for (const kind of ['item', 'outfit'] as const) {
    api.delete(
      `/collections/:id/${kind}s/:entryId`,
      {
        schema: {
          summary: `Take an ${kind} off a collection`,
          params: entryParamsSchema,
          response: { 204: noContent, ...refusals(401, 404) },
        },
      },
      async (request, reply) => {
        const { id, entryId } = request.params;
        await removeCollectionEntry(ctx, request.user.id, id, kind, entryId);
        return reply.code(204).send();
      },
    );
  }

  api.put(
    '/collections/:id/packed',
    {
      schema: {
        summary:
          'Tick pieces of a packing list Packed, or untick them; without item_ids, every piece',
        consumes: JSON_BODY,
        params: idParamsSchema,
        body: collectionPackedSchema,
        response: { 200: wireCollectionSchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => setCollectionPacked(ctx, request.user.id, request.params.id, request.body),
  );
}
