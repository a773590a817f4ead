import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import type { ClothesRow, Database, OutfitRow } from '../src/db/schema.js';
import * as calendar from '../src/repositories/calendar.js';
import * as calendarFeeds from '../src/repositories/calendar-feeds.js';
import * as clothes from '../src/repositories/clothes.js';
import * as collections from '../src/repositories/collections.js';
import { callerColumns, chunks, inTransaction } from '../src/repositories/db.js';
import * as idempotencyKeys from '../src/repositories/idempotency-keys.js';
import * as imports from '../src/repositories/imports.js';
import * as jobs from '../src/repositories/jobs.js';
import * as exportTokens from '../src/repositories/export-tokens.js';
import * as identity from '../src/repositories/identity.js';
import * as outfits from '../src/repositories/outfits.js';
import * as ownership from '../src/repositories/ownership.js';
import { ownedRecords } from '../src/repositories/records.js';
import * as settings from '../src/repositories/settings.js';
import * as suggestions from '../src/repositories/suggestions.js';
import * as wardrobe from '../src/repositories/wardrobe.js';
import type { Engine } from './helpers/app.js';

/**
 * The accounts of repositories-isolation.test.ts and one case per repository function. Every
 * case runs for BRAVO, passing ALPHA's ids wherever a function takes ids; its answer must hold
 * nothing of ALPHA's and ALPHA's rows must be unchanged (the suite checks both). Every text of
 * ALPHA's rows contains ALPHA.mark; BRAVO's rows repeat what can repeat across accounts (the day,
 * the idempotency key, the import source id, the subcategory, the creation time) and never name
 * ALPHA.
 */

export const ALPHA = {
  mark: 'ALPHA',
  user: 'ALPHA-user',
  session: 'ALPHA-session',
  item: 'ALPHA-item-1',
  otherItem: 'ALPHA-item-2',
  outfit: 'ALPHA-outfit-1',
  feedHash: 'ALPHA-feed-hash',
  exportHash: 'ALPHA-export-hash',
  importId: 'ALPHA-import',
};
export const BRAVO = {
  user: 'BRAVO-user',
  session: 'BRAVO-session',
  item: 'BRAVO-item-1',
  otherItem: 'BRAVO-item-2',
  outfit: 'BRAVO-outfit-1',
  feedHash: 'BRAVO-feed-hash',
  exportHash: 'BRAVO-export-hash',
  importId: 'BRAVO-import',
};

/** What both accounts share: ids and values that may repeat across accounts. */
export const DAY = '2025-07-14';
export const SHARED = {
  key: 'shared-idempotency-key',
  source: 'shared-source-1',
  subcategory: 'shared-sub',
  created: '2025-01-02T03:04:05.678Z',
  cutoutToken: 'shared-cutout-token',
  /** Collection ids are the client's choice (docs/collections.md): both accounts hold this one. */
  collection: 'shared-collection',
};

const FAR = '2999-01-01T00:00:00.000Z';

/** A queued cut-out of BRAVO's item (the jobs table has no owner column). */
function bravoJob(id: string): jobs.JobRow {
  return {
    id,
    kind: 'cutout',
    payload: JSON.stringify({ ownerId: BRAVO.user, itemId: BRAVO.item }),
    state: 'queued',
    singleton_key: BRAVO.item,
    attempt: 0,
    max_attempts: 3,
    run_at: SHARED.created,
    lease_until: null,
    lease_token: null,
    last_error: null,
    created_at: SHARED.created,
    finished_at: null,
  };
}

export interface CaseContext {
  /** A transaction the suite rolls back after the case. */
  db: Kysely<Database>;
  engine: Engine;
}

type Account = typeof BRAVO;

function item(owner: Account | typeof ALPHA, id: string, brand: string): ClothesRow {
  return {
    id,
    user_id: owner.user,
    image_key: `${owner.user}/${id}.webp`,
    thumb_key: `${owner.user}/${id}-thumb.webp`,
    category: 'top',
    sub_category_id: SHARED.subcategory,
    status: 'clothes',
    source: null,
    brand,
    price: 10,
    currency: 'EUR',
    converted_price: 10,
    date_created: SHARED.created,
    date_obtained: null,
    date_archived: null,
    sold_price: null,
    sold_currency: null,
    converted_sold_price: null,
    manual_times_worn: null,
    scale: 1,
    colors: null,
    colors_source: null,
    // Both accounts' items wait for a cut-out under the same token (updateItemForCutout).
    cutout_state: 'pending',
    cutout_token: SHARED.cutoutToken,
  };
}

function outfit(owner: Account | typeof ALPHA, id: string): OutfitRow {
  return {
    id,
    user_id: owner.user,
    image_key: `${owner.user}/${id}.webp`,
    thumb_key: `${owner.user}/${id}-thumb.webp`,
    status: 'outfits',
    date_created: SHARED.created,
    manual_times_worn: null,
  };
}

/** Both accounts, every table, straight into the database. */
export async function seedAccounts(db: Kysely<Database>, engine: Engine): Promise<void> {
  const yes = engine === 'postgres' ? true : 1;
  const now = new Date().toISOString();
  for (const [owner, name] of [
    [ALPHA, 'ALPHA name'],
    [BRAVO, 'Bravo name'],
  ] as const) {
    const mark = owner.user.toLowerCase();
    await db
      .insertInto('user')
      .values({
        id: owner.user,
        name,
        email: `${owner === ALPHA ? 'ALPHA' : 'bravo'}@example.test`,
        emailVerified: yes,
        image: null,
        createdAt: now,
        updatedAt: now,
        role: 'user',
        banned: null,
        banReason: null,
        banExpires: null,
      })
      .execute();
    await db
      .insertInto('session')
      .values({
        id: owner.session,
        expiresAt: FAR,
        token: `${owner.session}-token`,
        createdAt: now,
        updatedAt: now,
        ipAddress: null,
        userAgent: null,
        userId: owner.user,
        impersonatedBy: null,
      })
      .execute();
    await db
      .insertInto('account')
      .values({
        id: `${owner.user}-credential`,
        accountId: owner.user,
        providerId: 'credential',
        userId: owner.user,
        accessToken: null,
        refreshToken: null,
        idToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scope: null,
        password: `${owner.user}-password-hash`,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const brand = owner === ALPHA ? 'ALPHA brand' : 'bravo brand';
    await db
      .insertInto('clothes')
      .values([item(owner, owner.item, brand), item(owner, owner.otherItem, brand)])
      .execute();
    await db.insertInto('outfits').values(outfit(owner, owner.outfit)).execute();
    await db
      .insertInto('outfit_items')
      .values({
        outfit_id: owner.outfit,
        position: 0,
        clothing_id: owner.item,
        x: 0.5,
        y: 0.5,
        scale: 1,
        rotation: 0,
      })
      .execute();
    await db
      .insertInto('calendar_items')
      .values([
        { user_id: owner.user, day: DAY, clothing_id: owner.item, outfit_id: null },
        { user_id: owner.user, day: DAY, clothing_id: null, outfit_id: owner.outfit },
      ])
      .execute();
    await db
      .insertInto('calendar_days')
      .values({ user_id: owner.user, day: DAY, display_item: owner.item })
      .execute();
    await db
      .insertInto('user_settings')
      .values({
        user_id: owner.user,
        locale: 'en',
        currency: 'EUR',
        week_start: 1,
        data_consent: 0,
        tracking_start_date: null,
        subcategories: JSON.stringify({
          top: [{ id: SHARED.subcategory, name: `${owner.user} shirts` }],
        }),
      })
      .execute();
    await db
      .insertInto('calendar_feeds')
      .values({
        user_id: owner.user,
        token_hash: owner.feedHash,
        token_nonce: `${mark}-nonce`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('export_tokens')
      .values({
        token_hash: owner.exportHash,
        user_id: owner.user,
        session_id: owner.session,
        created_at: now,
        expires_at: FAR,
      })
      .execute();
    await db
      .insertInto('data_imports')
      .values({
        id: owner.importId,
        user_id: owner.user,
        kind: 'archive',
        state: 'previewed',
        created_at: now,
        updated_at: now,
        archive_path: `/tmp/${owner.importId}.zip`,
        photos_path: null,
        sheet_options: null,
        items: 1,
        outfits: 1,
        calendar_days: 1,
        photos: 2,
        already_items: 0,
        already_outfits: 0,
        done: 0,
        total: 2,
        error: null,
        result: null,
      })
      .execute();
    await db
      .insertInto('import_links')
      .values({
        user_id: owner.user,
        kind: 'item',
        source_id: SHARED.source,
        target_id: owner.item,
      })
      .execute();
    await db
      .insertInto('idempotency_keys')
      .values({
        user_id: owner.user,
        key: SHARED.key,
        kind: 'item',
        record_id: owner.item,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('suggestion_feedback')
      .values({
        user_id: owner.user,
        item_key: `${owner.item},${owner.otherItem}`,
        until: '2999-01-01',
      })
      .execute();
    await db
      .insertInto('collections')
      .values({
        user_id: owner.user,
        id: SHARED.collection,
        kind: 'packing',
        name: owner === ALPHA ? 'ALPHA trip' : 'bravo trip',
        note: null,
        start_date: null,
        end_date: null,
        destination: null,
        date_created: SHARED.created,
      })
      .execute();
    await db
      .insertInto('collection_entries')
      .values([
        {
          user_id: owner.user,
          collection_id: SHARED.collection,
          position: 0,
          clothing_id: owner.item,
          outfit_id: null,
        },
        {
          user_id: owner.user,
          collection_id: SHARED.collection,
          position: 1,
          clothing_id: null,
          outfit_id: owner.outfit,
        },
      ])
      .execute();
    await db
      .insertInto('collection_packed')
      .values({ user_id: owner.user, collection_id: SHARED.collection, clothing_id: owner.item })
      .execute();
  }
}

type Case = (c: CaseContext) => Promise<unknown>;

const B = BRAVO.user;

/** A row that claims to be ALPHA's: the repository must write it as BRAVO's anyway. */
function claimingAlpha<T extends object>(row: T): T {
  return { ...row, user_id: ALPHA.user };
}

/** Runs a write that must be refused, and answers nothing. */
async function refused(write: Promise<unknown>): Promise<void> {
  await expect(write).rejects.toThrow();
}

/** One case per exported repository function, named `file.function`. */
export const cases: Record<string, Case> = {
  // --- collections (the same collection id in both accounts) ---
  'collections.listCollections': async ({ db }) => {
    const list = await collections.listCollections(db, B);
    expect(list).toEqual([
      expect.objectContaining({
        id: SHARED.collection,
        name: 'bravo trip',
        item_ids: [BRAVO.item],
        outfit_ids: [BRAVO.outfit],
        packed_ids: [BRAVO.item],
      }),
    ]);
    return list;
  },
  'collections.findCollection': async ({ db }) => {
    const found = await collections.findCollection(db, B, SHARED.collection);
    expect(found?.name).toBe('bravo trip');
    return found;
  },
  'collections.countCollections': async ({ db }) => {
    expect(await collections.countCollections(db, B)).toBe(1);
  },
  'collections.insertCollection': async ({ db }) => {
    const row = {
      id: 'BRAVO-new-collection',
      kind: 'capsule' as const,
      name: 'new',
      note: null,
      start_date: null,
      end_date: null,
      destination: null,
      date_created: SHARED.created,
    };
    await collections.insertCollection(db, B, claimingAlpha(row));
    expect(await collections.countCollections(db, B)).toBe(2);
  },
  'collections.updateCollection': async ({ db }) => {
    expect(
      await collections.updateCollection(db, B, SHARED.collection, claimingAlpha({ name: 'x' })),
    ).toBe(true);
    expect((await collections.findCollection(db, B, SHARED.collection))?.name).toBe('x');
  },
  'collections.deleteCollection': async ({ db }) => {
    expect(await collections.deleteCollection(db, B, SHARED.collection)).toBe(true);
    expect(await collections.deleteCollection(db, B, SHARED.collection)).toBe(false);
  },
  'collections.countEntries': async ({ db }) => {
    expect(await collections.countEntries(db, B, SHARED.collection)).toBe(2);
  },
  'collections.addEntries': async ({ db }) => {
    // ALPHA's item or outfit on BRAVO's collection: refused, nothing written.
    expect(
      await collections.addEntries(db, B, SHARED.collection, {
        clothes: [ALPHA.otherItem],
        outfits: [],
      }),
    ).toBe(false);
    expect(
      await collections.addEntries(db, B, SHARED.collection, {
        clothes: [],
        outfits: [ALPHA.outfit],
      }),
    ).toBe(false);
    expect(
      await collections.addEntries(db, B, SHARED.collection, {
        clothes: [BRAVO.otherItem, BRAVO.item],
        outfits: [],
      }),
    ).toBe(1);
  },
  'collections.removeEntry': async ({ db }) => {
    expect(await collections.removeEntry(db, B, SHARED.collection, 'item', ALPHA.item)).toBe(false);
    expect(await collections.removeEntry(db, B, SHARED.collection, 'item', BRAVO.item)).toBe(true);
    expect(await collections.removeEntry(db, B, SHARED.collection, 'outfit', BRAVO.outfit)).toBe(
      true,
    );
  },
  'collections.listPieceIds': async ({ db }) => {
    const ids = await collections.listPieceIds(db, B, SHARED.collection);
    expect(ids).toEqual([BRAVO.item]);
    return ids;
  },
  'collections.setPacked': async ({ db }) => {
    await collections.setPacked(db, B, SHARED.collection, [ALPHA.item, ALPHA.otherItem], true);
    await collections.setPacked(db, B, SHARED.collection, [BRAVO.otherItem], true);
    expect((await collections.findCollection(db, B, SHARED.collection))?.packed_ids).toEqual(
      [BRAVO.item, BRAVO.otherItem].sort(),
    );
    await collections.setPacked(db, B, SHARED.collection, undefined, false);
    expect((await collections.findCollection(db, B, SHARED.collection))?.packed_ids).toEqual([]);
  },
  // --- suggestions ---
  'suggestions.listLiveFeedback': async ({ db }) => {
    const rows = await suggestions.listLiveFeedback(db, B, DAY);
    expect(rows).toEqual([{ key: `${BRAVO.item},${BRAVO.otherItem}`, until: '2999-01-01' }]);
    return rows;
  },
  'suggestions.saveFeedback': async ({ db }) => {
    // ALPHA's key, for BRAVO: a row of BRAVO's; ALPHA's stays as it was.
    await suggestions.saveFeedback(db, B, `${ALPHA.item},${ALPHA.otherItem}`, DAY, '2000-01-02');
    expect(await suggestions.listLiveFeedback(db, B, DAY)).toHaveLength(2);
  },
  'suggestions.readSuggestionRecords': async ({ db }) => {
    const rows = await suggestions.readSuggestionRecords(db, B);
    expect(rows.items.map((r) => r.id).sort()).toEqual([BRAVO.item, BRAVO.otherItem]);
    expect(rows.outfits.map((r) => r.id)).toEqual([BRAVO.outfit]);
    expect([...rows.canvases.keys()].filter((id) => id !== BRAVO.outfit)).toEqual([]);
    return { ...rows, canvases: [...rows.canvases] };
  },
  'suggestions.readSuggestionItems': async ({ db }) => {
    const found = await suggestions.readSuggestionItems(db, B, [
      ALPHA.item,
      ALPHA.otherItem,
      BRAVO.item,
    ]);
    expect(found.map((r) => r.id)).toEqual([BRAVO.item]);
    return found;
  },
  'suggestions.readSuggestionOutfits': async ({ db }) => {
    const found = await suggestions.readSuggestionOutfits(db, B, [ALPHA.outfit, BRAVO.outfit]);
    expect(found.outfits.map((r) => r.id)).toEqual([BRAVO.outfit]);
    expect([...found.canvases.keys()]).toEqual([BRAVO.outfit]);
    return { ...found, canvases: [...found.canvases] };
  },
  // --- clothes ---
  'clothes.findItem': async ({ db }) => {
    expect(await clothes.findItem(db, B, ALPHA.item)).toBeUndefined();
    return clothes.findItem(db, B, BRAVO.item);
  },
  'clothes.findItemStatuses': async ({ db }) => {
    const found = await clothes.findItemStatuses(db, B, [ALPHA.item, ALPHA.otherItem, BRAVO.item]);
    expect(found.map((r) => r.id)).toEqual([BRAVO.item]);
    return found;
  },
  'clothes.updateItems': async ({ db }) => {
    const ids = [ALPHA.item, ALPHA.otherItem, BRAVO.item];
    expect(await clothes.updateItems(db, B, ids, claimingAlpha({ brand: 'mine' }))).toBe(1);
    expect(await clothes.updateItems(db, B, ids, {})).toBe(1);
    expect((await clothes.findItem(db, B, BRAVO.item))?.brand).toBe('mine');
  },
  'clothes.listItems': ({ db }) => clothes.listItems(db, B),
  'clothes.listNewestItems': ({ db }) => clothes.listNewestItems(db, B, 10, 0),
  'clothes.listItemsCreatedAt': async ({ db }) => {
    const rows = await clothes.listItemsCreatedAt(db, B, SHARED.created);
    expect(rows).toHaveLength(2);
    return rows;
  },
  'clothes.hasItemCreatedUnlike': ({ db }) => clothes.hasItemCreatedUnlike(db, B, '____-%'),
  'clothes.countItemsByStatus': async ({ db }) => {
    const counts = await clothes.countItemsByStatus(db, B);
    expect(counts).toEqual([{ status: 'clothes', count: 2 }]);
    return counts;
  },
  'clothes.countItems': async ({ db }) => {
    expect(await clothes.countItems(db, B)).toBe(2);
  },
  'clothes.listPricedItems': ({ db }) => clothes.listPricedItems(db, B),
  'clothes.insertItems': async ({ db }) => {
    const { user_id: _owner, ...row } = item(BRAVO, 'BRAVO-item-new', 'new');
    await clothes.insertItems(db, B, [claimingAlpha(row)]);
    expect((await clothes.findItem(db, B, 'BRAVO-item-new'))?.user_id).toBe(B);
  },
  'clothes.updateItem': async ({ db }) => {
    expect(await clothes.updateItem(db, B, ALPHA.item, { brand: 'taken' })).toBe(false);
    expect(await clothes.updateItem(db, B, BRAVO.item, claimingAlpha({ brand: 'mine' }))).toBe(
      true,
    );
    expect(
      await clothes.updateItem(
        db,
        B,
        BRAVO.item,
        claimingAlpha({ id: ALPHA.item } as clothes.ItemChanges),
      ),
    ).toBe(true);
    expect((await clothes.findItem(db, B, BRAVO.item))?.brand).toBe('mine');
  },
  // Across accounts by design (the colour backfill's sweep): it lists, and each write names its
  // owner; BRAVO's write below cannot reach ALPHA's item.
  'clothes.sweepItemsAwaitingColours': async ({ db }) => {
    const rows = await clothes.sweepItemsAwaitingColours(db, 100);
    expect(rows.map((r) => r.id).sort()).toContain(BRAVO.item);
  },
  'clothes.setFoundColours': async ({ db }) => {
    expect(await clothes.setFoundColours(db, B, ALPHA.item, 'navy')).toBe(false);
    expect(await clothes.setFoundColours(db, B, BRAVO.item, 'navy')).toBe(true);
    // Once set, an automatic run does not write again.
    expect(await clothes.setFoundColours(db, B, BRAVO.item, 'red')).toBe(false);
    expect((await clothes.findItem(db, B, BRAVO.item))?.colors).toBe('navy');
  },
  'clothes.replaceFoundColours': async ({ db }) => {
    expect(await clothes.replaceFoundColours(db, B, ALPHA.item, 'navy')).toBe(false);
    expect(await clothes.replaceFoundColours(db, B, BRAVO.item, 'navy')).toBe(true);
    expect(await clothes.replaceFoundColours(db, B, BRAVO.item, 'red')).toBe(true);
    expect((await clothes.findItem(db, B, BRAVO.item))?.colors).toBe('red');
    // A person's choice is kept.
    await clothes.updateItem(db, B, BRAVO.item, { colors: 'green', colors_source: 'user' });
    expect(await clothes.replaceFoundColours(db, B, BRAVO.item, 'blue')).toBe(false);
    expect((await clothes.findItem(db, B, BRAVO.item))?.colors).toBe('green');
  },
  'clothes.updateItemForCutout': async ({ db }) => {
    expect(
      await clothes.updateItemForCutout(db, B, ALPHA.item, SHARED.cutoutToken, {
        brand: 'taken',
      }),
    ).toBe(false);
    expect(
      await clothes.updateItemForCutout(db, B, BRAVO.item, 'other-token', { brand: 'stale' }),
    ).toBe(false);
    expect(
      await clothes.updateItemForCutout(
        db,
        B,
        BRAVO.item,
        SHARED.cutoutToken,
        claimingAlpha({ cutout_state: 'done' }),
      ),
    ).toBe(true);
    expect((await clothes.findItem(db, B, BRAVO.item))?.cutout_state).toBe('done');
  },
  'clothes.clearSubcategories': ({ db }) =>
    clothes.clearSubcategories(db, B, 'top', [SHARED.subcategory]),

  // --- outfits ---
  'outfits.findOutfit': async ({ db }) => {
    expect(await outfits.findOutfit(db, B, ALPHA.outfit)).toBeUndefined();
    return outfits.findOutfit(db, B, BRAVO.outfit);
  },
  'outfits.findOutfitIds': async ({ db }) => {
    const ids = await outfits.findOutfitIds(db, B, [ALPHA.outfit, BRAVO.outfit]);
    expect(ids).toEqual([BRAVO.outfit]);
    return ids;
  },
  'outfits.updateOutfits': async ({ db }) => {
    const archive = claimingAlpha({ status: 'archived' as const });
    expect(await outfits.updateOutfits(db, B, [ALPHA.outfit, BRAVO.outfit], archive)).toBe(1);
    expect((await outfits.findOutfit(db, B, BRAVO.outfit))?.status).toBe('archived');
  },
  'outfits.listOutfits': ({ db }) => outfits.listOutfits(db, B),
  'outfits.countOutfitsByStatus': ({ db }) => outfits.countOutfitsByStatus(db, B),
  'outfits.countOutfits': async ({ db }) => {
    expect(await outfits.countOutfits(db, B)).toBe(1);
  },
  'outfits.insertOutfits': async ({ db }) => {
    const { user_id: _owner, ...row } = outfit(BRAVO, 'BRAVO-outfit-new');
    await outfits.insertOutfits(db, B, [claimingAlpha(row)]);
    expect((await outfits.findOutfit(db, B, 'BRAVO-outfit-new'))?.user_id).toBe(B);
  },
  'outfits.updateOutfit': async ({ db }) => {
    expect(await outfits.updateOutfit(db, B, ALPHA.outfit, { status: 'archived' })).toBe(false);
    const archive = claimingAlpha({ status: 'archived' as const, id: 'moved' });
    expect(await outfits.updateOutfit(db, B, BRAVO.outfit, archive)).toBe(true);
    expect((await outfits.findOutfit(db, B, BRAVO.outfit))?.status).toBe('archived');
  },
  'outfits.readCanvas': async ({ db }) => {
    expect(await outfits.readCanvas(db, B, ALPHA.outfit)).toEqual([]);
    return outfits.readCanvas(db, B, BRAVO.outfit);
  },
  'outfits.listCanvasRows': async ({ db }) => {
    expect(await outfits.listCanvasRows(db, B, [ALPHA.outfit])).toEqual([]);
    const some = await outfits.listCanvasRows(db, B, [ALPHA.outfit, BRAVO.outfit]);
    const all = await outfits.listCanvasRows(db, B);
    expect(some).toHaveLength(1);
    expect(some).toEqual(all.filter((r) => r.outfit_id === BRAVO.outfit));
    return all;
  },
  'outfits.insertCanvases': async ({ db }) => {
    const placement = { position: 5, x: 0, y: 0, scale: 1, rotation: 0 };
    // ALPHA's outfit, or ALPHA's item on BRAVO's outfit: both refused.
    await refused(
      outfits.insertCanvases(db, B, [
        { ...placement, outfit_id: ALPHA.outfit, clothing_id: BRAVO.item },
      ]),
    );
    await refused(
      outfits.insertCanvases(db, B, [
        { ...placement, outfit_id: BRAVO.outfit, clothing_id: ALPHA.item },
      ]),
    );
  },
  'outfits.replaceCanvas': async ({ db }) => {
    const placement = { position: 0, x: 0, y: 0, scale: 1, rotation: 0 };
    await refused(
      outfits.replaceCanvas(db, B, ALPHA.outfit, [{ ...placement, clothing_id: BRAVO.item }]),
    );
  },

  // --- calendar ---
  'calendar.listDayWears': async ({ db }) => {
    const wears = await calendar.listDayWears(db, B, DAY);
    expect(wears).toHaveLength(2);
    return wears;
  },
  'calendar.findDayStar': async ({ db }) => {
    expect(await calendar.findDayStar(db, B, DAY)).toBe(BRAVO.item);
  },
  'calendar.listWears': ({ db }) => calendar.listWears(db, B),
  'calendar.listDayStars': ({ db }) => calendar.listDayStars(db, B),
  'calendar.listWearsBetween': async ({ db }) => {
    const wears = await calendar.listWearsBetween(db, B, DAY, DAY);
    expect(wears).toHaveLength(2);
    return wears;
  },
  'calendar.listStarredDaysBetween': async ({ db }) => {
    expect(await calendar.listStarredDaysBetween(db, B, '2000-01-01', '2999-12-31')).toEqual([DAY]);
  },
  'calendar.countWears': async ({ db }) => {
    expect(await calendar.countWears(db, B)).toBe(2);
  },
  'calendar.insertWears': async ({ db }) => {
    await calendar.insertWears(
      db,
      B,
      [{ day: DAY, clothing_id: BRAVO.otherItem, outfit_id: null }].map(claimingAlpha),
    );
    expect(await calendar.countWears(db, B)).toBe(3);
    const alphaWears = [
      { day: DAY, clothing_id: ALPHA.item, outfit_id: null },
      { day: DAY, clothing_id: null, outfit_id: ALPHA.outfit },
    ];
    for (const wear of alphaWears) expect(await calendar.insertWears(db, B, [wear])).toBe(false);
  },
  'calendar.isWornOn': async ({ db }) => {
    expect(await calendar.isWornOn(db, B, DAY, ALPHA.item)).toBe(false);
  },
  'calendar.starDay': ({ db }) => calendar.starDay(db, B, DAY, BRAVO.outfit),
  'calendar.insertDayStars': ({ db }) =>
    calendar.insertDayStars(db, B, [
      claimingAlpha({ day: '2025-07-15', display_item: BRAVO.item }),
    ]),
  'calendar.clearDayStar': async ({ db }) => {
    await calendar.clearDayStar(db, B, DAY, ALPHA.item);
    await calendar.clearDayStar(db, B, DAY);
  },
  'calendar.deleteWear': async ({ db }) => {
    expect(await calendar.deleteWear(db, B, DAY, 'clothes', ALPHA.item)).toBe(false);
    expect(await calendar.deleteWear(db, B, DAY, 'outfits', ALPHA.outfit)).toBe(false);
  },

  // --- shared ---
  'db.callerColumns': async () => {
    const row = { id: 'x', user_id: ALPHA.user, brand: 'b' };
    expect(callerColumns(row)).toEqual({ id: 'x', brand: 'b' });
    expect(callerColumns(row, { id: true })).toEqual({ brand: 'b' });
  },

  'db.chunks': async () => {
    expect(chunks([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  },

  'db.inTransaction': async ({ db }) => {
    expect(await inTransaction(db, async (trx) => trx.isTransaction)).toBe(true);
  },

  // clothes.ts and outfits.ts name its functions (their cases above); here, each table's record.
  'records.ownedRecords': async ({ db }) => {
    const items = ownedRecords('clothes');
    const fits = ownedRecords('outfits');
    expect(await items.findIds(db, B, [ALPHA.item, BRAVO.item])).toEqual([BRAVO.item]);
    expect(await fits.findIds(db, B, [ALPHA.outfit, BRAVO.outfit])).toEqual([BRAVO.outfit]);
    expect((await items.find(db, B, BRAVO.item))?.id).toBe(BRAVO.item);
    expect(await fits.find(db, B, ALPHA.outfit)).toBeUndefined();
  },

  // --- idempotency keys ---
  'idempotency-keys.findLiveKey': async ({ db }) => {
    const row = await idempotencyKeys.findLiveKey(db, B, SHARED.key, '2000-01-01');
    expect(row?.record_id).toBe(BRAVO.item);
    return row;
  },
  'idempotency-keys.deleteOwnKeysCreatedBefore': async ({ db }) => {
    await idempotencyKeys.deleteOwnKeysCreatedBefore(db, B, FAR);
    expect(await idempotencyKeys.findLiveKey(db, B, SHARED.key, '2000-01-01')).toBeUndefined();
  },
  'idempotency-keys.insertKey': ({ db }) =>
    idempotencyKeys.insertKey(
      db,
      B,
      claimingAlpha({
        key: 'bravo-new-key',
        kind: 'item' as const,
        record_id: BRAVO.item,
        created_at: FAR,
        fingerprint: null,
      }),
    ),
  // Across accounts by design: only what expired goes, ALPHA's live key stays.
  'idempotency-keys.deleteKeysCreatedBefore': ({ db }) =>
    idempotencyKeys.deleteKeysCreatedBefore(db, '2000-01-01T00:00:00.000Z'),

  // --- jobs: no account's table; a job's payload names what it works on (repositories/jobs.ts) ---
  'jobs.insertJob': async ({ db }) => {
    expect(await jobs.insertJob(db, bravoJob('job-1'))).toBe(true);
    // A second live job of the same kind and key is refused, not added.
    expect(await jobs.insertJob(db, bravoJob('job-2'))).toBe(false);
  },
  'jobs.findLiveJobId': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    expect(await jobs.findLiveJobId(db, 'cutout', BRAVO.item)).toBe('job-1');
  },
  'jobs.claimJob': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    const claimed = await jobs.claimJob(db, 'cutout', FAR, FAR, 'token');
    expect(claimed).toMatchObject({ id: 'job-1', state: 'running', attempt: 1 });
    expect(await jobs.claimJob(db, 'cutout', SHARED.created, FAR, 'token-2')).toBeUndefined();
    return claimed;
  },
  'jobs.renewJobLease': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    await jobs.claimJob(db, 'cutout', FAR, SHARED.created, 'token');
    expect(await jobs.renewJobLease(db, 'job-1', 'other-token', FAR)).toBe(false);
    expect(await jobs.renewJobLease(db, 'job-1', 'token', FAR)).toBe(true);
  },
  'jobs.finishJob': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    await jobs.claimJob(db, 'cutout', FAR, FAR, 'token');
    expect(await jobs.finishJob(db, 'job-1', 'token', 'done', FAR, null)).toBe(true);
    return jobs.findJob(db, 'job-1');
  },
  'jobs.requeueJob': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    await jobs.claimJob(db, 'cutout', FAR, FAR, 'token');
    expect(await jobs.requeueJob(db, 'job-1', 'token', FAR, 'broken')).toBe(true);
    return jobs.findJob(db, 'job-1');
  },
  'jobs.cancelLiveJobs': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    expect(await jobs.cancelLiveJobs(db, 'cutout', BRAVO.item, FAR)).toBe(1);
  },
  'jobs.findJob': async ({ db }) => {
    await jobs.insertJob(db, bravoJob('job-1'));
    return jobs.findJob(db, 'job-1');
  },
  'jobs.deleteJobsFinishedBefore': async ({ db }) => {
    await jobs.insertJob(db, { ...bravoJob('job-1'), state: 'done', finished_at: SHARED.created });
    expect(await jobs.deleteJobsFinishedBefore(db, FAR)).toBe(1);
  },
  // PostgreSQL only (pg-boss's engine).
  'jobs.lockJobKey': async ({ db, engine }) => {
    if (engine === 'postgres') await jobs.lockJobKey(db, 'cutout', BRAVO.item);
  },
  'jobs.findLivePgBossJobId': async ({ db, engine }) => {
    if (engine !== 'postgres') return;
    // A stand-in for pg-boss's job table (its documented columns), in the rolled-back transaction.
    await sql`create schema boss_case`.execute(db);
    await sql`create table boss_case.job (id text, name text, singleton_key text, state text)`.execute(
      db,
    );
    await sql`insert into boss_case.job values ('j1', 'cutout', ${BRAVO.item}, 'active'),
      ('j2', 'cutout', ${BRAVO.otherItem}, 'completed')`.execute(db);
    expect(await jobs.findLivePgBossJobId(db, 'boss_case', 'cutout', BRAVO.item)).toBe('j1');
    expect(
      await jobs.findLivePgBossJobId(db, 'boss_case', 'cutout', BRAVO.otherItem),
    ).toBeUndefined();
  },

  // --- imports ---
  'imports.findImport': async ({ db }) => {
    expect(await imports.findImport(db, B, ALPHA.importId)).toBeUndefined();
    return imports.findImport(db, B, BRAVO.importId);
  },
  'imports.insertImport': async ({ db }) => {
    const row = await imports.findImport(db, B, BRAVO.importId);
    const { user_id: _owner, ...rest } = row!;
    await imports.insertImport(db, B, claimingAlpha({ ...rest, id: 'BRAVO-import-new' }));
    expect((await imports.findImport(db, B, 'BRAVO-import-new'))?.user_id).toBe(B);
  },
  'imports.deleteImport': ({ db }) => imports.deleteImport(db, B, ALPHA.importId),
  'imports.listOwnPreviews': async ({ db }) => {
    const rows = await imports.listOwnPreviews(db, B);
    expect(rows.map((r) => r.id)).toEqual([BRAVO.importId]);
    return rows;
  },
  // Across accounts by design: ALPHA's preview is fresh, so it is not listed.
  'imports.listPreviewsUpdatedBefore': async ({ db }) => {
    const rows = await imports.listPreviewsUpdatedBefore(db, '2000-01-01T00:00:00.000Z');
    expect(rows).toEqual([]);
  },
  // Across accounts by design (an upload file names only its import): BRAVO's upload is BRAVO's.
  'imports.findImportStateById': async ({ db }) => {
    expect(await imports.findImportStateById(db, BRAVO.importId)).toBe('previewed');
  },
  'imports.startImport': async ({ db }) => {
    expect(await imports.startImport(db, B, ALPHA.importId, '2000-01-01', FAR)).toBe(
      'not-previewed',
    );
    expect(await imports.startImport(db, B, BRAVO.importId, '2000-01-01', FAR)).toBe('started');
  },
  // Written as BRAVO's whatever the row claims; BRAVO's own running import stops a second one.
  'imports.insertRunningImport': async ({ db }) => {
    const { user_id: _owner, ...rest } = (await imports.findImport(db, B, BRAVO.importId))!;
    const row = claimingAlpha({ ...rest, id: 'BRAVO-sheet', kind: 'sheet' as const });
    expect(await imports.insertRunningImport(db, B, row, '2000-01-01')).toBe('started');
    expect(await imports.findImport(db, B, 'BRAVO-sheet')).toMatchObject({
      user_id: B,
      state: 'running',
    });
    const again = { ...row, id: 'BRAVO-sheet-2' };
    expect(await imports.insertRunningImport(db, B, again, '2000-01-01')).toBe('another-running');
  },
  'imports.reportImportProgress': ({ db }) =>
    imports.reportImportProgress(db, B, ALPHA.importId, { done: 1, total: 9, updated_at: FAR }),
  'imports.failImport': async ({ db }) => {
    await imports.failImport(db, B, ALPHA.importId, { error: 'x', updated_at: FAR });
    await imports.failImport(db, B, ALPHA.importId, { error: 'x', updated_at: FAR }, FAR);
  },
  'imports.finishImport': async ({ db }) => {
    const done = { done: 1, result: '{}', updated_at: FAR };
    expect(await imports.finishImport(db, B, ALPHA.importId, done)).toBe(false);
  },
  'imports.findImportLinks': async ({ db }) => {
    const links = await imports.findImportLinks(db, B, 'item', [SHARED.source]);
    expect(links).toEqual([{ source_id: SHARED.source, target_id: BRAVO.item }]);
    return links;
  },
  'imports.upsertImportLinks': async ({ db }) => {
    const link = { kind: 'item' as const, source_id: SHARED.source, target_id: BRAVO.otherItem };
    await imports.upsertImportLinks(db, B, [claimingAlpha(link)]);
    const links = await imports.findImportLinks(db, B, 'item', [SHARED.source]);
    expect(links).toEqual([{ source_id: SHARED.source, target_id: BRAVO.otherItem }]);
  },

  // --- ownership ---
  'ownership.ownsAll': async ({ db }) => {
    expect(await ownership.ownsAll(db, B, { clothes: [ALPHA.item] })).toBe(false);
    expect(await ownership.ownsAll(db, B, { outfits: [ALPHA.outfit] })).toBe(false);
    expect(await ownership.ownsAll(db, B, { collections: ['ALPHA-only-collection'] })).toBe(false);
    expect(await ownership.ownsAll(db, B, { collections: [SHARED.collection] })).toBe(true);
    expect(await ownership.ownsAll(db, B, { clothes: [BRAVO.item, ALPHA.item] })).toBe(false);
    expect(await ownership.ownsAll(db, B, { clothes: [BRAVO.item], outfits: [BRAVO.outfit] })).toBe(
      true,
    );
  },

  // --- settings ---
  'settings.findSettingsRow': async ({ db }) => {
    expect((await settings.findSettingsRow(db, B))?.user_id).toBe(B);
    return settings.findSettingsRow(db, B);
  },
  'settings.upsertSettingsRow': async ({ db }) => {
    const row = await settings.findSettingsRow(db, B);
    const { user_id: _owner, ...rest } = row!;
    await settings.upsertSettingsRow(db, B, claimingAlpha({ ...rest, currency: 'USD' }));
  },

  // --- calendar feeds ---
  'calendar-feeds.findFeed': ({ db }) => calendarFeeds.findFeed(db, B),
  'calendar-feeds.upsertFeed': ({ db }) =>
    calendarFeeds.upsertFeed(
      db,
      B,
      claimingAlpha({ token_hash: 'BRAVO-new-hash', token_nonce: 'n', created_at: FAR }),
    ),
  'calendar-feeds.deleteFeed': ({ db }) => calendarFeeds.deleteFeed(db, B),
  // Across accounts by design (the token names the account): BRAVO's token opens BRAVO only.
  'calendar-feeds.feedOwnerByTokenHash': async ({ db }) => {
    expect(await calendarFeeds.feedOwnerByTokenHash(db, BRAVO.feedHash)).toBe(B);
  },

  // --- export links ---
  'export-tokens.insertExportToken': ({ db }) =>
    exportTokens.insertExportToken(
      db,
      B,
      claimingAlpha({
        token_hash: 'BRAVO-new-export',
        session_id: BRAVO.session,
        created_at: FAR,
        expires_at: FAR,
      }),
    ),
  // Across accounts by design (the link names the account): BRAVO's link is BRAVO's.
  'export-tokens.findExportTokenByHash': async ({ db }) => {
    const row = await exportTokens.findExportTokenByHash(db, BRAVO.exportHash);
    expect(row?.user_id).toBe(B);
    return row;
  },
  // Across accounts by design: only what expired goes, ALPHA's live link stays.
  'export-tokens.deleteExpiredExportTokens': ({ db }) =>
    exportTokens.deleteExpiredExportTokens(db, new Date().toISOString()),

  // --- identity reads ---
  'identity.findAccountProfile': async ({ db }) => {
    expect((await identity.findAccountProfile(db, B))?.email).toBe('bravo@example.test');
  },
  'identity.hasSession': async ({ db }) => {
    expect(await identity.hasSession(db, B, ALPHA.session)).toBe(false);
    expect(await identity.hasSession(db, B, BRAVO.session)).toBe(true);
  },
  'identity.findMediaStampSource': async ({ db }) => {
    const row = await identity.findMediaStampSource(db, B);
    expect(row?.password).toBe('BRAVO-user-password-hash');
    return row;
  },

  // --- the wardrobe ---
  'wardrobe.readWardrobeRows': async ({ db }) => {
    const rows = await wardrobe.readWardrobeRows(db, B);
    expect(rows.clothes).toHaveLength(2);
    return { ...rows, canvases: [...rows.canvases] };
  },
  // A pure grouping of rows already read for the owner: no query of its own.
  'wardrobe.canvasesByOutfit': async ({ db }) => {
    const rows = await wardrobe.readWardrobeRows(db, B);
    const placements = [...rows.canvases.values()].flat();
    const grouped = wardrobe.canvasesByOutfit(placements);
    expect([...grouped.keys()]).toEqual([...rows.canvases.keys()]);
    return [...grouped];
  },
  'wardrobe.deleteWardrobeEntries': async ({ db }) => {
    // BRAVO's own item goes with its wears, its star, its collection entries and its place on
    // BRAVO's canvas only.
    const gone = await wardrobe.deleteWardrobeEntries(db, B, 'clothes', [ALPHA.item, BRAVO.item]);
    expect(gone.map((r) => r.id)).toEqual([BRAVO.item]);
    expect(await wardrobe.deleteWardrobeEntries(db, B, 'outfits', [ALPHA.outfit])).toEqual([]);
    return gone;
  },
};
