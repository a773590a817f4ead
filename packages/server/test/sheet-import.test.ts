import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { rebuildZip, renameEntry } from './export-import-fixtures.js';
import { waitForImport, type ImportStatusAnswer } from './export-import-helpers.js';

const MAX_UPLOAD = 256 * 1024;
const IMPORT_MAX = 8 * 1024 * 1024;

interface Form {
  action?: 'preview' | 'import';
  sheet: Buffer | string;
  photos?: Buffer;
  mapping?: Record<string, number>;
  encoding?: string;
  skip_refused?: boolean;
}

function send(user: ApiUser, form: Form): Promise<Response> {
  const body = new FormData();
  body.append('action', form.action ?? 'preview');
  if (form.encoding) body.append('encoding', form.encoding);
  if (form.mapping) body.append('mapping', JSON.stringify(form.mapping));
  if (form.skip_refused) body.append('skip_refused', 'true');
  const sheet = typeof form.sheet === 'string' ? Buffer.from(form.sheet) : form.sheet;
  body.append('sheet', new Blob([new Uint8Array(sheet)], { type: 'text/csv' }), 'items.csv');
  if (form.photos)
    body.append(
      'photos',
      new Blob([new Uint8Array(form.photos)], { type: 'application/zip' }),
      'photos.zip',
    );
  return user.fetch('/api/imports/sheet', { method: 'POST', body });
}

async function ok<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { detail?: string };
  expect(response.status, body.detail).toBe(200);
  return body;
}

async function refused(response: Response, detail: RegExp) {
  const body = (await response.json()) as { detail?: string };
  expect(response.status, body.detail).toBe(422);
  expect(body.detail).toMatch(detail);
}

/** action=import: 202 with the import's id, then its state as GET /api/imports/{id} ends it. */
async function importSheet(user: ApiUser, form: Form): Promise<ImportStatusAnswer> {
  const response = await send(user, { ...form, action: 'import' });
  const body = (await response.json()) as { id: string; state: string; detail?: string };
  expect(response.status, body.detail).toBe(202);
  expect(body.state).toBe('running');
  return waitForImport(user, body.id);
}

/** An import that ran and failed, with the reason it gives. */
async function failed(status: ImportStatusAnswer, error: RegExp) {
  expect(status.state).toBe('failed');
  expect(status.error).toMatch(error);
}

const SHEET = [
  'Name;Category;Colour;Price;Currency;Photo;Purchase date',
  'Linen shirt;Tops;white;39,90;EUR;shirt.jpg;2024-03-05',
  '"Wool coat, ""long""\nnavy";coat;navy;120;usd;;',
  'Kimono;robes;;;;;',
  '=HYPERLINK("http://example.test");top;;;;;',
  'Geta;shoes;;1500.5;JPY;;',
  'Scarf;accessory;;;;missing.jpg;',
].join('\r\n');

describe.each(ENGINES)('spreadsheet import on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  let photos: Buffer;

  beforeAll(async () => {
    t = await startApp(engine, {
      env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD), IMPORT_MAX_BYTES: String(IMPORT_MAX) },
    });
    user = await signUp(t);
    other = await signUp(t);
    photos = await rebuildZip([
      { name: 'pics/shirt.jpg', bytes: await testJpeg({ width: 40, height: 30 }) },
      { name: '__MACOSX/pics/._shirt.jpg', bytes: Buffer.from('resource fork') },
    ]);
  });
  afterAll(() => t?.close());

  it('previews: guessed mapping, first rows as items, every refused row with its reason', async () => {
    const preview = await ok<{
      delimiter: string;
      mapping: Record<string, number>;
      items: { brand?: string; category: string; photo?: string; price?: number }[];
      refused: { row: number; reason: string }[];
      importable: number;
      rows: number;
      photos: number;
    }>(await send(user, { sheet: SHEET, photos }));
    expect(preview.delimiter).toBe(';');
    expect(preview.mapping).toMatchObject({ brand: 0, category: 1, colours: 2, photo: 5 });
    expect(preview.rows).toBe(6);
    expect(preview.photos).toBe(1);
    expect(preview.items.map((i) => i.brand)).toEqual(['Linen shirt', 'Wool coat, "long"\nnavy']);
    expect(preview.items[0]).toMatchObject({ category: 'top', photo: 'shirt.jpg', price: 39.9 });
    expect(preview.importable).toBe(2);
    expect(preview.refused.map((r) => r.row)).toEqual([4, 5, 6, 7]);
    expect(preview.refused.map((r) => r.reason).join('\n')).toMatch(
      /unknown category “robes”[\s\S]*formula[\s\S]*JPY has none[\s\S]*missing photo “missing.jpg”/,
    );
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(0);
  });

  it('imports all or nothing, or without the refused rows when asked, and only once', async () => {
    const before = await t.mediaFiles();
    await failed(
      await importSheet(user, { sheet: SHEET, photos }),
      /4 rows are refused \(row 4: unknown category[\s\S]*Nothing was imported/,
    );
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(0);
    expect(await t.mediaFiles()).toEqual(before);

    const status = await importSheet(user, { sheet: SHEET, photos, skip_refused: true });
    expect(status).toMatchObject({ state: 'done', done: 2, total: 2 });
    expect(status.result).toEqual({ items: 2, skipped: 0, refused_skipped: 4 });
    // The uploads are gone once the import has run.
    expect(await readdir(join(t.dataDir, 'imports')).catch(() => [])).toEqual([]);
    const items = Object.values((await user.wardrobe()).clothes);
    expect(items.map((i) => i.brand).sort()).toEqual(['Linen shirt', 'Wool coat, "long"\nnavy']);
    const shirt = items.find((i) => i.brand === 'Linen shirt')!;
    expect(shirt).toMatchObject({ category: 'top', price: 39.9, currency: 'EUR' });
    expect(shirt.colors).toEqual(['white']);
    expect(shirt.date_obtained).toBe('2024-03-05');

    // The same file again adds nothing.
    const again = await importSheet(user, { sheet: SHEET, photos, skip_refused: true });
    expect(again.result).toMatchObject({ items: 0, skipped: 2 });
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(2);
    // Another account is untouched.
    expect(Object.keys((await other.wardrobe()).clothes)).toHaveLength(0);
  });

  it('adds each row once when the same file is sent twice at once', async () => {
    const twin = await signUp(t);
    const sheet = 'brand,category\nTwin A,top\nTwin B,bottom\n';
    const answers = await Promise.all([
      send(twin, { action: 'import', sheet }),
      send(twin, { action: 'import', sheet }),
    ]);
    // One import at a time: the second is refused while the first runs, or runs after it.
    let imported = 0;
    for (const answer of answers) {
      const body = (await answer.json()) as { id: string; detail?: string };
      if (answer.status === 409) {
        expect(body.detail).toMatch(/Another import is running/);
        continue;
      }
      expect(answer.status, body.detail).toBe(202);
      const status = await waitForImport(twin, body.id);
      expect(status.state).toBe('done');
      imported += status.result!.items;
    }
    expect(imported).toBe(2);
    const brands = Object.values((await twin.wardrobe()).clothes).map((i) => i.brand);
    expect(brands.filter((b) => b?.startsWith('Twin')).sort()).toEqual(['Twin A', 'Twin B']);
  });

  it('fails an import whose job cannot be queued, leaving no upload, and runs the next', async () => {
    const unlucky = await signUp(t);
    const sheet = 'brand,category\nQueued,top\n';
    const enqueue = vi.spyOn(t.app.jobs, 'enqueue');
    enqueue.mockRejectedValueOnce(new Error('the queue is down'));
    const answer = await send(unlucky, { action: 'import', sheet, photos });
    enqueue.mockRestore();
    expect(answer.status).toBe(500);
    expect(await readdir(join(t.dataDir, 'imports')).catch(() => [])).toEqual([]);
    // Marked failed, not left running: the next import is not refused as another running.
    const status = await importSheet(unlucky, { sheet });
    expect(status).toMatchObject({ state: 'done', result: { items: 1 } });
  });

  it('reads UTF-16, Windows-1252 (detected or chosen) and a UTF-8 BOM alike', async () => {
    const text = 'brand,category\r\nCéline,bag\r\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const cp1252 = Buffer.from(text, 'latin1');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    for (const [sheet, encoding] of [
      [utf16, 'utf-16le'],
      [cp1252, 'windows-1252'],
      [bom, 'utf-8'],
    ] as const) {
      const preview = await ok<{ encoding: string; items: { brand: string }[] }>(
        await send(other, { sheet }),
      );
      expect(preview.encoding).toBe(encoding);
      expect(preview.items[0]!.brand).toBe('Céline');
    }
    const chosen = await ok<{ items: { brand: string }[] }>(
      await send(other, { sheet: Buffer.from(text), encoding: 'windows-1252' }),
    );
    expect(chosen.items[0]!.brand).toBe('CÃ©line');
  });

  it('refuses bad sheets and bad zips with clear errors, nothing imported', async () => {
    await refused(
      await send(other, { sheet: 'a,b\n"open,1\n' }),
      /opens a quote that never closes/,
    );
    await refused(await send(other, { sheet: '' }), /Attach the spreadsheet/);
    await refused(await send(other, { sheet: '\n\n' }), /The spreadsheet is empty/);
    const rows = `category\n${'top\n'.repeat(50_001)}`;
    await refused(await send(other, { sheet: rows }), /more than 50,000 rows/);
    const traversal = renameEntry(
      await rebuildZip([{ name: 'xx/evil.jpg', bytes: Buffer.from('x') }]),
      'xx/evil.jpg',
      '../evil.jpg',
    );
    await refused(await send(other, { sheet: SHEET, photos: traversal }), /path traversal/);
    const bomb = await rebuildZip([
      { name: 'a.jpg', bytes: Buffer.alloc(4 * 1024 * 1024), compress: true },
    ]);
    await refused(await send(other, { sheet: SHEET, photos: bomb }), /zip bomb/);
    await refused(
      await send(other, { sheet: SHEET, mapping: { category: 40 } }),
      /mapping names column 41/,
    );
    expect(Object.keys((await other.wardrobe()).clothes)).toHaveLength(0);
  });

  it('imports 50,000 rows of a sheet only within the account’s quota', async () => {
    const rows = `brand,category\n${Array.from({ length: 50_000 }, (_, i) => `B${i},top`).join('\n')}`;
    const preview = await ok<{ rows: number; importable: number }>(
      await send(other, { sheet: rows }),
    );
    expect(preview).toMatchObject({ rows: 50_000, importable: 50_000 });
    await failed(await importSheet(other, { sheet: rows }), /limit of 20,000 items/);
    expect(Object.keys((await other.wardrobe()).clothes)).toHaveLength(0);
  });
});
