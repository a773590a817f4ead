import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BOOT_TILES_END,
  BOOT_TILES_START,
  DEFAULT_ITEM_FILTERS,
  DEFAULT_SORT_DIRECTION,
  filterItems,
  itemFromWire,
  settingsFromWire,
  sortItems,
  tabCounts,
  wardrobeFromWire,
  type WireItem,
} from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadExport, importZip } from '../../test/export-import-helpers.js';
import { readZip, rebuildZip } from '../../test/export-import-fixtures.js';
import { ApiUser } from '../../test/helpers/api.js';
import { ENGINES } from '../../test/helpers/app.js';
import {
  TEST_PASSWORD,
  TestBrowser,
  startAuthApp,
  type AuthTestApp,
} from '../../test/helpers/auth.js';

/**
 * The server-drawn first screen of /items (docs/first-screen.md) through real HTTP: the web plugin,
 * the identity service's get-session, the first-screen service and the page, on both engines, with
 * the web build's own index.html (its shell and tile template).
 */

const WEB_INDEX = fileURLToPath(new URL('../../../web/index.html', import.meta.url));

const SESSION_COOKIE = 'hanger.session_token';
const VIEW_COOKIE = 'hanger-custom-view';

interface Account {
  browser: TestBrowser;
  api: ApiUser;
  id: string;
}

interface DrawnTile {
  id: string;
  src: string;
  alt: string;
  caption: string;
  loading: string;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The tiles a filled page carries, in order, as the browser would read them. */
function drawnTiles(html: string): DrawnTile[] {
  const start = html.indexOf(BOOT_TILES_START);
  const end = html.indexOf(BOOT_TILES_END);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  const grid = html.slice(start + BOOT_TILES_START.length, end);
  return grid
    // Each tile's wrapper (the app's grid cell: its class list ends with min-w-0).
    .split(/<div class="(?:[^"]* )?min-w-0">/)
    .slice(1)
    .map((markup) => {
      const id = /href="\/items\/([^"]*)"/.exec(markup)?.[1];
      const src = /<img src="([^"]*)"/.exec(markup)?.[1];
      const alt = / alt="([^"]*)"/.exec(markup)?.[1];
      const caption = /<p [^>]*>([^<]*)<\/p>/.exec(markup)?.[1];
      const loading = / loading="([^"]*)"/.exec(markup)?.[1];
      if ([id, src, alt, caption, loading].includes(undefined))
        throw new Error(`a tile without all its parts: ${markup}`);
      return {
        id: decodeURIComponent(unescapeHtml(id!)),
        src: unescapeHtml(src!),
        alt: unescapeHtml(alt!),
        caption: unescapeHtml(caption!),
        loading: loading!,
      };
    });
}

/** The Date Created caption of the default locale ('en'), written independently of the domain. */
const CAPTION_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const caption = (iso: string) => CAPTION_FORMAT.format(new Date(iso));

/** In the closet, newest first: the default view (no ties expected where this is used). */
function newestInCloset(items: readonly WireItem[]): WireItem[] {
  const kept = items.filter((i) => !i.status || i.status === 'clothes');
  const times = kept.map((i) => Date.parse(i.date_created));
  expect(new Set(times).size, 'distinct creation times').toBe(times.length);
  return [...kept].sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created));
}

describe.each(ENGINES)('the server-drawn first screen of /items on %s', (engine) => {
  let t: AuthTestApp;
  let webDir: string;
  let staticIndex: string;

  beforeAll(async () => {
    webDir = await mkdtemp(join(tmpdir(), 'hanger-first-screen-'));
    await copyFile(WEB_INDEX, join(webDir, 'index.html'));
    staticIndex = await readFile(WEB_INDEX, 'utf8');
    t = await startAuthApp(engine, { env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  /** A new account signed up in a browser (its session cookie), with an API client of its own. */
  async function account(name = 'Ada'): Promise<Account> {
    const browser = new TestBrowser();
    const response = await browser.postJson(`${t.baseUrl}/api/auth/sign-up/email`, {
      email: `first-screen-${randomUUID()}@example.test`,
      password: TEST_PASSWORD,
      name,
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string; email: string } };
    expect(browser.cookies(t.baseUrl).has(SESSION_COOKIE)).toBe(true);
    const tokenAnswer = await browser.request(`${t.baseUrl}/api/auth/token`);
    expect(tokenAnswer.status).toBe(200);
    const { token } = (await tokenAnswer.json()) as { token: string };
    return { browser, api: new ApiUser(t.baseUrl, token, user.id, user.email), id: user.id };
  }

  /** A document load, as a browser navigates. */
  async function load(browser: TestBrowser, path = '/items', method = 'GET') {
    const response = await browser.request(`${t.baseUrl}${path}`, {
      method,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    const body = await response.text();
    return { response, body };
  }

  function expectStatic(answer: { response: Response; body: string }, what: string): void {
    expect(answer.response.status, what).toBe(200);
    expect(answer.body, what).toBe(staticIndex);
    expect(answer.body, what).not.toContain('data-filled');
    expect(answer.response.headers.get('cache-control'), what).toBe('no-cache');
  }

  function expectFilled(answer: { response: Response; body: string }, what: string): DrawnTile[] {
    expect(answer.response.status, what).toBe(200);
    expect(answer.body, what).toContain('<div id="boot-shell" data-filled=""');
    expect(answer.response.headers.get('content-type'), what).toBe('text/html; charset=utf-8');
    return drawnTiles(answer.body);
  }

  async function wardrobeItems(api: ApiUser): Promise<WireItem[]> {
    return Object.values((await api.wardrobe()).clothes);
  }

  /** The account's items as the app's grid orders them for the default view (the domain's sort). */
  async function gridOrder(api: ApiUser): Promise<string[]> {
    const settings = settingsFromWire(await api.settings());
    const items = (await wardrobeItems(api)).map(itemFromWire);
    return sortItems(
      filterItems(items, DEFAULT_ITEM_FILTERS),
      'Date Created',
      DEFAULT_SORT_DIRECTION,
      new Map(),
      { settings },
    ).map((i) => i.id);
  }

  /** Copies of one of the account's rows straight into the database (a large wardrobe, quickly). */
  async function insertRows(
    template: { id: string },
    userId: string,
    rows: { date_created: string; status?: string; category?: string; id?: string }[],
  ): Promise<string[]> {
    const original = (await t.db
      .selectFrom('clothes')
      .selectAll()
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const ids: string[] = [];
    const values = rows.map((r) => {
      const id = r.id ?? randomUUID();
      ids.push(id);
      return {
        ...original,
        id,
        user_id: userId,
        date_created: r.date_created,
        status: r.status ?? 'clothes',
        category: r.category ?? 'top',
        sub_category_id: null,
        brand: null,
      };
    });
    for (let i = 0; i < values.length; i += 50)
      await t.db
        .insertInto('clothes')
        .values(values.slice(i, i + 50))
        .execute();
    return ids;
  }

  describe('a signed-in account with items', () => {
    let ada: Account;
    let made: WireItem[];

    beforeAll(async () => {
      ada = await account('Ada');
      made = [];
      made.push(await ada.api.addItem({ brand: 'Uniqlo' }));
      made.push(await ada.api.addItem({ brand: '<script>alert(1)</script>' }));
      made.push(await ada.api.addItem({ category: 'full body' }));
      made.push(await ada.api.addItem({ brand: 'Archived', status: 'archived' }));
      made.push(await ada.api.addItem({ brand: `Tom & Jerry's "Best"`, category: 'shoes' }));
      made.push(await ada.api.addItem({ brand: 'Wished', status: 'wishlist' }));
      made.push(await ada.api.addItem({ brand: 'Lent', status: 'loaned' }));
      made.push(await ada.api.addItem({ brand: 'Last' }));
    });

    it('gets /items filled with its in-closet items, newest first, as GET /api/users has them', async () => {
      const items = await wardrobeItems(ada.api);
      expect(items).toHaveLength(made.length);
      const expected = newestInCloset(items);
      expect(expected.map((i) => i.brand ?? null)).toEqual([
        'Last',
        `Tom & Jerry's "Best"`,
        null,
        '<script>alert(1)</script>',
        'Uniqlo',
      ]);
      const tiles = expectFilled(await load(ada.browser, '/items'), '/items');
      expect(tiles.map((x) => x.id)).toEqual(expected.map((i) => i.id));
      expect(tiles.map((x) => x.id)).toEqual(await gridOrder(ada.api));
      // Photos are the thumbnails GET /api/users links to; captions the Date Created day.
      expect(tiles.map((x) => x.src)).toEqual(expected.map((i) => i.thumbnail ?? i.image));
      for (const src of tiles.map((x) => x.src)) expect(src).not.toBe('');
      expect(tiles.map((x) => x.caption)).toEqual(expected.map((i) => caption(i.date_created)));
      expect(tiles.map((x) => x.alt)).toEqual([
        'Last Top',
        `Tom & Jerry's "Best" Shoes`,
        'Full body',
        '<script>alert(1)</script> Top',
        'Uniqlo Top',
      ]);
      expect(tiles.map((x) => x.loading)).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy']);
    });

    it('gets / filled the same way, and /items/ and /items?… too', async () => {
      const items = await load(ada.browser, '/items');
      for (const path of ['/', '/items/', '/items?from=home', '/?utm_source=x']) {
        const other = await load(ada.browser, path);
        expect(expectFilled(other, path)).toEqual(drawnTiles(items.body));
        expect(other.body, path).toBe(items.body);
      }
    });

    it('escapes what the account typed: a <script> brand, & and quotes', async () => {
      const { body } = await load(ada.browser, '/items');
      expect(body).not.toContain('<script>alert(1)</script>');
      expect(body).toContain('alt="&lt;script&gt;alert(1)&lt;/script&gt; Top"');
      expect(body).toContain('alt="Tom &amp; Jerry&#39;s &quot;Best&quot; Shoes"');
      // The page's own scripts are the static page's, no more.
      const scripts = (html: string) => html.match(/<script\b/g)?.length ?? 0;
      expect(scripts(body)).toBe(scripts(staticIndex));
    });

    it('leaves out archived, wishlist and loaned items', async () => {
      const { body } = await load(ada.browser, '/items');
      const shown = new Set(drawnTiles(body).map((x) => x.id));
      for (const item of made) {
        expect(shown.has(item.id), `${item.brand}`).toBe(!item.status || item.status === 'clothes');
      }
      expect(body).not.toContain('Archived');
      expect(body).not.toContain('Wished');
      expect(body).not.toContain('Lent');
    });

    it('is never stored by a cache and varies with the cookie; the CSP is the static page’s', async () => {
      const filled = await load(ada.browser, '/items');
      expect(filled.response.headers.get('cache-control')).toBe('private, no-store');
      const vary = (filled.response.headers.get('vary') ?? '').split(',').map((v) => v.trim());
      expect(vary.map((v) => v.toLowerCase())).toContain('cookie');
      const signedOut = await load(new TestBrowser(), '/items');
      expectStatic(signedOut, 'signed out');
      const csp = filled.response.headers.get('content-security-policy');
      expect(csp).toBeTruthy();
      expect(csp).toBe(signedOut.response.headers.get('content-security-policy'));
      // The other security headers match too.
      for (const name of [
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'strict-transport-security',
      ]) {
        expect(filled.response.headers.get(name), name).toBe(signedOut.response.headers.get(name));
      }
    });

    it("carries the Items and Outfits tabs' counts, as the app counts them", async () => {
      const outfit = await ada.api.addOutfit([made[0]!.id]);
      const archived = await ada.api.addOutfit([made[2]!.id], { status: 'archived' });
      try {
        const expected = tabCounts(wardrobeFromWire(await ada.api.wardrobe()));
        expect(expected).toEqual({ items: 5, outfits: 1 });
        const { body } = await load(ada.browser, '/items');
        const badge = (label: string) =>
          new RegExp(
            `href="/${label.toLowerCase()}">${label}<span class="[^"]*">(\\d+)</span></a>`,
          ).exec(body)?.[1];
        expect(badge('Items')).toBe('5');
        expect(badge('Outfits')).toBe('1');
        expect(body).not.toContain('<template data-boot-count>');
      } finally {
        for (const o of [outfit, archived])
          expect((await ada.api.send('DELETE', `/api/outfits/${o.id}`)).ok).toBe(true);
      }
    });

    it('is sent gzipped to a browser that accepts it, the same page once decoded', async () => {
      const plain = await ada.browser.request(`${t.baseUrl}/items`, {
        headers: { accept: 'text/html', 'accept-encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const plainBody = await plain.text();
      const zipped = await ada.browser.request(`${t.baseUrl}/items`, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      const vary = (zipped.headers.get('vary') ?? '').split(',').map((v) => v.trim().toLowerCase());
      expect(vary).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
      expect(zipped.headers.get('cache-control')).toBe('private, no-store');
      // fetch decodes it: the same tiles as the plain page.
      const zippedBody = await zipped.text();
      expect(drawnTiles(zippedBody)).toEqual(drawnTiles(plainBody));
      expect(drawnTiles(zippedBody).length).toBeGreaterThan(0);
    });

    it('gets the static page with a custom view cookie, and the filled one once it is cleared', async () => {
      ada.browser.cookies(t.baseUrl).set(VIEW_COOKIE, '1');
      try {
        expectStatic(await load(ada.browser, '/items'), 'custom view on /items');
        expectStatic(await load(ada.browser, '/'), 'custom view on /');
      } finally {
        ada.browser.cookies(t.baseUrl).delete(VIEW_COOKIE);
      }
      expectFilled(await load(ada.browser, '/items'), 'cleared');
    });

    it('answers HEAD with the static page’s headers, never a filled page’s', async () => {
      const head = await load(ada.browser, '/items', 'HEAD');
      expect(head.response.status).toBe(200);
      expect(head.body).toBe('');
      expect(head.response.headers.get('cache-control')).toBe('no-cache');
      expect(Number(head.response.headers.get('content-length'))).toBe(
        Buffer.byteLength(staticIndex),
      );
    });

    it.each([
      '/items/upload',
      '/items/5b8c6f0e-1111-4d6a-9a67-2f0f8d3c9b10',
      '/itemsx',
      '/outfits',
      '/groups',
      '/calendar',
      '/stats',
      '/profile',
      '/items/upload/',
    ])('never fills %s', async (path) => {
      expectStatic(await load(ada.browser, path), path);
    });

    it('shows an item created after a load on the next load (nothing is kept)', async () => {
      const before = drawnTiles((await load(ada.browser, '/items')).body);
      const added = await ada.api.addItem({ brand: 'Brand new' });
      const after = drawnTiles((await load(ada.browser, '/items')).body);
      expect(after[0]!.id).toBe(added.id);
      expect(after[0]!.alt).toBe('Brand new Top');
      expect(after.slice(1).map((x) => x.id)).toEqual(before.map((x) => x.id));
      // And an item moved out of the closet goes at once.
      const archive = await ada.api.send('PATCH', `/api/clothes/${added.id}`, {
        updates: JSON.stringify({ status: 'archived', date_archived: '2025-05-01' }),
      });
      expect(archive.status).toBe(200);
      const again = drawnTiles((await load(ada.browser, '/items')).body);
      expect(again.map((x) => x.id)).toEqual(before.map((x) => x.id));
    });

    it('passes on the refreshed session cookie when get-session renews the session', async () => {
      const browser = new TestBrowser();
      const signIn = await browser.postJson(`${t.baseUrl}/api/auth/sign-in/email`, {
        email: ada.api.email,
        password: TEST_PASSWORD,
      });
      expect(signIn.status).toBe(200);
      const cookie = browser.cookies(t.baseUrl).get(SESSION_COOKIE)!;
      const token = decodeURIComponent(cookie).split('.')[0]!;
      // A session a day short of its 30: better-auth renews it on its next use (updateAge 1 day).
      const row = (await t.db
        .selectFrom('session')
        .select(['expiresAt'])
        .where('token', '=', token)
        .executeTakeFirstOrThrow()) as { expiresAt: unknown };
      const soon = new Date(Date.now() + 60 * 60 * 1000);
      const value =
        row.expiresAt instanceof Date
          ? soon
          : typeof row.expiresAt === 'number'
            ? soon.getTime()
            : soon.toISOString();
      await t.db
        .updateTable('session')
        .set({ expiresAt: value })
        .where('token', '=', token)
        .execute();
      const answer = await load(browser, '/items');
      expectFilled(answer, 'renewed');
      const setCookie = answer.response.headers.getSetCookie();
      expect(setCookie.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    });
  });

  describe('who gets the static page', () => {
    it('a visitor with no cookie, on / and /items', async () => {
      const visitor = new TestBrowser();
      expectStatic(await load(visitor, '/'), '/');
      expectStatic(await load(visitor, '/items'), '/items');
    });

    it('a forged or malformed session cookie', async () => {
      for (const value of ['forged.value', 'x', '', 'a%2Eb', `${randomUUID()}.${'A'.repeat(43)}`]) {
        const browser = new TestBrowser();
        browser.cookies(t.baseUrl).set(SESSION_COOKIE, value);
        expectStatic(await load(browser, '/items'), `cookie ${JSON.stringify(value)}`);
      }
    });

    it('a session cookie that was signed out (its row is gone)', async () => {
      const bea = await account('Bea');
      await bea.api.addItem({ brand: 'Kept' });
      expectFilled(await load(bea.browser, '/items'), 'signed in');
      const stale = new TestBrowser();
      stale
        .cookies(t.baseUrl)
        .set(SESSION_COOKIE, bea.browser.cookies(t.baseUrl).get(SESSION_COOKIE)!);
      const out = await bea.browser.postJson(`${t.baseUrl}/api/auth/sign-out`, {});
      expect(out.status).toBe(200);
      expectStatic(await load(stale, '/items'), 'signed out cookie');
      expectStatic(await load(bea.browser, '/items'), 'after sign-out');
    });

    it('an account with no items, or none in the closet', async () => {
      const cy = await account('Cy');
      expectStatic(await load(cy.browser, '/items'), 'empty wardrobe');
      await cy.api.addItem({ status: 'archived' });
      await cy.api.addItem({ status: 'wishlist' });
      expectStatic(await load(cy.browser, '/items'), 'nothing in the closet');
      await cy.api.addItem({ brand: 'Now' });
      expect(expectFilled(await load(cy.browser, '/items'), 'one')).toHaveLength(1);
    });
  });

  it('never shows another account’s items', async () => {
    const ann = await account('Ann');
    const bob = await account('Bob');
    const annItems = [
      await ann.api.addItem({ brand: 'Ann one' }),
      await ann.api.addItem({ brand: 'Ann two' }),
    ];
    const bobItems = [
      await bob.api.addItem({ brand: 'Bob one' }),
      await bob.api.addItem({ brand: 'Bob two' }),
      await bob.api.addItem({ brand: 'Bob three' }),
    ];
    // Alternate loads, as two people on one server.
    for (let round = 0; round < 2; round++) {
      const asAnn = await load(ann.browser, '/items');
      const asBob = await load(bob.browser, '/items');
      expect(expectFilled(asAnn, 'Ann').map((x) => x.id)).toEqual(
        [...annItems].reverse().map((i) => i.id),
      );
      expect(expectFilled(asBob, 'Bob').map((x) => x.id)).toEqual(
        [...bobItems].reverse().map((i) => i.id),
      );
      for (const i of bobItems) expect(asAnn.body).not.toContain(i.id);
      for (const i of annItems) expect(asBob.body).not.toContain(i.id);
      expect(asAnn.body).not.toContain('Bob');
      expect(asBob.body).not.toContain('Ann');
    }
  });

  describe('a large wardrobe', () => {
    it('draws exactly 15 tiles: the newest 15 in the closet', async () => {
      const dee = await account('Dee');
      const first = await dee.api.addItem({ brand: 'Template' });
      const base = Date.UTC(2025, 0, 1);
      await insertRows(
        first,
        dee.id,
        Array.from({ length: 40 }, (_, i) => ({
          date_created: new Date(base + i * 60_000).toISOString(),
          status: i % 3 === 0 ? 'archived' : 'clothes',
        })),
      );
      const tiles = expectFilled(await load(dee.browser, '/items'), 'large');
      expect(tiles).toHaveLength(15);
      expect(tiles.map((x) => x.id)).toEqual((await gridOrder(dee.api)).slice(0, 15));
      expect(tiles.map((x) => x.loading)).toEqual([
        ...Array<string>(4).fill('eager'),
        ...Array<string>(11).fill('lazy'),
      ]);
    });

    it('reads past a first step of rows that are all out of the closet', async () => {
      const eve = await account('Eve');
      const first = await eve.api.addItem({ brand: 'Template', status: 'archived' });
      const base = Date.UTC(2025, 5, 1);
      // 130 archived rows, newer than 20 in the closet: the closet's are rows 131 to 150.
      await insertRows(
        first,
        eve.id,
        Array.from({ length: 150 }, (_, i) => ({
          date_created: new Date(base - i * 60_000).toISOString(),
          status: i < 130 ? 'archived' : 'clothes',
        })),
      );
      const tiles = expectFilled(await load(eve.browser, '/items'), 'deep');
      expect(tiles).toHaveLength(15);
      expect(tiles.map((x) => x.id)).toEqual((await gridOrder(eve.api)).slice(0, 15));
    });

    it('breaks ties of Date Created as the grid does, across a step of rows', async () => {
      const fay = await account('Fay');
      const first = await fay.api.addItem({ brand: 'Template', status: 'archived' });
      const base = Date.UTC(2025, 5, 1);
      const same = new Date(base - 1000 * 60_000).toISOString();
      const categories = ['shoes', 'bag', 'top', 'bottom', 'other', 'accessory', 'outerwear'];
      await insertRows(first, fay.id, [
        // 85 archived rows, newest.
        ...Array.from({ length: 85 }, (_, i) => ({
          date_created: new Date(base - i * 60_000).toISOString(),
          status: 'archived',
        })),
        // 40 in the closet created at the same moment, in many categories: the grid orders them
        // by category first, so the first 15 by id are not the first 15 shown.
        ...Array.from({ length: 40 }, (_, i) => ({
          date_created: same,
          category: categories[i % categories.length],
        })),
        // 100 older ones.
        ...Array.from({ length: 100 }, (_, i) => ({
          date_created: new Date(base - (2000 + i) * 60_000).toISOString(),
        })),
      ]);
      const expected = (await gridOrder(fay.api)).slice(0, 15);
      const tiles = expectFilled(await load(fay.browser, '/items'), 'ties');
      expect(tiles.map((x) => x.id)).toEqual(expected);
      const items = new Map((await wardrobeItems(fay.api)).map((i) => [i.id, i]));
      // The grid's order puts every top first (the first category), then bottoms...
      expect(tiles.slice(0, 6).map((x) => items.get(x.id)!.category)).toEqual(
        Array<string>(6).fill('top'),
      );
    });

    // BUG (reported): an import stores date_created as its document spells it, and the export
    // format accepts any ISO 8601 offset ("2024-05-31T23:59:00-05:00"). The rows are read newest
    // first by their text (ORDER BY date_created, a text column on both engines), the grid by the
    // instant (Date.parse): past the first step of 100 rows the two differ, and the newest item in
    // the grid is missing from the first screen.
    it('shows an imported item whose timestamp has an offset where the grid does', async () => {
      const gil = await account('Gil');
      await gil.api.addItem({ brand: 'Offset' });
      const entries = await readZip((await downloadExport(gil.api)).zip);
      const docEntry = entries.find((e) => e.name === 'hanger-export.json')!;
      const doc = JSON.parse(docEntry.bytes.toString('utf8')) as {
        items: { date_created: string }[];
      };
      expect(doc.items).toHaveLength(1);
      // 2024-06-01T04:59:00Z: newer than every row below, but before them as text.
      doc.items[0]!.date_created = '2024-05-31T23:59:00-05:00';
      docEntry.bytes = Buffer.from(JSON.stringify(doc));
      const zip = await rebuildZip(entries.map((e) => ({ name: e.name, bytes: e.bytes })));

      const hal = await account('Hal');
      const { status } = await importZip(hal.api, zip);
      expect(status.state, status.error).toBe('done');
      // Read from the database: GET /api/users would keep a copy the rows below do not reach.
      const imported = (await t.db
        .selectFrom('clothes')
        .select(['id', 'date_created'])
        .where('user_id', '=', hal.id)
        .executeTakeFirstOrThrow()) as { id: string; date_created: string };
      expect(imported.date_created).toBe('2024-05-31T23:59:00-05:00');

      const base = Date.UTC(2024, 5, 1);
      await insertRows(
        imported,
        hal.id,
        Array.from({ length: 110 }, (_, i) => ({
          date_created: new Date(base + i * 60_000).toISOString(),
        })),
      );
      const expected = (await gridOrder(hal.api)).slice(0, 15);
      expect(expected[0]).toBe(imported.id);
      const tiles = expectFilled(await load(hal.browser, '/items'), 'offset');
      expect(tiles.map((x) => x.id)).toEqual(expected);
    });
  });
});
