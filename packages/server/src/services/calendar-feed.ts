import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { calendarIcs, type CalendarFeedLink } from '@hanger/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ServiceContext } from './context.js';
import { readWardrobeSnapshot } from './wardrobe-snapshot.js';

/**
 * The calendar feed: a secret URL a phone calendar subscribes to. The token in the URL is the only
 * credential, so it is never stored: the database keeps its SHA-256 (to find the feed when a
 * calendar app asks) and a random nonce from which the server re-derives the token with a key made
 * from its AUTH_SECRET (to show the URL again in Profile). A database dump alone opens no feed.
 */
export interface FeedKeys {
  /** Origin the feed URL starts with (PUBLIC_URL). */
  publicUrl: string;
  /** HMAC key derived from the server's secret. */
  key: Buffer;
}

/** GET/POST /api/calendar-feed's answer (the domain's calendarFeedSchema). */
export type FeedInfo = CalendarFeedLink;

/** 32 bytes of HMAC-SHA256 in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function feedKeys(publicUrl: string, authSecret: string): FeedKeys {
  const key = createHmac('sha256', authSecret).update('hanger calendar feed v1').digest();
  return { publicUrl, key };
}

function tokenFor(keys: FeedKeys, userId: string, nonce: string): string {
  return createHmac('sha256', keys.key).update(`${userId}:${nonce}`).digest('base64url');
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function feedUrl(keys: FeedKeys, token: string): string {
  return `${keys.publicUrl}/api/feed/${token}.ics`;
}

const NO_FEED: FeedInfo = { url: null, created_at: null };

/**
 * The account's feed. A feed whose token no longer derives from the server's secret (AUTH_SECRET
 * was changed) cannot be opened any more, so it reads as no feed.
 */
export async function readFeed(
  db: Kysely<Database>,
  keys: FeedKeys,
  userId: string,
): Promise<FeedInfo> {
  const row = await db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return NO_FEED;
  const token = tokenFor(keys, userId, row.token_nonce);
  const expected = Buffer.from(row.token_hash, 'hex');
  const actual = Buffer.from(hashToken(token), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return NO_FEED;
  return { url: feedUrl(keys, token), created_at: row.created_at };
}

/** A new feed URL for the account; the previous one, if any, stops working at once. */
export async function createFeed(
  db: Kysely<Database>,
  keys: FeedKeys,
  userId: string,
  now: Date = new Date(),
): Promise<FeedInfo & { url: string; created_at: string }> {
  const nonce = randomBytes(18).toString('base64url');
  const token = tokenFor(keys, userId, nonce);
  const row = { token_hash: hashToken(token), token_nonce: nonce, created_at: now.toISOString() };
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return { url: feedUrl(keys, token), created_at: row.created_at };
}

export async function deleteFeed(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

/** The account a feed token opens, or undefined for a malformed, wrong or revoked token. */
export async function feedOwner(db: Kysely<Database>, token: string): Promise<string | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const row = await db
    .selectFrom('calendar_feeds')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.user_id;
}

/** The feed's content: the account's calendar as iCalendar text. */
export async function feedCalendar(
  ctx: ServiceContext,
  userId: string,
  now: Date = new Date(),
): Promise<string> {
  const { wardrobe, settings } = await readWardrobeSnapshot(ctx, userId);
  // Stable per account, and says nothing about the account id.
  const uidSuffix = createHash('sha256').update(`hanger feed uid:${userId}`).digest('hex');
  return calendarIcs(wardrobe, settings, {
    now,
    uidSuffix: uidSuffix.slice(0, 20),
  });
}
