import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * GET /api/health: liveness and readiness in one. 200 when the database answers, 503 otherwise,
 * so a load balancer stops sending traffic to a process that cannot serve it. No token needed.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { rateLimit: false } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply
        .code(503)
        .send({ status: 'unavailable', detail: 'The database is unreachable.' });
    }
    return { status: 'ok' };
  });
}
