import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, type Db as DbHandle } from '../src/db/index.js';
import type { Database } from '../src/db/schema.js';
import { createPgDatabase, ENGINES, type Engine } from './helpers/app.js';
import { ALPHA, BRAVO, cases, DAY, seedAccounts, type CaseContext } from './repositories-cases.js';

/**
 * Every function exported by packages/server/src/repositories/ is called for account BRAVO, whose
 * rows repeat ALPHA's ids wherever ids can repeat across accounts (days, idempotency keys, import
 * source ids; repositories/README.md), and must neither answer nor change anything of ALPHA's.
 * The functions are listed from the modules themselves: one without a case fails the suite.
 */

const REPOSITORIES = new URL('../src/repositories/', import.meta.url);

/** `module.function` for every function the repositories export. */
async function exportedFunctions(): Promise<string[]> {
  const names: string[] = [];
  const files = (await readdir(REPOSITORIES)).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
  );
  for (const file of files.sort()) {
    const module = (await import(fileURLToPath(new URL(file, REPOSITORIES)))) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function') names.push(`${file.replace(/\.ts$/, '')}.${name}`);
    }
  }
  return names;
}

/** The tables whose rows name their account in `user_id`. */
const OWNED_TABLES = [
  'clothes',
  'outfits',
  'calendar_days',
  'user_settings',
  'calendar_feeds',
  'export_tokens',
  'data_imports',
  'import_links',
  'idempotency_keys',
  'suggestion_feedback',
  'collections',
  'collection_entries',
  'collection_packed',
] as const;

/** Every row of ALPHA's, table by table, in a stable order. */
async function alphaRows(db: Kysely<Database>) {
  const owned = ALPHA.user;
  const order = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  const rows: Record<string, string[]> = {
    user: order(await db.selectFrom('user').selectAll().where('id', '=', owned).execute()),
    session: order(
      await db.selectFrom('session').selectAll().where('userId', '=', owned).execute(),
    ),
    account: order(
      await db.selectFrom('account').selectAll().where('userId', '=', owned).execute(),
    ),
    // Canvas rows are ALPHA's through ALPHA's outfits; a wear's generated id is left out.
    outfit_items: order(
      await db
        .selectFrom('outfit_items')
        .innerJoin('outfits', 'outfits.id', 'outfit_items.outfit_id')
        .selectAll('outfit_items')
        .where('outfits.user_id', '=', owned)
        .execute(),
    ),
    calendar_items: order(
      await db
        .selectFrom('calendar_items')
        .select(['day', 'clothing_id', 'outfit_id'])
        .where('user_id', '=', owned)
        .execute(),
    ),
  };
  for (const table of OWNED_TABLES) {
    rows[table] = order(
      await db.selectFrom(table).selectAll().where('user_id', '=', owned).execute(),
    );
  }
  return rows;
}

/** Thrown to roll a case's transaction back, so that every case starts from the seeded rows. */
class RollBack extends Error {}

async function openDatabase(engine: Engine) {
  if (engine === 'postgres') {
    const database = await createPgDatabase();
    const handle = createDb({ databaseUrl: database.url, sqlitePath: '' });
    return { handle, drop: () => database.drop() };
  }
  const dir = await mkdtemp(join(tmpdir(), 'hanger-repositories-'));
  const handle = createDb({ sqlitePath: join(dir, 'hanger.db') });
  return { handle, drop: () => rm(dir, { recursive: true, force: true }) };
}

describe('the repositories isolation cases', () => {
  it('cover every exported repository function, and only those', async () => {
    const exported = await exportedFunctions();
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !(name in cases))).toEqual([]);
    expect(Object.keys(cases).filter((name) => !exported.includes(name))).toEqual([]);
  });
});

describe.each(ENGINES)('repositories keep one account from another on %s', (engine) => {
  let handle: DbHandle;
  let drop: () => Promise<unknown>;
  let before: Awaited<ReturnType<typeof alphaRows>>;

  beforeAll(async () => {
    ({ handle, drop } = await openDatabase(engine));
    await migrateToLatest(handle.db as Kysely<unknown>);
    await seedAccounts(handle.db, engine);
    before = await alphaRows(handle.db);
  });
  afterAll(async () => {
    await handle?.destroy();
    await drop?.();
  });

  it('seeds ALPHA with rows of every table, and BRAVO with the ids that can repeat', () => {
    for (const [table, rows] of Object.entries(before)) {
      expect(rows.length, table).toBeGreaterThan(0);
    }
    expect(before.calendar_days!.some((r) => r.includes(DAY))).toBe(true);
  });

  it.each(Object.keys(cases).sort())('%s answers and changes nothing of ALPHA', async (name) => {
    let answer: unknown;
    let after: Awaited<ReturnType<typeof alphaRows>> | undefined;
    await handle.db
      .transaction()
      .execute(async (trx) => {
        const context: CaseContext = { db: trx, engine };
        answer = await cases[name]!(context);
        after = await alphaRows(trx);
        throw new RollBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RollBack)) throw err;
      });
    // Nothing of ALPHA's in the answer: ALPHA's ids, e-mail, hashes and texts all contain ALPHA.
    expect(JSON.stringify(answer ?? null)).not.toContain(ALPHA.mark);
    expect(after).toEqual(before);
  });

  it("leaves BRAVO's own rows where the cases left ALPHA's", async () => {
    expect(await alphaRows(handle.db)).toEqual(before);
    const bravo = await handle.db
      .selectFrom('clothes')
      .select('id')
      .where('user_id', '=', BRAVO.user)
      .execute();
    expect(bravo.length).toBeGreaterThan(0);
  });
});
