import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import { InvalidAccessTokenError, type AuthUser } from '../auth/access-token.js';
import {
  AUTH_BASE_PATH,
  createAuth,
  type AuthService,
  type CreateAuthOptions,
} from '../auth/create-auth.js';
import { toWebRequest, sendWebResponse } from '../auth/web-bridge.js';
import { UnauthorizedError } from '../errors.js';
import { logSecurityEvent } from '../security-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity service (better-auth and the access-token verifier). */
    identity: AuthService;
    /**
     * Hook that admits a request only with a valid `Authorization: Bearer <access token>` and sets
     * `request.user`. Use as `{ onRequest: app.authenticate }` on a route or as a global hook.
     */
    authenticate: {
      (request: FastifyRequest, reply: FastifyReply): Promise<void>;
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
    };
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; only read it on routes that run that hook. */
    user: AuthUser;
  }
}

export type AuthPluginOptions = { auth: AuthService } | Omit<CreateAuthOptions, 'logger'>;

/** Auth request bodies are small JSON documents; nothing legitimate comes near this. */
const AUTH_BODY_LIMIT = 64 * 1024;
const BEARER = /^Bearer[ ]+([A-Za-z0-9\-_.]+)[ ]*$/i;

/** The token of an `Authorization: Bearer <token>` header; undefined for anything else. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1] || undefined;
}

/** A client address over a per-address limit (per-account lockouts are logged where they trip). */
async function logRateLimited(request: FastifyRequest, response: Response): Promise<void> {
  const body = await response
    .clone()
    .json()
    .catch(() => null);
  if ((body as { code?: unknown } | null)?.code === 'TOO_MANY_ATTEMPTS') return;
  logSecurityEvent(request.log, 'rate_limited', {
    ip: request.ip,
    route: request.url.split('?')[0],
  });
}

/**
 * Mounts the identity service at /api/auth/* (better-auth's own endpoints), adds the public
 * GET /api/auth/providers, and provides `app.authenticate` for the product API.
 */
async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  let service: AuthService;
  if ('auth' in options) {
    service = options.auth;
  } else {
    // Borrow the server's Redis connection (plugins/redis.ts) when it has one.
    const redis = options.redis ?? (app.hasDecorator('redis') ? app.redis : null);
    service = createAuth({ ...options, redis, logger: app.log });
    app.addHook('onClose', async () => service.close());
  }

  // Revocations still in force (and, with Redis, the channel) before the first request is served.
  await service.start();

  app.decorate('identity', service);
  app.decorateRequest('user', null as unknown as AuthUser);
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: unknown): Error => {
    if (!(error instanceof InvalidAccessTokenError))
      return error instanceof Error ? error : new Error(String(error));
    request.log.info({ reason: error.message }, 'access token refused');
    reply.header('www-authenticate', 'Bearer error="invalid_token"');
    return new UnauthorizedError('Invalid or expired access token');
  };
  /**
   * As an onRequest hook (with `done`): a token verified in the last minute is answered at once,
   * without a promise; others are verified in full. Called without `done`, it returns a promise.
   */
  function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void;
  function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    done?: HookHandlerDoneFunction,
  ): Promise<void> | void {
    if (!done) {
      return new Promise((resolve, reject) =>
        authenticate(request, reply, (error?: Error) => (error ? reject(error) : resolve())),
      );
    }
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      reply.header('www-authenticate', 'Bearer');
      done(new UnauthorizedError());
      return;
    }
    let known: AuthUser | undefined;
    try {
      known = service.accessTokens.recall(token);
    } catch (error) {
      done(refuse(request, reply, error));
      return;
    }
    if (known) {
      request.user = known;
      done();
      return;
    }
    service.accessTokens.verify(token).then(
      (user) => {
        request.user = user;
        done();
      },
      (error: unknown) => done(refuse(request, reply, error)),
    );
  }
  app.decorate('authenticate', authenticate);

  app.get(`${AUTH_BASE_PATH}/providers`, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return service.signInMethods();
  });

  // Own scope: better-auth reads the raw body itself, so here (and only here) every content type
  // is passed through as bytes instead of being parsed by the app's JSON and form parsers.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      bodyLimit: AUTH_BODY_LIMIT,
      handler: async (request, reply) => {
        const response = await service.auth.handler(
          toWebRequest(request, service.auth.options.baseURL),
        );
        if (response.status === 429) await logRateLimited(request, response);
        return sendWebResponse(reply, response);
      },
    });
  });
}

// Its routes answer errors through the errors plugin, are rate limited (the limit's hook is added
// to routes declared after it) and keep the body plugin's limits; accounts live in the database.
export default fp(authPlugin, {
  name: 'hanger-auth',
  fastify: '5.x',
  dependencies: ['hanger-errors', 'hanger-rate-limit', 'hanger-body', 'hanger-db'],
});
