import { encodeWardrobeColumns, type WireWardrobe } from '@hanger/domain';
import { readWardrobeRows } from '../repositories/wardrobe.js';
import type { WardrobeForm, WardrobeRepresentation } from './wardrobe-cache.js';
import type { ServiceContext } from './context.js';
import { mediaCapability, urlWindow } from '../storage/signed-url.js';
import { itemToWire, outfitToWire } from './serialize.js';

/** GET users: every item, outfit and calendar day of the user. */
export async function readWardrobe(ctx: ServiceContext, userId: string): Promise<WireWardrobe> {
  const [{ clothes, outfits, canvases, days, stars }, capability] = await Promise.all([
    readWardrobeRows(ctx.db, userId),
    ctx.media.capabilityFor(userId),
  ]);

  const wireClothes = clothes.map((row) => itemToWire(capability, row));
  const wireOutfits = outfits.map((row) =>
    outfitToWire(capability, row, canvases.get(row.id) ?? []),
  );

  return {
    clothes: recordsById(wireClothes),
    outfits: recordsById(wireOutfits),
    calendar: calendarToWire(days, stars),
  };
}

/** Records keyed by their id, in their order. */
export const recordsById = <T extends { id: string }>(records: T[]): Record<string, T> =>
  Object.fromEntries(records.map((r) => [r.id, r]));

/** The wire calendar from the owner's wears (listWears) and starred days. */
export function calendarToWire(
  days: readonly { day: string; clothing_id: string | null; outfit_id: string | null }[],
  stars: readonly { day: string; display_item: string }[] = [],
): WireWardrobe['calendar'] {
  const calendar: WireWardrobe['calendar'] = {};
  const dayOf = (day: string) => (calendar[day] ??= { clothes: [], outfits: [] });
  for (const item of days) {
    if (item.clothing_id) dayOf(item.day).clothes.push(item.clothing_id);
    else if (item.outfit_id) dayOf(item.day).outfits.push(item.outfit_id);
  }
  for (const star of stars) dayOf(star.day).display_item = star.display_item;
  return calendar;
}

/** The access token a request came with: who, from which session, minted when. */
export interface Requester {
  sessionId: string;
  issuedAt: number;
}

const STAMPS_MAX = 10_000;

interface TokenStamp {
  stamp: string | null;
  /** The capability made from it, and the URL window it was made in. */
  capability?: string;
  window?: number;
}

/** Per media service: the media stamp read for an access token (user, session, iat). */
const stampsByToken = new WeakMap<object, Map<string, TokenStamp>>();

/**
 * The user's media capability for a request. Every change of the media stamp (password change,
 * reset or admin set, ban, removal) also ends every access token the account held (revokeUser):
 * a token that is still accepted was minted after the stamp it saw last, so the stamp read for
 * that token holds for as long as the token does, and is not read from the database again on each
 * request. A new token (every 15 minutes, or after such a change) reads it afresh.
 */
function knownCapability(
  ctx: ServiceContext,
  userId: string,
  requester: Requester,
): { known: TokenStamp | undefined; capability: string | undefined } {
  let stamps = stampsByToken.get(ctx.media);
  if (!stamps) stampsByToken.set(ctx.media, (stamps = new Map()));
  const known = stamps.get(`${userId}\n${requester.sessionId}\n${requester.issuedAt}`);
  if (known === undefined || known.stamp === null) return { known, capability: undefined };
  const now = Date.now();
  const window = urlWindow(now).start;
  if (known.capability === undefined || known.window !== window) {
    known.capability = mediaCapability(ctx.media.signingKey, userId, known.stamp, now);
    known.window = window;
  }
  return { known, capability: known.capability };
}

async function capabilityFor(
  ctx: ServiceContext,
  userId: string,
  requester: Requester | undefined,
): Promise<string> {
  if (!requester) return ctx.media.capabilityFor(userId);
  const { known, capability } = knownCapability(ctx, userId, requester);
  if (capability !== undefined) return capability;
  // As MediaAccess.capabilityFor: an account that may open nothing gets one that never verifies.
  if (known !== undefined) return ctx.media.capabilityFor(userId);
  const stamps = stampsByToken.get(ctx.media)!;
  const stamp = await ctx.media.stampOf(userId);
  if (stamps.size >= STAMPS_MAX) stamps.delete(stamps.keys().next().value!);
  stamps.set(`${userId}\n${requester.sessionId}\n${requester.issuedAt}`, { stamp });
  return capabilityFor(ctx, userId, requester);
}

/**
 * The form of the user's wardrobe when the cache holds it and the requester's media capability is
 * known, answered without a promise (a revalidation's hot path); undefined when wardrobeFor has
 * to read, build or check something.
 */
export function cachedWardrobe(
  ctx: ServiceContext,
  userId: string,
  requester: Requester,
  form: WardrobeForm,
): WardrobeRepresentation | undefined {
  const made = ctx.cache.peek(userId, form);
  if (made === undefined) return undefined;
  const held = made.capability();
  if (held === null) return made;
  return held === knownCapability(ctx, userId, requester).capability ? made : undefined;
}

/**
 * The user's wardrobe from the cache in the form asked for, serialized on that form's first
 * request after a write (docs/wardrobe-wire.md). A cached answer whose photo links carry an older
 * media capability (the password changed since: docs/media-urls.md) is rebuilt, so the owner never
 * receives links that no longer open.
 */
export async function wardrobeFor(
  ctx: ServiceContext,
  userId: string,
  requester?: Requester,
  form: WardrobeForm = 'json',
): Promise<WardrobeRepresentation> {
  // Each form from its own read: the default maps (docs/spec.md §7) or the columns the app asks
  // for.
  const build = async (which: WardrobeForm): Promise<string> => {
    const wire = await readWardrobe(ctx, userId);
    return JSON.stringify(which === 'columns' ? encodeWardrobeColumns(wire) : wire);
  };
  const [cached, capability] = await Promise.all([
    ctx.cache.get(userId, build, form),
    capabilityFor(ctx, userId, requester),
  ]);
  const held = cached.capability();
  if (held === null || held === capability) return cached;
  await ctx.cache.invalidate(userId);
  return ctx.cache.get(userId, build, form);
}
