import { accountDeleteSchema } from '@hanger/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logSecurityEvent } from '../../security-events.js';
import { deleteAccount } from '../../services/account.js';
import { noContent, refusals } from '../answers.js';
import { FORM_TYPES, readForm } from '../form.js';

/**
 * The body as `{ confirm }`, from a JSON, url-encoded or multipart body; `{}` without one (or
 * with JSON that is not an object), which the service refuses with its reason.
 */
async function confirmBody(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type'] ?? '';
  const body = request.body;
  if (/^application\/(.+\+)?json\b/i.test(type)) {
    request.body =
      body && typeof body === 'object' ? { confirm: (body as { confirm?: unknown }).confirm } : {};
  } else if (!request.isMultipart() && (body === undefined || body === null)) {
    request.body = {};
  } else {
    request.body = (await readForm(request)).fields;
  }
}

/**
 * DELETE /api/users/me: the signed-in account deletes itself, confirmed by typing its e-mail
 * address. Everything it owns goes with it: rows, photos, the calendar feed.
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/users/me',
    {
      preValidation: confirmBody,
      schema: {
        summary: 'Delete the signed-in account and everything it owns',
        consumes: ['application/json', ...FORM_TYPES],
        body: accountDeleteSchema,
        response: { 204: noContent, ...refusals(400, 401, 404, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.identity, request.user.id, request.body.confirm);
      logSecurityEvent(request.log, 'account_deleted', { userId: request.user.id, ip: request.ip });
      return reply.code(204).send();
    },
  );
}
