import { idSchema } from '@hanger/domain';
import { z } from 'zod';
import { NotFoundError } from '../errors.js';

/** docs/spec.md §8's text for a 404. */
export const ITEM_NOT_FOUND = 'The requested item was not found.';

/**
 * An id in the path. One that cannot exist (empty, over MAX_ID, or holding what no stored id can:
 * NUL, a lone surrogate, control characters, U+FFFD) is "not found", exactly like a missing id or
 * another user's, so the answer reveals nothing and the id never reaches the database (PostgreSQL
 * would refuse a NUL in it). Routes name it in their params schema; paramsRefusal answers 404
 * for it.
 */
export const pathIdSchema = idSchema.meta({
  description: 'An id. One that cannot exist answers 404, like a missing one.',
});

/** The params of a route on one record: `{id}`. */
export const idParamsSchema = z.object({ id: pathIdSchema });

/** The keys of a params schema that hold a path id (pathIdSchema). */
function pathIdKeys(schema: unknown): Set<PropertyKey> {
  const keys = new Set<PropertyKey>();
  if (schema instanceof z.ZodObject) {
    for (const [key, value] of Object.entries(schema.shape as Record<string, unknown>)) {
      if (value === pathIdSchema) keys.add(key);
    }
  }
  return keys;
}

/**
 * What a route answers for path parameters its schema refuses: 404 when only path ids are wrong;
 * otherwise the other parameters' problems alone (a date that is not one: 422), as when each was
 * checked in turn, the others before the id.
 */
export function paramsRefusal(schema: unknown, error: z.ZodError): Error {
  const ids = pathIdKeys(schema);
  const others = error.issues.filter((issue) => !ids.has(issue.path[0] as PropertyKey));
  if (others.length === 0) return new NotFoundError(ITEM_NOT_FOUND);
  return others.length === error.issues.length ? error : new z.ZodError(others);
}
/** A run of percent-escapes, or a "%" that starts none. */
const ESCAPES = /(?:%[0-9A-Fa-f]{2})+|%/g;

/**
 * A request path whose percent-escapes do not decode as UTF-8 ("%ED%A0%80" for a lone surrogate,
 * an over-long "%C0%80", a stray "%") cannot be routed: the router would answer 400 in a format of
 * its own. Repaired the way a lenient decoder reads it (bytes that are not UTF-8 become U+FFFD, a
 * stray "%" is a percent sign), the request reaches its route, is authenticated like any other,
 * and its id answers exactly as an id that cannot exist: 404. Used as the server's `rewriteUrl`.
 */
export function repairPathEncoding(url: string): string {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (!path.includes('%')) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    // Repaired below.
  }
  const repaired = path.replace(ESCAPES, (run) => {
    if (run === '%') return '%25';
    const text = new TextDecoder().decode(Buffer.from(run.replace(/%/g, ''), 'hex'));
    return encodeURIComponent(text);
  });
  return query < 0 ? repaired : repaired + url.slice(query);
}
