import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { expect } from 'vitest';
import { photo, testJpeg, type ApiUser } from './helpers/api.js';
import { downloadExport } from './export-import-helpers.js';

/** A wardrobe using every field: settings, subcategories, three items, an outfit, two days. */
export async function seedWardrobe(user: ApiUser): Promise<void> {
  const settings = await user.putSettings({
    locale: 'en-GB',
    currency: 'EUR',
    week_start: 1,
    data_consent: false,
    tracking_start_date: '2024-01-01',
    subcategories: {
      top: [{ id: 'tee', name: 'T-shirts' }],
      shoes: [{ id: 'boots', name: 'Boots' }],
    },
  });
  expect(settings.status).toBe(200);
  const tee = await user.addItem(
    {
      category: 'top',
      sub_category_id: 'tee',
      status: 'clothes',
      source: 'preloved',
      brand: 'Acme',
      date_obtained: '2024-02-29',
      price: '40',
      currency: 'GBP',
      manual_times_worn: '3',
      scale: '0.75',
    },
    await testJpeg({ width: 800, height: 600 }),
  );
  const boots = await user.addItem(
    {
      category: 'shoes',
      sub_category_id: 'boots',
      status: 'archived',
      source: 'bought new',
      brand: 'Boot Co',
      date_obtained: '2023-10-01',
      date_archived: '2025-01-31',
      price: '120',
      currency: 'EUR',
      sold_price: '50',
      sold_currency: 'USD',
    },
    await testJpeg({ width: 300, height: 500, color: { r: 20, g: 20, b: 20 } }),
  );
  const jeans = await user.addItem({
    category: 'bottom',
    status: 'wishlist',
    brand: 'Denim',
    image: photo(await testJpeg({ width: 48, height: 32, color: { r: 10, g: 40, b: 200 } })),
  });
  const outfit = await user.addOutfit([tee.id, boots.id], { status: 'archived' });
  expect(
    (await user.putDay('2025-03-01', { clothes: [jeans.id], outfits: [outfit.id] })).status,
  ).toBe(200);
  expect((await user.putDay('2025-03-01', { display_item: outfit.id })).status).toBe(200);
  expect((await user.putDay('2025-03-02', { clothes: [boots.id, tee.id] })).status).toBe(200);
  expect((await user.putDay('2025-03-02', { display_item: boots.id })).status).toBe(200);
}

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  method: number;
}

/** Every entry of a zip, in order, with its bytes. */
export function readZip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const entries: ZipEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (openErr, stream: Readable) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              bytes: Buffer.concat(chunks),
              method: entry.compressionMethod,
            });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

export interface NewEntry {
  name: string;
  bytes: Buffer;
  compress?: boolean;
}

/** A zip of the given entries (yazl; names as given, duplicates allowed). */
export function rebuildZip(entries: NewEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(entry.bytes, entry.name, {
      compress: entry.compress ?? entry.name.endsWith('.json'),
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** A user's export as entries to change and zip again, with its JSON document parsed. */
export async function openExport(
  user: ApiUser,
): Promise<{ entries: NewEntry[]; doc: Record<string, unknown> }> {
  const zip = (await downloadExport(user)).zip;
  const entries = (await readZip(zip)).map((e) => ({ name: e.name, bytes: e.bytes }));
  return {
    entries,
    doc: JSON.parse(entries[0]!.bytes.toString('utf8')) as Record<string, unknown>,
  };
}

/** The entries with the export's JSON replaced by a copy of `doc` that `change` edited. */
export function withChangedDoc(
  entries: NewEntry[],
  doc: Record<string, unknown>,
  change: (d: Record<string, unknown>) => unknown,
): NewEntry[] {
  const copy = structuredClone(doc);
  change(copy);
  return entries.map((e) =>
    e.name === 'hanger-export.json'
      ? { name: e.name, bytes: Buffer.from(JSON.stringify(copy)) }
      : e,
  );
}

/**
 * Rename an entry in place (local header and central directory), for names yazl refuses to
 * write ("../x", "/x", "a\\b"). Both names must have the same length in bytes.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error('names must have the same length');
  const out = Buffer.from(zip);
  let at = out.indexOf(a);
  let count = 0;
  while (at !== -1) {
    b.copy(out, at);
    count++;
    at = out.indexOf(a, at + 1);
  }
  if (count === 0) throw new Error(`${from} not found`);
  return out;
}

/** Set the uncompressed size the central directory declares for an entry. */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const wanted = Buffer.from(name);
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = out.indexOf(signature); at !== -1; at = out.indexOf(signature, at + 4)) {
    const nameLength = out.readUInt16LE(at + 28);
    if (out.subarray(at + 46, at + 46 + nameLength).equals(wanted)) {
      out.writeUInt32LE(size, at + 24);
      return out;
    }
  }
  throw new Error(`${name} not in the central directory`);
}
