import { z } from 'zod';

/** What an `Idempotency-Key` may be: 1–100 letters, digits and `_ . : -` (a UUID, `local-…`). */
const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * The headers of a create call that takes an `Idempotency-Key`. A malformed key (or the header
 * sent twice, which arrives joined by a comma) is refused with 400 and docs/spec.md §8's validation
 * message (schema-compilers.ts). Loose: the other headers pass through untouched.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(KEY)
    .optional()
    .describe('Replays the first answer for 24 hours instead of creating a second record'),
});
