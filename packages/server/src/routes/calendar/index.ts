import {
  calendarDayParamsSchema,
  calendarDeleteSchema,
  calendarPutSchema,
  calendarRemoveParamsSchema,
  wireCalendarEntrySchema,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addToDay, removeFromDay } from '../../services/calendar.js';
import { noContent, refusals } from '../answers.js';
import { FORM_TYPES, formBody } from '../form.js';
import { pathIdSchema } from '../params.js';

/**
 * DELETE calendar/{date}/{itemId}: the date first (422 when it is not one), then the id, which
 * answers like one that is not on the day when it cannot exist: 404 (params.ts).
 */
const removeParamsSchema = calendarRemoveParamsSchema.extend({ itemId: pathIdSchema });

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  // Only a day the app's calendar can open: one it cannot would hold wears no one can remove.
  api.put(
    '/calendar/:date',
    {
      preValidation: formBody(),
      schema: {
        summary: 'Add clothes and outfits to a day, or set its display item',
        consumes: FORM_TYPES,
        params: calendarDayParamsSchema,
        body: calendarPutSchema,
        response: { 200: wireCalendarEntrySchema, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request) => addToDay(ctx, request.user.id, request.params.date, request.body),
  );

  api.delete(
    '/calendar/:date/:itemId',
    {
      preValidation: formBody(),
      schema: {
        summary: 'Remove an item or outfit (item_type) from a day',
        consumes: FORM_TYPES,
        params: removeParamsSchema,
        body: calendarDeleteSchema,
        response: { 204: noContent, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const { date, itemId } = request.params;
      await removeFromDay(ctx, request.user.id, date, itemId, request.body.item_type);
      return reply.code(204).send();
    },
  );
}
