import { itemsCsvFileName, wearDayKey } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import { itemsCsvFor } from '../../services/items-csv.js';

/** GET /api/export/items.csv: every item with its stats, for a spreadsheet. */
export default async function exportCsvRoutes(app: FastifyInstance): Promise<void> {
  app.get('/export/items.csv', async (request, reply) => {
    const now = new Date();
    const body = await itemsCsvFor(app.services, request.user.id, now);
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${itemsCsvFileName(wearDayKey(now))}"`)
      .send(body);
  });
}
