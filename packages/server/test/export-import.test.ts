import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportFormatJsonSchema } from '@hanger/domain';
import { Ajv2020 } from 'ajv/dist/2020.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { absolute, ApiUser, signUp, testJpeg } from './helpers/api.js';
import { signUpAndGetToken } from './helpers/auth.js';
import {
  canonical,
  downloadExport,
  importZip,
  requestExport,
  uploadImport,
  waitForImport,
} from './export-import-helpers.js';
import { readZip, rebuildZip, seedWardrobe } from './export-import-fixtures.js';

const SCHEMA_FILE = join(import.meta.dirname, '../../../docs/export-format.schema.json');

describe.each(ENGINES)('export and import on %s (disk storage)', (engine) => {
  let t: TestApp;
  let ada: ApiUser;

  beforeAll(async () => {
    ({ t, user: ada } = await startWithUser(engine));
    await seedWardrobe(ada);
  });
  afterAll(() => t?.close());

  it('streams a zip with the exact size it announced, JSON deflated and photos stored', async () => {
    const { zip, link, response } = await downloadExport(ada);
    const day = new Date().toISOString().slice(0, 10);
    expect(link.url).toMatch(
      new RegExp(`^/api/export/[A-Za-z0-9_-]{43}/hanger-export-${day}\\.zip$`),
    );
    const ttl = Date.parse(link.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(link.bytes).toBe(zip.length);
    expect(response.headers.get('content-length')).toBe(String(zip.length));
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="hanger-export-${day}.zip"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');

    const entries = await readZip(zip);
    const names = entries.map((e) => e.name);
    expect(names[0]).toBe('hanger-export.json');
    expect(names.filter((n) => n.startsWith('photos/items/'))).toHaveLength(3);
    expect(names.filter((n) => n.startsWith('photos/outfits/'))).toHaveLength(1);
    for (const entry of entries) {
      expect(entry.method, entry.name).toBe(entry.name.endsWith('.json') ? 8 : 0);
      if (entry.name.endsWith('.webp')) {
        expect((await sharp(entry.bytes).metadata()).format).toBe('webp');
      }
    }
  });

  it('writes a document that validates against the committed JSON Schema (ajv)', async () => {
    const committed = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    expect(committed).toEqual(exportFormatJsonSchema());
    const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { 'date-time': true } });
    const validate = ajv.compile(committed);
    const entries = await readZip((await downloadExport(ada)).zip);
    const document = JSON.parse(entries[0]!.bytes.toString('utf8')) as Record<string, unknown>;
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    expect(document).toMatchObject({
      format: 'hanger-export',
      version: 3,
      account: { email: ada.email, name: ada.email.split('@')[0] },
      settings: { currency: 'EUR', locale: 'en-GB', week_start: 1 },
    });
    // A changed document fails the schema: the check is not vacuous.
    const spoiled = { ...document, items: [{ id: 'x' }] };
    expect(validate(spoiled)).toBe(false);
  });

  it('round trip: an import into a fresh account gives back the same wardrobe and settings', async () => {
    const { zip } = await downloadExport(ada);
    const bea = await signUp(t);
    const { preview, status } = await importZip(bea, zip);
    expect(preview).toMatchObject({
      items: 3,
      outfits: 1,
      calendar_days: 2,
      photos: 4,
      already_imported: { items: 0, outfits: 0 },
    });
    expect(status).toMatchObject({
      state: 'done',
      done: 4,
      total: 4,
      result: { items: 3, outfits: 1, calendar_days: 2, skipped: 0 },
    });

    const [before, after] = [await ada.wardrobe(), await bea.wardrobe()];
    expect(canonical(after)).toEqual(canonical(before));
    expect(await bea.settings()).toEqual(await ada.settings());
    // New ids, and photos that are the account's own files.
    expect(Object.keys(after.clothes).some((id) => id in before.clothes)).toBe(false);
    for (const item of Object.values(after.clothes)) {
      expect(item.image).toContain(bea.id);
    }

    // Photos decode to the same dimensions.
    const size = async (url: string) => {
      const response = await fetch(absolute(t.baseUrl, url));
      expect(response.status).toBe(200);
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      return `${width}x${height}`;
    };
    const byBrand = (w: typeof before) =>
      new Map(Object.values(w.clothes).map((i) => [i.brand, i]));
    const a = byBrand(before);
    for (const [brand, item] of byBrand(after)) {
      expect(await size(item.image), brand ?? '').toBe(await size(a.get(brand)!.image));
    }
    const [outfitBefore] = Object.values(before.outfits);
    const [outfitAfter] = Object.values(after.outfits);
    expect(await size(outfitAfter!.image)).toBe(await size(outfitBefore!.image));
  });

  it('carries collections (version 3): entries mapped to the new records, ticks kept, once', async () => {
    const w = await ada.wardrobe();
    const [first, second] = Object.values(w.clothes);
    const [look] = Object.values(w.outfits);
    const json = (user: ApiUser, method: string, path: string, body?: unknown) =>
      user.fetch(path, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
    const made = await json(ada, 'POST', '/api/collections', {
      kind: 'packing',
      name: 'Lisbon',
      start_date: '2025-07-01',
      end_date: '2025-07-03',
      destination: 'Lisbon',
      item_ids: [first!.id],
      outfit_ids: [look!.id],
    });
    const trip = (await made.json()) as { id: string };
    await json(ada, 'PUT', `/api/collections/${trip.id}/packed`, {
      item_ids: [first!.id],
      packed: true,
    });
    await json(ada, 'POST', '/api/collections', {
      kind: 'capsule',
      name: 'Summer',
      item_ids: [second!.id],
    });

    const { zip } = await downloadExport(ada);
    const doc = JSON.parse((await readZip(zip))[0]!.bytes.toString('utf8')) as {
      collections: { name: string; items: string[]; packed: string[] }[];
    };
    expect(doc.collections.map((c) => c.name)).toEqual(['Lisbon', 'Summer']);
    expect(doc.collections[0]).toMatchObject({ items: [first!.id], packed: [first!.id] });

    const dee = await signUp(t);
    const { status } = await importZip(dee, zip);
    expect(status).toMatchObject({ state: 'done', result: { collections: 2 } });
    const theirs = (await (await dee.get('/api/collections')).json()) as {
      collections: {
        name: string;
        kind: string;
        start_date?: string;
        item_ids: string[];
        outfit_ids: string[];
        packed_ids: string[];
      }[];
    };
    const after = await dee.wardrobe();
    const byBrand = new Map(Object.values(after.clothes).map((i) => [i.brand, i.id]));
    const [lisbon, summer] = theirs.collections;
    expect(lisbon).toMatchObject({
      name: 'Lisbon',
      kind: 'packing',
      start_date: '2025-07-01',
      item_ids: [byBrand.get(first!.brand)],
      outfit_ids: [Object.keys(after.outfits)[0]],
      packed_ids: [byBrand.get(first!.brand)],
    });
    expect(summer).toMatchObject({ name: 'Summer', item_ids: [byBrand.get(second!.brand)] });

    // A second import of the same file adds no collection twice.
    const again = await importZip(dee, zip);
    expect(again.status).toMatchObject({ state: 'done', result: { collections: 0 } });
    const count = (await (await dee.get('/api/collections')).json()) as { collections: unknown[] };
    expect(count.collections).toHaveLength(2);

    // Left as they were for the tests that follow.
    for (const c of (
      (await (await ada.get('/api/collections')).json()) as { collections: { id: string }[] }
    ).collections)
      await json(ada, 'DELETE', `/api/collections/${c.id}`);
  });

  it('importing the same zip twice adds nothing the second time', async () => {
    const { zip } = await downloadExport(ada);
    const cy = await signUp(t);
    await importZip(cy, zip);
    const once = await cy.wardrobe();
    const mediaOnce = (await t.mediaFiles()).length;
    const { preview, status } = await importZip(cy, zip);
    expect(preview.already_imported).toEqual({ items: 3, outfits: 1 });
    expect(status).toMatchObject({
      state: 'done',
      result: { items: 0, outfits: 0, calendar_days: 0, skipped: 4 },
    });
    expect(await cy.wardrobe()).toEqual(once);
    expect((await t.mediaFiles()).length).toBe(mediaOnce);

    // An export imported back into the account it came from changes nothing either.
    const own = await importZip(ada, zip);
    expect(own.preview.already_imported).toEqual({ items: 3, outfits: 1 });
    expect(own.status.result).toMatchObject({ items: 0, outfits: 0 });
  });

  it('merges into an account that already has its own wardrobe and subcategories', async () => {
    const { zip } = await downloadExport(ada);
    const dee = await signUp(t);
    await dee.putSettings({
      currency: 'USD',
      subcategories: {
        top: [{ id: 'mine', name: 't-shirts' }],
        shoes: [{ id: 's', name: 'Boots' }],
      },
    });
    const own = await dee.addItem({ brand: 'Dee own', sub_category_id: 'mine' });
    await importZip(dee, zip);
    const settings = await dee.settings();
    // Its own settings stay; "T-shirts" is its "t-shirts"; new subcategories are added.
    expect(settings.currency).toBe('USD');
    expect(settings.subcategories.top).toEqual([{ id: 'mine', name: 't-shirts' }]);
    expect(settings.subcategories.shoes).toEqual([{ id: 's', name: 'Boots' }]);
    const wardrobe = await dee.wardrobe();
    expect(Object.keys(wardrobe.clothes)).toHaveLength(4);
    expect(wardrobe.clothes[own.id]).toMatchObject({ brand: 'Dee own' });
    const tee = Object.values(wardrobe.clothes).find((i) => i.brand === 'Acme');
    expect(tee).toMatchObject({ sub_category_id: 'mine', price: 40, currency: 'GBP' });
    // Converted prices follow this account's currency (USD), not the export's (EUR).
    expect(tee?.converted_price).not.toBe(
      Object.values((await ada.wardrobe()).clothes).find((i) => i.brand === 'Acme')
        ?.converted_price,
    );
  });

  it('keeps the download link to its owner: other accounts, other tokens, expired links get 404', async () => {
    const link = await requestExport(ada);
    const eve = await signUp(t);
    const other = await eve.fetch(link.url);
    expect(other.status).toBe(404);
    const token = link.url.split('/')[3]!;
    const flipped = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    for (const url of [
      link.url.replace(token, flipped),
      link.url.replace(/\.zip$/, '.tar'),
      link.url.replace(/\d{4}-\d{2}-\d{2}/, '2001-01-01'),
      '/api/export/short/hanger-export-2026-01-01.zip',
    ]) {
      const response = await fetch(`${t.baseUrl}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ detail: expect.any(String) });
    }
    // Eve's own export holds only Eve's (empty) wardrobe.
    const eveZip = await readZip((await downloadExport(eve)).zip);
    const eveDoc = JSON.parse(eveZip[0]!.bytes.toString('utf8')) as { items: unknown[] };
    expect(eveDoc.items).toEqual([]);
    expect(eveZip).toHaveLength(1);

    // Expired: the link stops working once its time is up.
    await t.app.db
      .updateTable('export_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await fetch(`${t.baseUrl}${link.url}`)).status).toBe(404);
    // Creating a link needs a bearer token.
    expect((await fetch(`${t.baseUrl}/api/export`, { method: 'POST' })).status).toBe(401);
  });

  it('ends a download link with the session it was made in', async () => {
    const signedUp = await signUpAndGetToken(t.baseUrl);
    const zoe = new ApiUser(t.baseUrl, signedUp.token, signedUp.userId, signedUp.email);
    const before = await requestExport(zoe);
    // While the session lasts the link works (a HEAD-free check: the download starts).
    const live = await fetch(`${t.baseUrl}${before.url}`);
    expect(live.status).toBe(200);
    await live.arrayBuffer();
    const link = await requestExport(zoe);
    const out = await fetch(`${t.baseUrl}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${signedUp.sessionToken}`,
        origin: t.baseUrl,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const response = await fetch(`${t.baseUrl}${link.url}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  it('keeps imports to their owner: another account cannot read, commit or discard one', async () => {
    const { zip } = await downloadExport(ada);
    const fay = await signUp(t);
    const gus = await signUp(t);
    const upload = await uploadImport(fay, zip);
    expect(upload.status).toBe(200);
    const { id } = (await upload.json()) as { id: string };
    expect((await gus.get(`/api/imports/${id}`)).status).toBe(404);
    expect((await gus.fetch(`/api/imports/${id}/commit`, { method: 'POST' })).status).toBe(404);
    expect((await gus.fetch(`/api/imports/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(Object.keys((await gus.wardrobe()).clothes)).toHaveLength(0);
    expect((await fay.get(`/api/imports/${id}`)).status).toBe(200);
    expect(await (await fay.get(`/api/imports/${id}`)).json()).toEqual({
      id,
      state: 'previewed',
      done: 0,
      total: 0,
    });
    // Discarded: gone, nothing imported.
    expect((await fay.fetch(`/api/imports/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fay.get(`/api/imports/${id}`)).status).toBe(404);
    expect(Object.keys((await fay.wardrobe()).clothes)).toHaveLength(0);
    expect((await fetch(`${t.baseUrl}/api/imports`, { method: 'POST' })).status).toBe(401);
  });

  it('commits once: a second commit of the same import is refused', async () => {
    const { zip } = await downloadExport(ada);
    const hal = await signUp(t);
    const { id } = (await (await uploadImport(hal, zip)).json()) as { id: string };
    expect((await hal.fetch(`/api/imports/${id}/commit`, { method: 'POST' })).status).toBe(202);
    expect((await hal.fetch(`/api/imports/${id}/commit`, { method: 'POST' })).status).toBe(409);
    expect((await waitForImport(hal, id)).state).toBe('done');
  });

  it('rolls everything back when a photo fails in the pipeline', async () => {
    // The outfit's photo is a PNG cut short: its header passes the preview's check, its pixels
    // fail when re-encoded, after the items' photos were stored. No row and no file may remain.
    const { zip } = await downloadExport(ada);
    const entries = await readZip(zip);
    const png = await sharp({
      create: {
        width: 64,
        height: 64,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const cut = png.subarray(0, Math.floor(png.length / 2));
    const broken = await rebuildZip(
      entries.map((e) => (e.name.startsWith('photos/outfits/') ? { name: e.name, bytes: cut } : e)),
    );
    const ian = await signUp(t);
    const before = await t.mediaFiles();
    const upload = await uploadImport(ian, broken);
    expect(upload.status).toBe(200);
    const { id } = (await upload.json()) as { id: string };
    expect((await ian.fetch(`/api/imports/${id}/commit`, { method: 'POST' })).status).toBe(202);
    const status = await waitForImport(ian, id);
    expect(status.state).toBe('failed');
    expect(status.error).toMatch(/could not be read/);
    expect(await ian.wardrobe()).toEqual({ clothes: {}, outfits: {}, calendar: {} });
    expect(await t.mediaFiles()).toEqual(before);
  });

  it('accepts a test JPEG as a photo too (archives made by hand)', async () => {
    const { zip } = await downloadExport(ada);
    const entries = await readZip(zip);
    const jpeg = await testJpeg({ width: 64, height: 48 });
    const swapped = await rebuildZip(
      entries.map((e) =>
        e.name.startsWith('photos/outfits/') ? { name: e.name, bytes: jpeg } : e,
      ),
    );
    const jo = await signUp(t);
    const { status } = await importZip(jo, swapped);
    expect(status.state).toBe('done');
  });
});
