import { ERROR_CATALOGUE } from '@hanger/domain';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { BadRequestError } from '../errors.js';
import { paramsRefusal } from './params.js';

/**
 * The API's route schemas are the domain's zod schemas (typed through fastify-type-provider-zod's
 * ZodTypeProvider). A refused part answers as the handlers answered when they parsed by hand
 * (docs/spec.md §8, plugins/errors.ts):
 * - params: a path id that cannot exist is 404, like a missing one (params.ts); a bad date 422;
 * - headers: the one header a route declares is `Idempotency-Key`; a malformed one is 400 with
 *   the catalogue's validation message;
 * - body and querystring: the ZodError itself, which the error plugin answers 422 with its issues.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    if (httpPart === 'params') return { error: paramsRefusal(schema, result.error) };
    if (httpPart === 'headers') {
      return { error: new BadRequestError(ERROR_CATALOGUE.VALIDATION_ERROR) };
    }
    return { error: result.error };
  };

/**
 * Answers are written as plain JSON, as they were before routes had schemas: the response schemas
 * type the handlers and document the API, but are not run on every answer. The domain's answer
 * schemas are the web app's parsers: they normalise with one-way transforms ("" reads as null, a
 * missing list as []), which zod cannot encode back (the provider's serializer encodes), and
 * reshaping an answer on the way out would change what clients receive. test/openapi.test.ts
 * parses live answers with the declared schemas instead.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = () => (data) =>
  JSON.stringify(data);
