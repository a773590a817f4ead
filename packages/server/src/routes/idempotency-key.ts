import { ERROR_CATALOGUE } from '@hanger/domain';
import type { FastifyRequest } from 'fastify';
import { BadRequestError } from '../errors.js';

/** What an `Idempotency-Key` may be: 1–100 letters, digits and `_ . : -` (a UUID, `local-…`). */
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * The request's `Idempotency-Key` header, or undefined when it has none. A malformed key (or the
 * header sent twice) is refused with 400 and SPEC §8's validation message.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new BadRequestError(ERROR_CATALOGUE.VALIDATION_ERROR);
  }
  return header;
}
