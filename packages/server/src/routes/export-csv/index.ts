import { itemsCsvFileName, wearDayKey } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { itemsCsvFor } from '../../services/items-csv.js';
import { refusals } from '../answers.js';

/** GET /api/export/items.csv: every item with its stats, for a spreadsheet. */
export default async function exportCsvRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/export/items.csv',
    {
      schema: {
        summary: 'Every item with its stats, as CSV',
        response: {
          200: {
            description: 'The items, one row each, as an attachment',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...refusals(401),
        },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const body = await itemsCsvFor(app.services, request.user.id, now);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${itemsCsvFileName(wearDayKey(now))}"`,
        )
        .send(body);
    },
  );
}
