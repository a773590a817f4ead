import { copyFile, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WireSettings, WireWardrobe } from '@hanger/domain';
import { photoCacheKey } from '@hanger/domain';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db } from '../src/db/index.js';
import { CUTOUT_COLUMNS } from '../src/db/migrations/0010-cutouts.js';
import { sweepItemsAwaitingColours } from '../src/repositories/clothes.js';
import { ApiUser, absolute } from './helpers/api.js';
import { createPgDatabase, ENGINES, startApp, type Engine } from './helpers/app.js';
import { getAccessToken, randomClient } from './helpers/auth.js';
import { eventually } from './helpers/jobs.js';

/**
 * A database of the released schema (migrations 0001 + 0002, built by
 * fixtures/build-schema-0002.ts with real sign-ups, items, photos, outfits and calendar days) opened
 * by today's server: every later migration must apply to it, leave each row as it was, and end in
 * the same schema as a new install; its accounts must sign in and find their wardrobes.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures');
const RELEASED_TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'jwks',
  'clothes',
  'outfits',
  'outfit_items',
  'calendar_items',
  'calendar_days',
  'user_settings',
];

interface Expected {
  secret: string;
  password: string;
  accounts: { id: string; email: string; wardrobe: WireWardrobe; settings: WireSettings }[];
}

const applied = async (db: Kysely<unknown>) =>
  (
    await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
  ).rows.map((r) => r.name);

/** Every row of the released tables, in a stable order. */
/** Columns a later migration adds to a released table (new, so not part of the released rows). */
const ADDED_COLUMNS: Record<string, readonly string[]> = {
  clothes: ['colors', 'colors_source', ...CUTOUT_COLUMNS],
  user_settings: ['cut_out_new_photos'],
};

async function releasedRows(db: Kysely<unknown>): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of RELEASED_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    );
    const added = ADDED_COLUMNS[table] ?? [];
    out[table] = rows
      .map((r) =>
        JSON.stringify(Object.fromEntries(Object.entries(r).filter(([k]) => !added.includes(k)))),
      )
      .sort();
  }
  return out;
}

/** Tables with their columns (name, type, nullability) and indexes, as the database reports them. */
async function schemaOf(db: Kysely<unknown>, engine: Engine): Promise<unknown> {
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.name.startsWith('kysely_'))
    .map((t) => ({
      name: t.name,
      columns: t.columns
        .map((c) => `${c.name} ${c.dataType} ${c.isNullable ? 'null' : 'not null'}`)
        .sort(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const indexes =
    engine === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and name not like 'sqlite_%'`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(
            db,
          )
        ).rows;
  return { tables, indexes: indexes.map((i) => i.name).sort() };
}

function withoutSignatures(wardrobe: WireWardrobe): unknown {
  return JSON.parse(JSON.stringify(wardrobe), (key, value: unknown) =>
    (key === 'image' || key === 'thumbnail') && typeof value === 'string'
      ? photoCacheKey(value)
      : value,
  );
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const client = randomClient();
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': client },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  const session = response.headers.get('set-auth-token');
  if (!session) throw new Error('sign-in answered without a session token');
  return getAccessToken(baseUrl, session, client);
}

describe.each(ENGINES)('upgrading a database of migration 0002 on %s', (engine) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  const fixtureName = engine === 'sqlite' ? 'schema-0002' : 'schema-0002.postgres';
  const mediaName = engine === 'sqlite' ? 'schema-0002-media' : 'schema-0002-media-postgres';

  /** A DATA_DIR (and database) holding the fixture, as the released server left it. */
  async function restoreFixture(): Promise<{ dataDir: string; databaseUrl?: string }> {
    const dataDir = await mkdtemp(join(tmpdir(), 'hanger-upgrade-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await cp(join(FIXTURES, mediaName), join(dataDir, 'media'), { recursive: true });
    if (engine === 'sqlite') {
      await copyFile(join(FIXTURES, 'schema-0002.sqlite'), join(dataDir, 'hanger.db'));
      return { dataDir };
    }
    const database = await createPgDatabase();
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(await readFile(join(FIXTURES, 'schema-0002.postgres.sql'), 'utf8'));
    } finally {
      await client.end();
    }
    return { dataDir, databaseUrl: database.url };
  }

  function open(target: { dataDir: string; databaseUrl?: string }): Db {
    const db = createDb({
      databaseUrl: target.databaseUrl,
      sqlitePath: join(target.dataDir, 'hanger.db'),
    });
    cleanups.push(db.destroy);
    return db;
  }

  /** The schema and migration list of a new install. */
  async function freshInstall(): Promise<{ schema: unknown; migrations: string[] }> {
    const dir = await mkdtemp(join(tmpdir(), 'hanger-fresh-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      const database = await createPgDatabase();
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const { db } = open({ dataDir: dir, databaseUrl });
    await migrateToLatest(db as Kysely<unknown>);
    return {
      schema: await schemaOf(db as Kysely<unknown>, engine),
      migrations: await applied(db as Kysely<unknown>),
    };
  }

  it('applies every later migration, keeps every row, and ends like a new install', async () => {
    const target = await restoreFixture();
    const { db } = open(target);
    const kysely = db as Kysely<unknown>;
    expect(await applied(kysely)).toEqual(['0001-auth', '0002-wardrobe']);
    const before = await releasedRows(kysely);
    expect(before.user).toHaveLength(2);
    expect(before.clothes!.length).toBeGreaterThan(0);
    expect(before.verification).toHaveLength(1);

    await migrateToLatest(kysely);
    // Twice, as a second server process would.
    await migrateToLatest(kysely);

    const fresh = await freshInstall();
    expect(fresh.migrations.length).toBeGreaterThan(2);
    expect(await applied(kysely)).toEqual(fresh.migrations);
    expect(await releasedRows(kysely)).toEqual(before);
    expect(await schemaOf(kysely, engine)).toEqual(fresh.schema);
  });

  it('serves the upgraded accounts: same password, same wardrobe and photos, new features work', async () => {
    const expected = JSON.parse(
      await readFile(join(FIXTURES, `${fixtureName}.json`), 'utf8'),
    ) as Expected;
    const target = await restoreFixture();
    const app = await startApp(engine, {
      env: {
        DATA_DIR: target.dataDir,
        AUTH_SECRET: expected.secret,
        // Run below by a second process, after the wardrobe is compared with the released one.
        COLOUR_BACKFILL: 'off',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      },
    });
    cleanups.push(() => app.close());

    for (const account of expected.accounts) {
      const token = await signIn(app.baseUrl, account.email, expected.password);
      const user = new ApiUser(app.baseUrl, token, account.id, account.email);
      const wardrobe = await user.wardrobe();
      expect(withoutSignatures(wardrobe)).toEqual(account.wardrobe);
      // Settings of a later migration answer their defaults (cut-outs are off in tests).
      expect(await user.settings()).toEqual({
        ...account.settings,
        cut_out_new_photos: true,
        cutouts_available: false,
      });
      for (const record of [
        ...Object.values(wardrobe.clothes),
        ...Object.values(wardrobe.outfits),
      ]) {
        const response = await fetch(absolute(app.baseUrl, record.image));
        expect(response.status).toBe(200);
        const key = photoCacheKey(record.image)!.replace(/^\/media\//, '');
        const original = await readFile(join(FIXTURES, mediaName, key));
        expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
      }
      // A feature of a later migration works on the upgraded account.
      const feed = await user.fetch('/api/calendar-feed', { method: 'POST' });
      expect(feed.status).toBe(200);
      const { url } = (await feed.json()) as { url: string };
      expect((await fetch(url)).status).toBe(200);
    }
    // Items of before the colours get theirs from the backfill's jobs (README, "Colours").
    expect(await sweepItemsAwaitingColours(app.app.db, 1)).toHaveLength(1);
    const worker = await startApp(engine, {
      shareWith: app,
      env: {
        DATA_DIR: target.dataDir,
        AUTH_SECRET: expected.secret,
        COLOUR_BACKFILL: 'on',
        JOB_POLL_SECONDS: '1',
        ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      },
    });
    cleanups.push(() => worker.close());
    await eventually(
      async () => (await sweepItemsAwaitingColours(app.app.db, 1)).length === 0,
      20_000,
      'the backfill',
    );
  });
});
