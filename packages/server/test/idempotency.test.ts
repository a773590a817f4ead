import type { WireItem, WireOutfit } from '@hanger/domain';
import { ERROR_CATALOGUE } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { form, photo, signUp, testJpeg, type ApiUser, type FieldValue } from './helpers/api.js';

const LIMIT = 4;

/**
 * Idempotency-Key on POST clothes and a new POST outfit (README, the `Idempotency-Key` paragraph: a
 * create the outbox resends after a lost answer): a repeat answers the record the key made first,
 * creates nothing and keeps no photo of its own.
 */
describe.each(ENGINES)('Idempotency-Key on %s', (engine) => {
  let t: TestApp;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await startApp(engine, { env: { MAX_ITEMS_PER_ACCOUNT: String(LIMIT) } });
    jpeg = await testJpeg();
  });
  afterAll(() => t?.close());

  function post(user: ApiUser, path: string, fields: Record<string, FieldValue>, key?: string) {
    return user.fetch(path, {
      method: 'POST',
      headers: key === undefined ? {} : { 'idempotency-key': key },
      body: form(fields),
    });
  }
  const newItem = (user: ApiUser, key?: string, brand = 'Keyed') =>
    post(
      user,
      '/api/clothes',
      { category: 'top', status: 'clothes', brand, image: photo(jpeg) },
      key,
    );
  const newOutfit = (user: ApiUser, itemId: string, key?: string) =>
    post(
      user,
      '/api/outfit',
      {
        canvas_data: JSON.stringify([{ clothing_id: itemId, x: 10, y: 20, scale: 1, rotation: 0 }]),
        image: photo(jpeg),
      },
      key,
    );
  const mine = async (user: ApiUser) => {
    const files = await t.mediaFiles();
    return files.filter((f) => f.includes(user.id)).length;
  };

  it('answers a repeated item create with the first item, 201, and creates nothing', async () => {
    const user = await signUp(t);
    const first = await newItem(user, 'local-abc_1.2:3');
    expect(first.status).toBe(201);
    const made = (await first.json()) as WireItem;
    const again = await newItem(user, 'local-abc_1.2:3');
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(made);
    expect(Object.keys((await user.wardrobe()).clothes)).toEqual([made.id]);
    expect(await mine(user)).toBe(2);
  });

  it('refuses a key sent again with other fields or another photo (422), creating nothing', async () => {
    const user = await signUp(t);
    const first = await newItem(user, 'reused');
    expect(first.status).toBe(201);
    const made = (await first.json()) as WireItem;
    const otherFields = await newItem(user, 'reused', 'Another brand');
    expect(otherFields.status).toBe(422);
    expect(((await otherFields.json()) as { detail: string }).detail).toBe(
      'This Idempotency-Key was already used with a different request. Send a new key for a new request.',
    );
    const otherPhoto = await post(
      user,
      '/api/clothes',
      {
        category: 'top',
        status: 'clothes',
        brand: 'Keyed',
        image: photo(await testJpeg({ width: 64, height: 48 })),
      },
      'reused',
    );
    expect(otherPhoto.status).toBe(422);
    expect(Object.keys((await user.wardrobe()).clothes)).toEqual([made.id]);
    expect(await mine(user)).toBe(2);
    // The request that made it still answers its item.
    expect(await (await newItem(user, 'reused')).json()).toEqual(made);
  });

  it('makes one item of requests sent at once with one key; other keys and users are apart', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => newItem(user, 'same-key')),
      newItem(other, 'same-key'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as WireItem[];
    const ids = new Set(bodies.slice(0, 5).map((b) => b.id));
    expect(ids.size).toBe(1);
    expect(Object.keys((await user.wardrobe()).clothes)).toEqual([...ids]);
    expect(await mine(user)).toBe(2);
    // The other user's identical key made their own item.
    expect(Object.keys((await other.wardrobe()).clothes)).toEqual([bodies[5]!.id]);
    expect(ids.has(bodies[5]!.id)).toBe(false);
    // A new key is a new item.
    expect((await newItem(user, 'another-key')).status).toBe(201);
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(2);
  });

  it('refuses a malformed key with 400 and the catalogue message, creating nothing', async () => {
    const user = await signUp(t);
    for (const bad of ['', 'has space', 'x'.repeat(101), 'é', 'a/b']) {
      const answer = await newItem(user, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(await answer.json()).toEqual({ detail: ERROR_CATALOGUE.VALIDATION_ERROR });
    }
    expect((await newItem(user, 'x'.repeat(100))).status).toBe(201);
    expect(Object.keys((await user.wardrobe()).clothes)).toHaveLength(1);
    expect(await mine(user)).toBe(2);
  });

  it('answers 404 for a key whose item was deleted since', async () => {
    const user = await signUp(t);
    const made = (await (await newItem(user, 'gone')).json()) as WireItem;
    expect((await user.send('DELETE', `/api/clothes/${made.id}`)).status).toBe(204);
    const again = await newItem(user, 'gone');
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: ERROR_CATALOGUE.NOT_FOUND });
    expect((await user.wardrobe()).clothes).toEqual({});
    expect(await mine(user)).toBe(0);
  });

  it('forgets a key after 24 hours, and sweeps it when the account uses a key again', async () => {
    const user = await signUp(t);
    const made = (await (await newItem(user, 'old')).json()) as WireItem;
    const db = t.app.services.db;
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000).toISOString();
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: dayAgo })
      .where('user_id', '=', user.id)
      .execute();
    const again = await newItem(user, 'old');
    expect(again.status).toBe(201);
    const second = (await again.json()) as WireItem;
    expect(second.id).not.toBe(made.id);
    const rows = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => [r.key, r.record_id])).toEqual([['old', second.id]]);
  });

  it('answers a repeated new outfit with the first outfit; refuses an item key reused for an outfit', async () => {
    const user = await signUp(t);
    const item = (await (await newItem(user)).json()) as WireItem;
    const first = await newOutfit(user, item.id, 'outfit-1');
    expect(first.status).toBe(201);
    const made = (await first.json()) as WireOutfit;
    const answers = await Promise.all([1, 2, 3].map(() => newOutfit(user, item.id, 'outfit-1')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    for (const a of answers) expect(await a.json()).toEqual(made);
    expect(Object.keys((await user.wardrobe()).outfits)).toEqual([made.id]);
    expect(await mine(user)).toBe(4);

    const reused = await newOutfit(user, item.id, 'item-key');
    expect(reused.status).toBe(201);
    const asItem = await newItem(user, 'item-key');
    expect(asItem.status).toBe(422);
    expect(Object.keys((await user.wardrobe()).clothes)).toEqual([item.id]);
  });

  it('answers a repeat at the quota with the first record, and refuses new creates with 422', async () => {
    const user = await signUp(t);
    const made: WireItem[] = [];
    for (let i = 0; i < LIMIT; i++)
      made.push((await (await newItem(user, `k${i}`)).json()) as WireItem);
    const repeat = await newItem(user, 'k0');
    expect(repeat.status).toBe(201);
    expect(((await repeat.json()) as WireItem).id).toBe(made[0]!.id);
    expect((await newItem(user, 'k-new')).status).toBe(422);
    expect((await newOutfit(user, made[0]!.id, 'o-new')).status).toBe(422);
    expect(await mine(user)).toBe(2 * LIMIT);
  });
});
