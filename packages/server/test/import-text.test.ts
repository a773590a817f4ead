import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { uploadImport } from './export-import-helpers.js';
import { openExport, rebuildZip, withChangedDoc, type NewEntry } from './export-import-fixtures.js';

/**
 * README, "Malformed and hostile input", on imports (docs/export-format.md): an export whose JSON
 * carries text no engine can store the same way — a NUL byte (PostgreSQL refuses it: the upload
 * answered 500 for an id, the commit failed for a brand), a lone surrogate or a control character
 * (SQLite stored them) — is refused at upload with 422, like any other JSON that fails the schema,
 * and nothing is imported.
 */
describe.each(ENGINES)('import refuses text that cannot be stored on %s', (engine) => {
  let t: TestApp;
  let target: ApiUser;
  let entries: NewEntry[];
  let doc: Record<string, unknown>;

  beforeAll(async () => {
    t = await startApp(engine);
    const source = await signUp(t);
    target = await signUp(t);
    const item = await source.addItem({ brand: 'Only' }, await testJpeg({ width: 40, height: 30 }));
    await source.putDay('2025-01-01', { clothes: [item.id] });
    ({ entries, doc } = await openExport(source));
  });
  afterAll(() => t?.close());

  const withDoc = (change: (d: Record<string, unknown>) => void): Promise<Buffer> =>
    rebuildZip(withChangedDoc(entries, doc, change));
  type Rec = Record<string, unknown>;
  const item = (d: Rec) => (d.items as Rec[])[0]!;
  const day = (d: Rec) => (d.calendar as Rec[])[0]!;

  for (const [what, bad] of [
    ['a NUL byte', 'a\u0000b'],
    ['a lone surrogate', 'a\uD800b'],
    ['a control character', 'a\u0007b'],
  ] as const) {
    it(`answers 422 to ${what} in a brand, an item id, a calendar id or a subcategory`, async () => {
      const zips = [
        await withDoc((d) => void (item(d).brand = bad)),
        await withDoc((d) => {
          const id = item(d).id as string;
          item(d).id = bad;
          day(d).clothes = [bad];
          void id;
        }),
        await withDoc((d) => {
          const settings = d.settings as { subcategories: Record<string, Rec[]> };
          settings.subcategories.top = [{ id: 'sub-1', name: bad }];
        }),
      ];
      for (const zip of zips) {
        const response = await uploadImport(target, zip);
        const body = (await response.json()) as { detail?: string };
        expect(response.status, body.detail).toBe(422);
        expect(body.detail).toMatch(/does not match the format/);
      }
      expect(Object.keys((await target.wardrobe()).clothes)).toHaveLength(0);
    });
  }
});
