import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ENTRIES } from '../src/services/import-archive.js';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { uploadImport } from './export-import-helpers.js';
import {
  declareSize,
  openExport,
  rebuildZip,
  renameEntry,
  withChangedDoc,
  type NewEntry,
} from './export-import-fixtures.js';

const MAX_UPLOAD = 256 * 1024;
const IMPORT_MAX = 8 * 1024 * 1024;

describe.each(ENGINES)('import refuses bad archives on %s', (engine) => {
  let t: TestApp;
  let source: ApiUser;
  let target: ApiUser;
  let entries: NewEntry[];
  let doc: Record<string, unknown>;
  let mediaBefore: string[];

  const base = () => entries.map((e) => ({ ...e }));
  const withDoc = (change: (d: Record<string, unknown>) => unknown): NewEntry[] =>
    withChangedDoc(base(), doc, change);
  const photoName = () => entries.find((e) => e.name.startsWith('photos/items/'))!.name;

  beforeAll(async () => {
    t = await startApp(engine, {
      env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD), IMPORT_MAX_BYTES: String(IMPORT_MAX) },
    });
    source = await signUp(t);
    target = await signUp(t);
    const item = await source.addItem({ brand: 'Only' }, await testJpeg({ width: 40, height: 30 }));
    const outfit = await source.addOutfit([item.id]);
    await source.putDay('2025-01-01', { clothes: [item.id], outfits: [outfit.id] });
    ({ entries, doc } = await openExport(source));
    mediaBefore = await t.mediaFiles();
  });
  afterAll(() => t?.close());

  async function expectRefused(zip: Buffer, detail: RegExp) {
    const response = await uploadImport(target, zip);
    const body = (await response.json()) as { detail?: string };
    expect(response.status, body.detail).toBe(422);
    expect(body.detail).toMatch(detail);
  }

  it('takes the untouched archive (the cases below differ from it in one way each)', async () => {
    const response = await uploadImport(target, await rebuildZip(base()));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect((await target.fetch(`/api/imports/${id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses a file that is not a zip', async () => {
    await expectRefused(randomBytes(4096), /not a readable zip/);
  });

  it('refuses entry names that climb out, are absolute or hold backslashes', async () => {
    const extra = (name: string) => rebuildZip([...base(), { name, bytes: Buffer.from('x') }]);
    await expectRefused(
      renameEntry(await extra('xx/evil.webp'), 'xx/evil.webp', '../evil.webp'),
      /path traversal/,
    );
    await expectRefused(
      renameEntry(await extra('Xetc/passwd'), 'Xetc/passwd', '/etc/passwd'),
      /absolute path/,
    );
    await expectRefused(
      renameEntry(await extra('C_/photo.webp'), 'C_/photo.webp', 'C:/photo.webp'),
      /absolute path/,
    );
    await expectRefused(
      renameEntry(await extra('photos/x/a.webp'), 'photos/x/a.webp', 'photos\\x\\a.webp'),
      /backslash/,
    );
  });

  it('refuses more entries than any wardrobe needs before reading them', async () => {
    const empties = Array.from({ length: DEFAULT_MAX_ENTRIES }, (_, i) => ({
      name: `e/${i}`,
      bytes: Buffer.alloc(0),
    }));
    await expectRefused(
      await rebuildZip([...base(), ...empties]),
      new RegExp(`at most ${DEFAULT_MAX_ENTRIES} are accepted`),
    );
  });

  it('refuses two entries with one name', async () => {
    await expectRefused(
      await rebuildZip([...base(), { name: photoName(), bytes: Buffer.from('other') }]),
      /appears twice/,
    );
  });

  it('refuses a zip bomb: an entry expanding too far, or too much in all', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    await expectRefused(
      await rebuildZip([...base(), { name: 'filler.bin', bytes: zeros, compress: true }]),
      /expands more than \d+ times/,
    );
    const many = Array.from({ length: 80 }, (_, i) => ({
      name: `filler-${i}.bin`,
      bytes: Buffer.alloc(1024 * 1024),
      compress: true,
    }));
    await expectRefused(await rebuildZip([...base(), ...many]), /unpacked \(a zip bomb\)/);
  });

  it('refuses sizes that lie: declared smaller or larger than the data', async () => {
    const zip = await rebuildZip(base());
    const real = entries[0]!.bytes.length;
    await expectRefused(
      declareSize(zip, 'hanger-export.json', real - 10),
      /declared size|could not be read/,
    );
    await expectRefused(
      declareSize(zip, 'hanger-export.json', real + 10),
      /declared size|could not be read/,
    );
    await expectRefused(declareSize(zip, photoName(), 5), /two different sizes|damaged/);
  });

  it('refuses an entry larger than a photo may be', async () => {
    await expectRefused(
      await rebuildZip(
        base().map((e) =>
          e.name === photoName() ? { name: e.name, bytes: randomBytes(MAX_UPLOAD + 1) } : e,
        ),
      ),
      new RegExp(`larger than ${MAX_UPLOAD} bytes`),
    );
  });

  it('refuses a photo that is not an image, whatever its name says', async () => {
    await expectRefused(
      await rebuildZip(
        base().map((e) =>
          e.name === photoName()
            ? { name: e.name, bytes: Buffer.from('#!/bin/sh\necho not a photo\n') }
            : e,
        ),
      ),
      /not a WebP, JPEG or PNG image/,
    );
  });

  it('refuses a decompression bomb shaped as our own WebP: its frame header declares the size', async () => {
    const photo = entries.find((e) => e.name === photoName())!.bytes;
    // Hanger's own display photo: RIFF, one 'VP8 ' chunk; the key frame's size at bytes 26-29.
    expect(photo.toString('latin1', 12, 16)).toBe('VP8 ');
    const bomb = Buffer.from(photo);
    bomb.writeUInt16LE(0x3fff, 26);
    bomb.writeUInt16LE(0x3fff, 28);
    await expectRefused(
      await rebuildZip(base().map((e) => (e.name === photoName() ? { ...e, bytes: bomb } : e))),
      /too large \(16383x16383 pixels\)/,
    );
  });

  it('refuses a document that fails the schema, naming the field', async () => {
    await expectRefused(
      await rebuildZip(withDoc((d) => delete (d.items as Record<string, unknown>[])[0]!.photo)),
      /does not match the format: items\.0\.photo/,
    );
    await expectRefused(
      await rebuildZip(withDoc((d) => ((d.items as Record<string, unknown>[])[0]!.price = -5))),
      /items\.0\.price/,
    );
    await expectRefused(
      await rebuildZip(
        withDoc(
          (d) =>
            ((
              d.outfits as { canvas_data: { clothing_id: string }[] }[]
            )[0]!.canvas_data[0]!.clothing_id = 'nobody'),
        ),
      ),
      /unknown item nobody/,
    );
  });

  it('refuses an unknown format version with the versions named', async () => {
    await expectRefused(
      await rebuildZip(withDoc((d) => (d.version = 4))),
      /format version 4; this server reads versions 1, 2 and 3/,
    );
  });

  it('refuses a zip without the document, with a broken document, or with a photo missing', async () => {
    await expectRefused(
      await rebuildZip(base().filter((e) => e.name !== 'hanger-export.json')),
      /hanger-export\.json is missing/,
    );
    await expectRefused(
      await rebuildZip(
        base().map((e) =>
          e.name === 'hanger-export.json' ? { name: e.name, bytes: Buffer.from('{"format":') } : e,
        ),
      ),
      /not valid JSON/,
    );
    await expectRefused(
      await rebuildZip(base().filter((e) => e.name !== photoName())),
      new RegExp(`${photoName().replace(/[.]/g, '\\.')} is missing from the zip`),
    );
  });

  it('refuses an upload over IMPORT_MAX_BYTES (413), declared or streamed', async () => {
    const big = randomBytes(IMPORT_MAX + 1024);
    expect((await uploadImport(target, big)).status).toBe(413);
    // Without a Content-Length the cap is enforced while streaming to disk.
    const form = new FormData();
    form.append('archive', new Blob([new Uint8Array(big)]), 'big.zip');
    const body = new Response(form);
    const response = await target.fetch('/api/imports', {
      method: 'POST',
      headers: { 'content-type': body.headers.get('content-type')! },
      body: body.body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('refuses a form without the archive field', async () => {
    const response = await uploadImport(target, await rebuildZip(base()), 'file');
    expect(response.status).toBe(422);
  });

  it('changed nothing: no rows, no photos, no imports, no files left behind', async () => {
    expect(await target.wardrobe()).toEqual({ clothes: {}, outfits: {}, calendar: {} });
    expect(await t.mediaFiles()).toEqual(mediaBefore);
    const rows = await t.app.db
      .selectFrom('data_imports')
      .select('id')
      .where('user_id', '=', target.id)
      .execute();
    expect(rows).toEqual([]);
    expect(await readdir(join(t.dataDir, 'imports')).catch(() => [])).toEqual([]);
  });
});
