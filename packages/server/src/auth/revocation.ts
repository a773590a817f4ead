import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Access-token revocation without giving up local verification.
 *
 * Access tokens are JWTs checked in process (signature, issuer, audience, expiry) and live
 * ACCESS_TOKEN_TTL_SECONDS. Each carries `sid`, the id of the session it was minted from. When a
 * session ends (sign-out, revoke-session(s), password change, ban, account removal: every session
 * deletion better-auth makes) its id goes into a revocation set; when an account is banned,
 * removed or changes its password, the account gets a cut-off time and every token of it issued
 * in an earlier second is refused too. Both kinds of entry are only needed while a token that
 * predates them could still be alive, so they are forgotten after the longest token lifetime
 * (plus clock skew): the set stays small and bounded.
 *
 * Where entries travel:
 * - this process's memory (checked on every request, no I/O);
 * - the table auth_revocation (migration 0005), written before the request that caused the
 *   revocation answers, read when a process starts: a process that starts (or restarts) later
 *   learns every revocation whose tokens may still be alive, with or without Redis;
 * - with REDIS_URL, the channel `hanger:auth-revoke`, so every running process learns it at once
 *   (the same way wardrobe cache invalidations travel). After a lost Redis connection a process
 *   re-reads the table, since messages sent meanwhile are gone.
 */

export const REVOCATION_CHANNEL = 'hanger:auth-revoke';
/** Tolerated clock difference between the processes that sign and those that check. */
export const CLOCK_SKEW_MS = 60_000;

export type Revocation =
  /** Every token minted from this session. */
  | { kind: 'session'; id: string; at: number }
  /** Every token of this account issued in a second before `at` (epoch ms). */
  | { kind: 'user'; id: string; at: number };

/** What the verifier needs from a token's claims. */
export interface TokenClaims {
  sub: string;
  sid?: string;
  /** Issued-at, epoch seconds. */
  iat: number;
}

export interface RevocationListOptions {
  /** How long an entry is kept: the longest access-token lifetime plus clock skew. */
  keepMs: number;
  /** Upper bound on entries; the oldest are dropped first (they are the nearest to expiry). */
  maxEntries?: number;
  now?: () => number;
  /** Told when the bound drops entries that were still in force. */
  onOverflow?: (dropped: number) => void;
}

/** The in-process set: session ids and per-account cut-offs, each kept `keepMs`. */
export class RevocationList {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, { at: number; forgetAt: number }>();
  private readonly keepMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly onOverflow?: (dropped: number) => void;

  constructor(options: RevocationListOptions) {
    this.keepMs = options.keepMs;
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
    this.onOverflow = options.onOverflow;
  }

  get size(): number {
    return this.sessions.size + this.users.size;
  }

  /** Records an entry; false when it is already past its keeping time (nothing to do). */
  add(entry: Revocation): boolean {
    const forgetAt = entry.at + this.keepMs;
    if (forgetAt <= this.now()) return false;
    if (entry.kind === 'session') {
      const known = this.sessions.get(entry.id);
      // Re-insert so that the map stays ordered by forgetAt (oldest first).
      this.sessions.delete(entry.id);
      this.sessions.set(entry.id, Math.max(known ?? 0, forgetAt));
    } else {
      const known = this.users.get(entry.id);
      const at = Math.max(known?.at ?? 0, entry.at);
      this.users.delete(entry.id);
      this.users.set(entry.id, { at, forgetAt: at + this.keepMs });
    }
    this.prune();
    return true;
  }

  isRevoked(claims: TokenClaims): boolean {
    const now = this.now();
    if (claims.sid !== undefined) {
      const forgetAt = this.sessions.get(claims.sid);
      if (forgetAt !== undefined && forgetAt > now) return true;
    }
    const user = this.users.get(claims.sub);
    // iat has whole seconds: a token of the cut-off's own second passes this check, and any such
    // token minted before the event comes from a session the event deleted (refused by sid).
    if (user && user.forgetAt > now && claims.iat < Math.floor(user.at / 1000)) return true;
    return false;
  }

  /** Drops expired entries, then the oldest ones beyond the bound. */
  prune(): void {
    const now = this.now();
    for (const [id, forgetAt] of this.sessions) {
      if (forgetAt > now) break;
      this.sessions.delete(id);
    }
    for (const [id, entry] of this.users) {
      if (entry.forgetAt > now) break;
      this.users.delete(id);
    }
    let dropped = 0;
    while (this.size > this.maxEntries) {
      const map = this.sessions.size > 0 ? this.sessions : this.users;
      const oldest = map.keys().next().value;
      if (oldest === undefined) break;
      map.delete(oldest);
      dropped += 1;
    }
    if (dropped > 0) this.onOverflow?.(dropped);
  }
}

export interface RevocationLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RevocationServiceOptions {
  db: Kysely<Database>;
  keepMs: number;
  logger: RevocationLogger;
  /** A client for PUBLISH (the server's shared one). */
  publisher?: Redis | null;
  /** Makes a dedicated client for SUBSCRIBE; called once by start(). */
  subscriber?: () => Redis;
  maxEntries?: number;
  now?: () => number;
}

const TABLE = 'auth_revocation';

interface Row {
  id: string;
  kind: string;
  subject: string;
  revoked_at: number | string;
  forget_at: number | string;
}

function parse(message: string): Revocation | undefined {
  try {
    const value = JSON.parse(message) as Partial<Revocation>;
    if (
      (value.kind === 'session' || value.kind === 'user') &&
      typeof value.id === 'string' &&
      typeof value.at === 'number' &&
      Number.isFinite(value.at)
    ) {
      return { kind: value.kind, id: value.id, at: value.at };
    }
  } catch {
    // Not one of ours.
  }
  return undefined;
}

/** The revocation set of this process, kept in step with the others through the DB and Redis. */
export class RevocationService {
  readonly list: RevocationList;
  private readonly options: RevocationServiceOptions;
  private readonly now: () => number;
  private subscriber: Redis | null = null;
  private started: Promise<void> | undefined;

  constructor(options: RevocationServiceOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.list = new RevocationList({
      keepMs: options.keepMs,
      maxEntries: options.maxEntries,
      now: this.now,
      onOverflow: (dropped) =>
        options.logger.warn(
          { dropped },
          'access-token revocation set is full; the oldest entries were dropped',
        ),
    });
  }

  isRevoked(claims: TokenClaims): boolean {
    return this.list.isRevoked(claims);
  }

  /** Subscribes (with Redis) and then reads what is still in force, so nothing falls between. */
  start(): Promise<void> {
    this.started ??= (async () => {
      if (this.options.subscriber) {
        const subscriber = this.options.subscriber();
        this.subscriber = subscriber;
        let connectedBefore = false;
        subscriber.on('ready', () => {
          // Messages sent while this process was cut off are lost: read them back from the table.
          if (connectedBefore) void this.load().catch(() => undefined);
          connectedBefore = true;
        });
        subscriber.on('message', (channel: string, message: string) => {
          if (channel !== REVOCATION_CHANNEL) return;
          const entry = parse(message);
          if (entry) this.list.add(entry);
        });
        await subscriber.subscribe(REVOCATION_CHANNEL);
      }
      await this.load();
    })();
    return this.started;
  }

  /** Ends every token of one session, here and everywhere. */
  revokeSession(sessionId: string, at = this.now()): Promise<void> {
    return this.revoke({ kind: 'session', id: sessionId, at });
  }

  /** Ends every token of one account issued before now (in an earlier second). */
  revokeUser(userId: string, at = this.now()): Promise<void> {
    return this.revoke({ kind: 'user', id: userId, at });
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  private async revoke(entry: Revocation): Promise<void> {
    if (!this.list.add(entry)) return;
    const forgetAt = entry.at + this.options.keepMs;
    const { db, logger, publisher } = this.options;
    try {
      await db
        .insertInto(TABLE)
        .values({
          id: `${entry.kind}:${entry.id}`,
          kind: entry.kind,
          subject: entry.id,
          revoked_at: entry.at,
          forget_at: forgetAt,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ revoked_at: entry.at, forget_at: forgetAt }),
        )
        .execute();
      await db.deleteFrom(TABLE).where('forget_at', '<=', this.now()).execute();
    } catch (err) {
      // Running processes still learn it below; only a process started later would miss it.
      logger.error({ err, kind: entry.kind }, 'could not store an access-token revocation');
    }
    if (publisher) {
      await publisher.publish(REVOCATION_CHANNEL, JSON.stringify(entry)).catch((err: unknown) => {
        logger.error({ err, kind: entry.kind }, 'could not announce an access-token revocation');
      });
    }
  }

  private async load(): Promise<void> {
    try {
      const rows = (await this.options.db
        .selectFrom(TABLE)
        .select(['id', 'kind', 'subject', 'revoked_at', 'forget_at'])
        .where('forget_at', '>', this.now())
        .orderBy('revoked_at')
        .execute()) as Row[];
      for (const row of rows) {
        if (row.kind !== 'session' && row.kind !== 'user') continue;
        this.list.add({ kind: row.kind, id: row.subject, at: Number(row.revoked_at) });
      }
    } catch (err) {
      this.options.logger.error({ err }, 'could not read the access-token revocations');
      throw err;
    }
  }
}
