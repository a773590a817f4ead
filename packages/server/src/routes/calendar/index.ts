import {
  calendarDayParamsSchema,
  calendarDeleteSchema,
  calendarPutSchema,
  calendarRemoveParamsSchema,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import { addToDay, removeFromDay } from '../../services/calendar.js';
import { readForm } from '../form.js';
import { idParam } from '../params.js';

export default async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.services;

  app.put('/calendar/:date', async (request) => {
    // Only a day the app's calendar can open: one it cannot would hold wears no one can remove.
    const { date } = calendarDayParamsSchema.parse(request.params);
    const put = calendarPutSchema.parse((await readForm(request)).fields);
    return addToDay(ctx, request.user.id, date, put);
  });

  app.delete('/calendar/:date/:itemId', async (request, reply) => {
    const { date } = calendarRemoveParamsSchema.parse(request.params);
    // An id that cannot exist answers like one that is not on the day: 404.
    const itemId = idParam(request.params, { key: 'itemId' });
    const { item_type } = calendarDeleteSchema.parse((await readForm(request)).fields);
    await removeFromDay(ctx, request.user.id, date, itemId, item_type);
    return reply.code(204).send();
  });
}
