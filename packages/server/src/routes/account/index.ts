import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logSecurityEvent } from '../../security-events.js';
import { deleteAccount } from '../../services/account.js';
import { readForm } from '../form.js';

/** The `confirm` field of a JSON, url-encoded or multipart body; undefined without one. */
async function confirmField(request: FastifyRequest): Promise<unknown> {
  const type = request.headers['content-type'] ?? '';
  if (/^application\/(.+\+)?json\b/i.test(type)) {
    const body = request.body;
    return body && typeof body === 'object' ? (body as Record<string, unknown>).confirm : undefined;
  }
  if (!request.isMultipart() && (request.body === undefined || request.body === null)) {
    return undefined;
  }
  const { fields } = await readForm(request);
  return fields.confirm;
}

/**
 * DELETE /api/users/me: the signed-in account deletes itself, confirmed by typing its e-mail
 * address. Everything it owns goes with it: rows, photos, the calendar feed.
 */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.delete('/users/me', async (request, reply) => {
    const confirm = await confirmField(request);
    await deleteAccount(app.identity, request.user.id, confirm);
    logSecurityEvent(request.log, 'account_deleted', { userId: request.user.id, ip: request.ip });
    return reply.code(204).send();
  });
}
