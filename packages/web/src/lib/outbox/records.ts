import { withoutNulls, type Patch } from '@hanger/domain';

/**
 * The little the store actions need of the outbox's record rules at once (temporary ids, local
 * edits, merging answers), apart from ops.ts so that it stays in the initial bundle alone.
 */

/** Ids of records created offline, until the server gives them their own. */
export const TEMP_ID_PREFIX = 'local-';

export const isTempId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);

export function newTempId(): string {
  // crypto.randomUUID needs a secure context; a self-hosted server may be plain http on a LAN.
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto && globalThis.isSecureContext
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `${TEMP_ID_PREFIX}${random}`;
}

/** Local edit: a field set to undefined is removed, like the server clearing it. */
export function applyEdits<T extends object>(record: T, edits: Partial<T>): T {
  const next = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(edits)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as T;
}

/** A server answer merged in; null fields are removed from the record (docs/spec.md §5). */
export function mergeAnswer<T extends object>(record: T, answer: Patch<T>): T {
  return withoutNulls({ ...record, ...answer } as Record<string, unknown>) as T;
}
