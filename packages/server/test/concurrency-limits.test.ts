import type { WireItem } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { downloadExport, uploadImport, waitForImport } from './export-import-helpers.js';

const MAX_ITEMS = 5;
const MAX_CALENDAR = 6;

/**
 * The account's limits and its "one import at a time" rule hold when requests race: each is
 * checked under the account's lock (db/account-lock.ts) in the transaction that writes, on both
 * engines. Every case sends its requests at once and checks what the account holds afterwards.
 */
describe.each(ENGINES)('limits under concurrent writes on %s', (engine) => {
  let t: TestApp;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await startApp(engine, {
      env: {
        MAX_ITEMS_PER_ACCOUNT: String(MAX_ITEMS),
        MAX_CALENDAR_ENTRIES_PER_ACCOUNT: String(MAX_CALENDAR),
      },
    });
    jpeg = await testJpeg();
  });
  afterAll(async () => {
    await t?.close();
  });

  const addItem = (user: ApiUser, brand: string) =>
    user.send('POST', '/api/clothes', {
      category: 'top',
      status: 'clothes',
      brand,
      image: photo(jpeg),
    });

  /** An export of a fresh account holding `count` items. */
  async function exportOf(count: number): Promise<Buffer> {
    const source = await signUp(t);
    for (let i = 0; i < count; i++) expect((await addItem(source, `Source ${i}`)).status).toBe(201);
    return (await downloadExport(source)).zip;
  }

  async function preview(user: ApiUser, zip: Buffer): Promise<string> {
    const upload = await uploadImport(user, zip);
    expect(upload.status).toBe(200);
    return ((await upload.json()) as { id: string }).id;
  }

  it('an import committed while items are created never takes the account past its quota', async () => {
    const zip = await exportOf(4);
    const user = await signUp(t);
    const id = await preview(user, zip);
    const commit = await user.fetch(`/api/imports/${id}/commit`, { method: 'POST' });
    expect(commit.status).toBe(202);
    // Five creates while the import stores its four photos: together they would make nine.
    const creates = await Promise.all(
      Array.from({ length: MAX_ITEMS }, (_, i) => addItem(user, `Local ${i}`)),
    );
    await Promise.all(creates.map((c) => c.arrayBuffer()));
    const status = await waitForImport(user, id);
    const held = Object.values((await user.wardrobe()).clothes) as WireItem[];
    expect(held.length).toBeLessThanOrEqual(MAX_ITEMS);
    const created = creates.filter((c) => c.status === 201).length;
    expect(creates.every((c) => c.status === 201 || c.status === 422)).toBe(true);
    if (status.state === 'done') {
      expect(status.result?.items).toBe(4);
      expect(held.length).toBe(created + 4);
    } else {
      expect(status.state).toBe('failed');
      expect(status.error).toMatch(/limit of 5 items and outfits/);
      expect(held.length).toBe(created);
      expect(held.every((item) => item.brand?.startsWith('Local'))).toBe(true);
    }
    // Display and thumbnail of what the account holds, nothing of what was refused.
    const files = (await t.mediaFiles()).filter((f) => f.includes(user.id));
    expect(files).toHaveLength(2 * held.length);
  });

  it('starts one of several imports committed at once; the others answer 409', async () => {
    const zip = await exportOf(2);
    const user = await signUp(t);
    // Uploaded at once, so that each is previewed before another upload replaces it.
    const ids = await Promise.all([1, 2, 3].map(() => preview(user, zip)));
    const previewed: string[] = [];
    for (const id of ids) {
      const answer = await user.get(`/api/imports/${id}`);
      if (
        answer.status === 200 &&
        ((await answer.json()) as { state: string }).state === 'previewed'
      )
        previewed.push(id);
      else await answer.arrayBuffer();
    }
    expect(previewed.length).toBeGreaterThanOrEqual(2);
    const commits = await Promise.all(
      previewed.map((id) => user.fetch(`/api/imports/${id}/commit`, { method: 'POST' })),
    );
    const statuses = commits.map((c) => c.status).sort();
    expect(statuses).toEqual([202, ...previewed.slice(1).map(() => 409)]);
    const started = previewed[commits.findIndex((c) => c.status === 202)]!;
    expect((await waitForImport(user, started)).state).toBe('done');
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(2);
  });

  it('keeps the calendar within its quota when days are saved at once', async () => {
    const user = await signUp(t);
    const items: string[] = [];
    for (let i = 0; i < 2; i++)
      items.push(((await (await addItem(user, `Worn ${i}`)).json()) as WireItem).id);
    const days = Array.from({ length: 8 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
    const saves = await Promise.all(days.map((day) => user.putDay(day, { clothes: items })));
    await Promise.all(saves.map((s) => s.arrayBuffer()));
    expect(saves.every((s) => s.status === 200 || s.status === 422)).toBe(true);
    const calendar = (await user.wardrobe()).calendar;
    const entries = Object.values(calendar).reduce(
      (n, day) => n + day.clothes.length + day.outfits.length,
      0,
    );
    expect(entries).toBeLessThanOrEqual(MAX_CALENDAR);
    expect(entries).toBe(2 * saves.filter((s) => s.status === 200).length);
  });
});
