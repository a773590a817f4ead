import { createHash } from 'node:crypto';
import { isUniqueViolation } from '../db/account-lock.js';
import type { IdempotencyKeysTable } from '../db/schema.js';
import { ValidationError } from '../errors.js';
import type { Db } from '../repositories/db.js';
import {
  deleteKeysCreatedBefore,
  deleteOwnKeysCreatedBefore,
  findLiveKey,
  insertKey,
} from '../repositories/idempotency-keys.js';
import type { ServiceContext } from './context.js';

/** What a key made: an item (POST clothes) or a new outfit (POST outfit). */
export type KeyedKind = IdempotencyKeysTable['kind'];

/** How long a key answers with its record; older keys are ignored, then swept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** At most one sweep of every account's expired keys per process in this time. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

const cutoff = (now: number) => new Date(now - IDEMPOTENCY_KEY_TTL_MS).toISOString();

/**
 * What identifies the request a key was sent with: its parsed fields (keys in a fixed order) and
 * its photo's bytes. A repeat of the same request (the outbox resending a create whose answer was
 * lost) has the same fingerprint; another request under a used key does not, and is refused.
 */
function requestFingerprint(fields: object, photoBytes: Buffer): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  };
  return createHash('sha256')
    .update(JSON.stringify(sorted(fields)))
    .update('\0')
    .update(photoBytes)
    .digest('base64url');
}

/** The key and what it was sent with, as a keyed create is given them. */
export interface IdempotencyClaim {
  key: string;
  /** `requestFingerprint` of the request. */
  fingerprint: string;
}

/** The claim of a create sent with `key` (none without a key), for its fields and photo. */
export function requestClaim(
  key: string | undefined,
  fields: object,
  photoBytes: Buffer,
): IdempotencyClaim | undefined {
  return key ? { key, fingerprint: requestFingerprint(fields, photoBytes) } : undefined;
}

/**
 * A repeat of a create whose answer is the record the key made first. Thrown inside the create's
 * transaction, it rolls back what the repeat did (and `withPhoto` removes its photo).
 */
export class RepeatedCreate extends Error {
  constructor(readonly recordId: string) {
    super('Repeated create');
  }
}

/**
 * The record a live key of this account made, or undefined. A key the account used for the other
 * kind of record, or with a different request, is refused (422): it names another request, and
 * answering the first one's record would hide that the second was never carried out.
 */
export async function keyedRecord(
  db: Db,
  userId: string,
  claim: IdempotencyClaim,
  kind: KeyedKind,
): Promise<string | undefined> {
  const row = await findLiveKey(db, userId, claim.key, cutoff(Date.now()));
  if (!row) return undefined;
  if (row.kind !== kind) {
    throw new ValidationError('This Idempotency-Key was already used for another kind of request.');
  }
  // Keys stored before migration 0008 have no fingerprint: they answer their record, as before.
  if (row.fingerprint !== null && row.fingerprint !== claim.fingerprint) {
    throw new ValidationError(
      'This Idempotency-Key was already used with a different request. Send a new key for a new request.',
    );
  }
  return row.record_id;
}

/**
 * Inside the create's transaction, after `lockAccount`: throws `RepeatedCreate` when the key
 * already made a record, else records the key for `recordId` (an expired row of the same key is
 * replaced). Two requests that get past the check at once (no lock) are decided by the primary key.
 */
export async function claimKey(
  trx: Db,
  userId: string,
  claim: IdempotencyClaim,
  kind: KeyedKind,
  recordId: string,
): Promise<void> {
  const earlier = await keyedRecord(trx, userId, claim, kind);
  if (earlier) throw new RepeatedCreate(earlier);
  const now = Date.now();
  await deleteOwnKeysCreatedBefore(trx, userId, cutoff(now));
  await insertKey(trx, userId, {
    key: claim.key,
    kind,
    record_id: recordId,
    created_at: new Date(now).toISOString(),
    fingerprint: claim.fingerprint,
  });
}

/**
 * Remove every account's expired keys, at most once per SWEEP_EVERY_MS per process (called after
 * a keyed create; one indexed delete). A failure is logged: the keys are ignored anyway.
 */
export async function sweepExpiredKeys(ctx: Pick<ServiceContext, 'db' | 'log'>): Promise<void> {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  try {
    await deleteKeysCreatedBefore(ctx.db, cutoff(now));
  } catch (err) {
    ctx.log.error({ err }, 'could not sweep idempotency keys');
  }
}

/**
 * Run a create made with a key (`claim`, or without one): a repeat of the key, found before the work
 * (`keyedRecord`), under the account's lock (`claimKey`) or lost on the primary key to a request
 * sent at the same time, answers `answer(recordId)`, the record the key made first.
 */
export async function keyedCreate<T>(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  userId: string,
  claim: IdempotencyClaim | undefined,
  kind: KeyedKind,
  create: () => Promise<T>,
  answer: (recordId: string) => Promise<T>,
): Promise<T> {
  if (!claim) return create();
  const earlier = await keyedRecord(ctx.db, userId, claim, kind);
  if (earlier) return answer(earlier);
  try {
    const created = await create();
    await sweepExpiredKeys(ctx);
    return created;
  } catch (err) {
    if (err instanceof RepeatedCreate) return answer(err.recordId);
    if (isUniqueViolation(err)) {
      const winner = await keyedRecord(ctx.db, userId, claim, kind);
      if (winner) return answer(winner);
    }
    throw err;
  }
}
