import { idSchema } from '@hanger/domain';
import { NotFoundError } from '../errors.js';

/** SPEC §8's text for a 404. */
export const ITEM_NOT_FOUND = 'The requested item was not found.';

export interface IdParamOptions {
  /** The path parameter's name (`{id}` unless told). */
  key?: string;
}

/**
 * An id from the path. One that cannot exist (empty, over MAX_ID, or holding what no stored id
 * can: NUL, a lone surrogate, control characters, U+FFFD) is "not found", exactly like a missing
 * id or another user's, so the answer reveals nothing and the id never reaches the database
 * (PostgreSQL would refuse a NUL in it).
 */
export function idParam(params: unknown, options: IdParamOptions = {}): string {
  const { key = 'id' } = options;
  const value = (params as Record<string, unknown> | null | undefined)?.[key];
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw new NotFoundError(ITEM_NOT_FOUND);
  return parsed.data;
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
