/**
 * snake_case on the wire (docs/spec.md §5) for JSON request bodies. Only object keys are converted,
 * never values, and never the keys of id-keyed maps (clothes, outfits, calendar, subcategories),
 * which are data, not field names. Records and answers go through the typed mappers of
 * wire-mappers.ts.
 */

const ID_KEYED_MAPS = new Set(['clothes', 'outfits', 'calendar', 'subcategories']);

/** Field names whose snake_case spelling is not the mechanical one (docs/spec.md §3 User.photoURL). */
const SNAKE_EXCEPTIONS: Record<string, string> = { photoURL: 'photo_url' };

export function camelToSnake(key: string): string {
  return SNAKE_EXCEPTIONS[key] ?? key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function convertKeys(value: unknown, convert: (k: string) => string, mapDepth = false): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (mapDepth) {
      // Keys of an id-keyed map stay as they are; their values are records.
      out[key] = convertKeys(v, convert);
      continue;
    }
    const newKey = convert(key);
    out[newKey] = convertKeys(v, convert, ID_KEYED_MAPS.has(key) && isPlainObject(v));
  }
  return out;
}

/** Deep-convert an app object's keys to snake_case for the wire. */
export function toSnake<T = unknown>(value: unknown): T {
  return convertKeys(value, camelToSnake) as T;
}

/** Response fields that come back null are removed from the local record (docs/spec.md §5). */
export function withoutNulls<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) if (v !== null) out[key] = v;
  return out as T;
}
