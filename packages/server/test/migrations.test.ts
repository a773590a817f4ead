import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../src/db/index.js';
import type { Db } from '../src/db/index.js';
import { createPgDatabase, ENGINES, type Engine } from './helpers/app.js';

const MIGRATION_NAMES = [
  '0001-auth',
  '0002-wardrobe',
  '0003-data-transfer',
  '0004-calendar-feed',
  '0005-auth-revocation',
  '0006-idempotency',
  '0007-status-index',
  '0008-idempotency-fingerprint',
  '0009-jobs',
  '0010-cutouts',
  '0011-colours',
  '0012-suggestion-feedback',
  '0013-collections',
  '0014-sheet-imports',
];

describe.each(ENGINES)('database on %s', (engine: Engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(): Promise<{ open: () => Db }> {
    if (engine === 'postgres') {
      const database = await createPgDatabase();
      cleanups.push(database.drop);
      return { open: () => createDb({ databaseUrl: database.url, sqlitePath: '' }) };
    }
    const dir = await mkdtemp(join(tmpdir(), 'hanger-db-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return { open: () => createDb({ sqlitePath: join(dir, 'nested', 'hanger.db') }) };
  }

  const applied = async (db: Kysely<unknown>) =>
    (
      await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
    ).rows.map((r) => r.name);

  it('applies every migration once, in order, and is safe to run again', async () => {
    const { open: connect } = await open();
    const first = connect();
    cleanups.push(first.destroy);
    expect(first.dialect).toBe(engine);
    await migrateToLatest(first.db as Kysely<unknown>);
    await migrateToLatest(first.db as Kysely<unknown>);
    expect(await applied(first.db as Kysely<unknown>)).toEqual(MIGRATION_NAMES);

    // A restart (new connection) finds the schema up to date and keeps the data.
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values ('u1', 'U', 'u@x.test', ${engine === 'postgres' ? sql`false` : sql`0`}, ${engine === 'postgres' ? sql`now()` : sql`'2025-01-01'`}, ${engine === 'postgres' ? sql`now()` : sql`'2025-01-01'`})`.execute(
      first.db,
    );
    await first.db
      .insertInto('user_settings')
      .values({
        user_id: 'u1',
        locale: 'en',
        currency: 'EUR',
        week_start: 1,
        data_consent: 1,
        tracking_start_date: null,
        subcategories: '{}',
      })
      .execute();
    const second = connect();
    cleanups.push(second.destroy);
    await migrateToLatest(second.db as Kysely<unknown>);
    expect(await applied(second.db as Kysely<unknown>)).toEqual(MIGRATION_NAMES);
    const row = await second.db.selectFrom('user_settings').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ currency: 'EUR', week_start: 1, data_consent: 1 });
  });

  it('lets two processes migrate the same database at once', async () => {
    const { open: connect } = await open();
    const a = connect();
    const b = connect();
    cleanups.push(a.destroy, b.destroy);
    await Promise.all([
      migrateToLatest(a.db as Kysely<unknown>),
      migrateToLatest(b.db as Kysely<unknown>),
    ]);
    expect(await applied(a.db as Kysely<unknown>)).toEqual(MIGRATION_NAMES);
  });

  it('enforces foreign keys, and reads counts as numbers', async () => {
    const { open: connect } = await open();
    const { db, destroy } = connect();
    cleanups.push(destroy);
    await migrateToLatest(db as Kysely<unknown>);
    await expect(
      db
        .insertInto('clothes')
        .values({
          id: 'c1',
          user_id: 'nobody',
          image_key: 'k',
          thumb_key: 't',
          category: 'top',
          date_created: new Date().toISOString(),
          sub_category_id: null,
          status: null,
          source: null,
          brand: null,
          date_obtained: null,
          date_archived: null,
          price: null,
          currency: null,
          converted_price: null,
          sold_price: null,
          sold_currency: null,
          converted_sold_price: null,
          manual_times_worn: null,
          scale: null,
        })
        .execute(),
    ).rejects.toThrow();
    const { count } = await db
      .selectFrom('clothes')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(0);
  });

  if (engine === 'sqlite') {
    it('opens SQLite in WAL mode with foreign keys on', async () => {
      const { open: connect } = await open();
      const { db, destroy } = connect();
      cleanups.push(destroy);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      expect(fk.rows[0]?.foreign_keys).toBe(1);
    });
  }
});
