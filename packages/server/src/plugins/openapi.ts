import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { OpenAPIV3 } from 'openapi-types';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_BASE_PATH, AUTH_COOKIE_PREFIX } from '../auth/create-auth.js';

/** Where the document is served, under the API's prefix: GET /api/openapi.json. */
export const OPENAPI_PATH = '/openapi.json';

const authCall = (method: string): OpenAPIV3.OperationObject => ({
  tags: ['identity'],
  summary: `The identity service (better-auth), ${method}`,
  description:
    'Sign-up, sign-in (e-mail and password, e-mail link, OIDC), sessions and GET /api/auth/token ' +
    '(an access token for the API), answered by better-auth with its own bodies and errors ' +
    '(README, "Sign-in from scripts").',
  security: [],
  parameters: [
    {
      name: 'path',
      in: 'path',
      required: true,
      description: "The identity service's endpoint, e.g. sign-in/email or token",
      schema: { type: 'string' },
    },
  ],
  responses: { default: { description: "better-auth's answer" } },
});

/**
 * The identity service's routes: registered by the auth plugin outside the API (it reads its raw
 * bodies itself), so they are described here by hand rather than from route schemas.
 */
const IDENTITY_PATHS: OpenAPIV3.PathsObject = {
  [`${AUTH_BASE_PATH}/providers`]: {
    get: {
      tags: ['identity'],
      summary: 'The sign-in methods this server offers',
      security: [],
      responses: { 200: { description: 'The sign-in methods' } },
    },
  },
  [`${AUTH_BASE_PATH}/{path}`]: { get: authCall('GET'), post: authCall('POST') },
};

/**
 * The document's transform for an upload route: the file field (`image`), as binary, beside the
 * fields its body schema validates. The route's form hook (routes/form.ts formBody) keeps the
 * file's bytes out of the body, so the body schema itself cannot name it.
 */
export function withFileField(field: string, description: string): SwaggerTransform {
  return withFileFields({ [field]: { description, required: true } });
}

/** withFileField for a route that takes several files, each required or not. */
export function withFileFields(
  files: Record<string, { description: string; required: boolean }>,
): SwaggerTransform {
  return (input) => {
    const output = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const body = output.schema.body as
      { properties?: Record<string, unknown>; required?: string[] } | undefined;
    if (body?.properties) {
      for (const [field, { description, required }] of Object.entries(files)) {
        body.properties[field] = { type: 'string', format: 'binary', description };
        if (required) body.required = [...(body.required ?? []), field];
      }
    }
    return output;
  };
}

/**
 * The OpenAPI 3.1 document of the API, from the routes' zod schemas (fastify-type-provider-zod's
 * transform), served at GET /api/openapi.json without a token. Registered before the routes
 * (its onRoute hook collects them); the document is built on its first request, not at start-up.
 */
async function openapiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hanger API',
        version: '1',
        description:
          'The wardrobe API (docs/spec.md §7). Refusals answer `{ "detail": "..." }` with the statuses ' +
          'of docs/spec.md §8. Send `Authorization: Bearer <access token>` (GET /api/auth/token).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A 15-minute access token' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: `${AUTH_COOKIE_PREFIX}.session_token`,
            description: 'The session cookie (`__Secure-` prefixed on HTTPS); GET /api/start only',
          },
        },
      },
      security: [{ bearer: [] }],
      paths: IDENTITY_PATHS,
    },
    transform: jsonSchemaTransform,
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This document',
        security: [],
        response: {
          200: z
            .looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })
            .describe('The OpenAPI 3.1 document of the API'),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    },
  );
}

export default fp(openapiPlugin, { name: 'hanger-openapi' });
