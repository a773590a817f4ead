import { healthAnswerSchema, healthUnavailableSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { refusals } from '../answers.js';

/**
 * GET /api/health: liveness and readiness in one. 200 when the database answers, 503 otherwise,
 * so a load balancer stops sending traffic to a process that cannot serve it. No token needed.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Liveness and readiness: whether the database answers',
        security: [],
        response: {
          200: healthAnswerSchema,
          503: healthUnavailableSchema.describe('The database is unreachable'),
          500: refusals()[500],
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply
          .code(503)
          .send({ status: 'unavailable', detail: 'The database is unreachable.' });
      }
      return { status: 'ok' as const };
    },
  );
}
