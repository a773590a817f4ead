import { startAnswerSchema, type StartAnswer } from '@hanger/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { identityGet, passCookies } from '../../auth/identity-call.js';
import { answerSettings, readSettings } from '../../services/settings.js';
import { refusals } from '../answers.js';

interface SessionBody {
  user?: { id?: unknown; name?: unknown; email?: unknown; image?: unknown };
}

/**
 * GET /api/start (docs/performance.md): the three answers the app needs before its first screen —
 * the session's user (better-auth get-session), an access token (GET /api/auth/token) and the
 * user's settings — in one round trip instead of a chain of three. Both identity answers come from
 * the identity service's own endpoints, called in-process with the request's cookie (or session
 * bearer), so every check, hook and rate limit of those endpoints applies unchanged; a refreshed
 * session cookie is passed on. Signed out, it answers 200 `{ user: null }` (no console error for a
 * first visit). Never cached: the answer carries a bearer token.
 */
export default async function startRoutes(app: FastifyInstance): Promise<void> {
  const identity = app.identity;

  const identityCall = (request: FastifyRequest, path: string) =>
    identityGet(identity, request, path);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/start',
    {
      schema: {
        summary: 'Who is signed in (session cookie), an access token and their settings',
        security: [{ session: [] }, {}],
        response: {
          200: startAnswerSchema,
          429: startAnswerSchema.describe('The identity service refused: too many requests'),
          500: refusals()[500],
        },
      },
    },
    async (request, reply): Promise<StartAnswer> => {
      reply.header('cache-control', 'no-store').header('vary', 'Cookie, Authorization');
      const [session, token] = await Promise.all([
        identityCall(request, '/get-session'),
        identityCall(request, '/token'),
      ]);
      passCookies(reply, session);
      if (session.status === 429 || token.status === 429) {
        reply.code(429);
        return { user: null };
      }
      const body = session.ok
        ? ((await session.json().catch(() => null)) as SessionBody | null)
        : null;
      const user = body?.user;
      const minted = token.ok
        ? ((await token.json().catch(() => null)) as { token?: unknown } | null)
        : null;
      if (!user || typeof user.id !== 'string' || typeof minted?.token !== 'string') {
        return { user: null };
      }
      // Both answers must speak for the same account (they read the same cookie; a sign-in between
      // the two reads is the only way they could differ).
      const claims = await identity.accessTokens.verify(minted.token).catch(() => null);
      if (!claims || claims.id !== user.id) return { user: null };
      return {
        user: {
          id: user.id,
          name: typeof user.name === 'string' ? user.name : '',
          email: typeof user.email === 'string' ? user.email : '',
          image: typeof user.image === 'string' ? user.image : null,
        },
        token: minted.token,
        settings: await answerSettings(app.services, await readSettings(app.services.db, user.id)),
      };
    },
  );
}
