import { batchDeleteFieldsSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { batchDelete } from '../services/batch.js';
import type { ServiceContext } from '../services/context.js';
import { noContent, refusals } from './answers.js';
import { FORM_TYPES, formBody } from './form.js';

/**
 * PATCH and DELETE of many items (`/clothes`) or many outfits (`/outfits`) at once: "Select many"
 * (docs/select-many.md), one transaction each, refused whole for any id not the user's.
 */
export function batchRoutes<Body extends z.ZodType<{ ids: string[] }>, Answer extends z.ZodType>(
  app: FastifyInstance,
  table: 'clothes' | 'outfits',
  patch: {
    /** The records' name in the summaries: items, outfits. */
    noun: string;
    body: Body;
    response: Answer;
    update: (ctx: ServiceContext, userId: string, body: z.output<Body>) => Promise<z.input<Answer>>;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  // Without the type provider: it cannot resolve schemas that are type parameters. The schemas
  // still validate and answer; `update` is checked against them where the routes are declared.
  app.patch(
    `/${table}`,
    {
      preValidation: formBody(),
      schema: {
        summary: `Change many ${patch.noun} at once (fields ids and updates, JSON): all or nothing`,
        consumes: FORM_TYPES,
        body: patch.body,
        response: { 200: patch.response, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => patch.update(ctx, request.user.id, request.body as z.output<Body>),
  );

  api.delete(
    `/${table}`,
    {
      preValidation: formBody(),
      schema: {
        summary: `Delete many ${patch.noun} at once (field ids, JSON): all or nothing`,
        consumes: FORM_TYPES,
        body: batchDeleteFieldsSchema,
        response: { 204: noContent, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      await batchDelete(ctx, table, request.user.id, request.body.ids);
      return reply.code(204).send();
    },
  );
}
