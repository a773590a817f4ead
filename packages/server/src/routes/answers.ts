import { errorAnswerSchema } from '@hanger/domain';
import { z } from 'zod';

/** What each refusal means, for the document (GET /api/openapi.json); its body is `{ detail }`. */
const REFUSALS = {
  400: 'The body could not be read (cut off, malformed), or a malformed Idempotency-Key',
  401: 'No access token, or an expired or revoked one (docs/spec.md §8 UNAUTHORIZED)',
  403: 'Signed in, but not allowed (docs/spec.md §8 FORBIDDEN)',
  404: "Not found, or another account's: both answer alike (docs/spec.md §8 NOT_FOUND)",
  409: 'Another one is running, or the feature is not available on this server',
  413: 'Too large (docs/spec.md §8 FILE_TOO_LARGE)',
  415: 'A body in a format the call does not read',
  422: 'Invalid input: its problems, field by field (docs/spec.md §8 VALIDATION_ERROR)',
  429: 'Too many requests: try again after Retry-After seconds',
  500: 'Something failed on the server (docs/spec.md §8 SERVER_ERROR)',
} as const;

export type RefusalStatus = keyof typeof REFUSALS;

/** Every call may be rate limited or fail on the server. */
const ALWAYS = [429, 500] as const;

/**
 * A route's refusals, each `{ detail: string }` (the error plugin's one shape), for its response
 * schema: the statuses it names, plus 429 and 500, which any call can answer.
 */
export function refusals<S extends RefusalStatus>(
  ...statuses: S[]
): Record<S | (typeof ALWAYS)[number], typeof errorAnswerSchema> {
  const out: Partial<Record<RefusalStatus, typeof errorAnswerSchema>> = {};
  for (const status of [...statuses, ...ALWAYS]) {
    out[status] = errorAnswerSchema.describe(REFUSALS[status]);
  }
  return out as Record<S | (typeof ALWAYS)[number], typeof errorAnswerSchema>;
}

/** A 204: no body. */
export const noContent = z.undefined().describe('Done; no body');
