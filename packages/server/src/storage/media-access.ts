import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { findMediaStampSource } from '../repositories/identity.js';
import {
  mediaCapability,
  ownerOfKey,
  parseMediaCapability,
  verifyMediaCapability,
} from './signed-url.js';

/** How long a checked capability is trusted without asking the database again. */
export const MEDIA_CHECK_TTL_MS = 30_000;
const MAX_CHECKED = 10_000;

export type MediaCheck =
  | { ok: true; userId: string; expires: number }
  | { ok: false; reason: 'malformed' | 'expired' | 'invalid' | 'not-owner' };

export interface MediaAccessOptions {
  db: Kysely<Database>;
  signingKey: Buffer;
  now?: () => number;
}

/**
 * Who may open which photo: makes each user's media capability and checks the capabilities
 * requests bring. A capability is bound to its owner's media stamp, read from the identity
 * tables: it changes when the password changes (change, reset, admin set), and there is none for
 * a banned or deleted account, so links die with access (docs/media-urls.md).
 */
export class MediaAccess {
  private readonly db: Kysely<Database>;
  readonly signingKey: Buffer;
  private readonly now: () => number;
  /** `<owner>/<segment>` pairs that passed, with the time they were checked (oldest first). */
  private readonly checked = new Map<string, number>();

  constructor(options: MediaAccessOptions) {
    this.db = options.db;
    this.signingKey = options.signingKey;
    this.now = options.now ?? Date.now;
  }

  /**
   * The account's media stamp, or `null` when it may open no photo (deleted or banned). A digest
   * of the stored password hash (never the hash itself), so a new password is a new stamp;
   * accounts without a password (single sign-on) have a constant one.
   */
  async stampOf(userId: string): Promise<string | null> {
    const row = await findMediaStampSource(this.db, userId);
    if (!row) return null;
    if (row.banned === true || row.banned === 1) {
      const until = row.banExpires == null ? null : new Date(row.banExpires as string | Date);
      if (until === null || Number.isNaN(until.getTime()) || until.getTime() > this.now()) {
        return null;
      }
    }
    return createHash('sha256')
      .update(`hanger/media-stamp/v1\n${row.password ?? ''}`)
      .digest('base64url');
  }

  /** The `m1.` segment for every photo URL of `userId` in the current window. */
  async capabilityFor(userId: string): Promise<string> {
    // A deleted or banned account gets a capability that opens nothing (it never verifies).
    const stamp = (await this.stampOf(userId)) ?? `none:${this.now()}`;
    return mediaCapability(this.signingKey, userId, stamp, this.now());
  }

  /**
   * Checks a request for `/media/<segment>/<key>`: the capability must have been made for the
   * key's owner (the key's first folder), so one user's capability never opens another's photo.
   */
  async check(segment: string, key: string): Promise<MediaCheck> {
    const capability = parseMediaCapability(segment);
    if (!capability) return { ok: false, reason: 'malformed' };
    const now = this.now();
    if (capability.expires * 1000 <= now) return { ok: false, reason: 'expired' };
    const userId = ownerOfKey(key);
    if (userId === null) return { ok: false, reason: 'not-owner' };

    // Trusted per owner and segment: the same segment means nothing for another owner.
    const trustKey = `${userId}/${segment}`;
    const checkedAt = this.checked.get(trustKey);
    if (checkedAt !== undefined && now - checkedAt < MEDIA_CHECK_TTL_MS) {
      return { ok: true, userId, expires: capability.expires };
    }
    const stamp = await this.stampOf(userId);
    if (stamp === null || !verifyMediaCapability(this.signingKey, userId, capability, stamp, now)) {
      this.checked.delete(trustKey);
      return { ok: false, reason: 'invalid' };
    }
    this.remember(trustKey, now);
    return { ok: true, userId, expires: capability.expires };
  }

  private remember(trustKey: string, now: number): void {
    this.checked.delete(trustKey);
    this.checked.set(trustKey, now);
    for (const [oldest, at] of this.checked) {
      if (this.checked.size <= MAX_CHECKED && now - at < MEDIA_CHECK_TTL_MS) break;
      this.checked.delete(oldest);
    }
  }
}
