import {
  MAX_COLLECTION_ENTRIES,
  MAX_COLLECTIONS,
  collectionsResponseSchema,
  wireCollectionSchema,
  type WireCollection,
  type WireItem,
  type WireOutfit,
} from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { signUp, type ApiUser } from './helpers/api.js';
import { startWithUser } from './helpers/suite.js';

/** A JSON call of the collections API. */
async function call(user: ApiUser, method: string, path: string, body?: unknown) {
  const response = await user.fetch(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe.each(ENGINES)('collections on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  let other: ApiUser;
  let tee: WireItem;
  let jeans: WireItem;
  let boots: WireItem;
  let look: WireOutfit;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
    other = await signUp(t);
    tee = await user.addItem({ category: 'top' });
    jeans = await user.addItem({ category: 'bottom' });
    boots = await user.addItem({ category: 'shoes' });
    look = await user.addOutfit([tee.id, jeans.id]);
  });
  afterAll(() => t?.close());

  const create = async (body: Record<string, unknown>) => {
    const { status, body: answer } = await call(user, 'POST', '/api/collections', body);
    expect(status, JSON.stringify(answer)).toBe(201);
    return wireCollectionSchema.parse(answer);
  };

  it('creates a packing list with trip dates and entries, and lists it', async () => {
    const fields = {
      kind: 'packing',
      name: 'Lisbon',
      note: 'Light bag',
      start_date: '2025-07-01',
      end_date: '2025-07-04',
      destination: 'Lisbon',
      item_ids: [boots.id],
      outfit_ids: [look.id],
    };
    // The name is kept trimmed; nothing is packed yet.
    const trip = await create({ ...fields, name: ' Lisbon ' });
    expect(trip).toMatchObject({ ...fields, packed_ids: [] });
    const list = await call(user, 'GET', '/api/collections');
    expect(list.status).toBe(200);
    const parsed = collectionsResponseSchema.parse(list.body);
    expect(parsed.collections.map((c) => c.id)).toContain(trip.id);
    expect((await call(user, 'GET', `/api/collections/${trip.id}`)).body).toEqual(trip);
  });

  it('a capsule keeps no trip fields', async () => {
    const capsule = await create({
      kind: 'capsule',
      name: 'Summer',
      start_date: '2025-07-01',
      destination: 'x',
    });
    expect(capsule.start_date ?? null).toBeNull();
    expect(capsule.destination ?? null).toBeNull();
  });

  it('adds entries once, removes them, and refuses ids that are not the owner’s', async () => {
    const c = await create({ kind: 'capsule', name: 'Work' });
    const added = await call(user, 'POST', `/api/collections/${c.id}/entries`, {
      item_ids: [tee.id, tee.id, jeans.id],
      outfit_ids: [look.id],
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ item_ids: [tee.id, jeans.id], outfit_ids: [look.id] });
    const again = await call(user, 'POST', `/api/collections/${c.id}/entries`, {
      item_ids: [jeans.id, boots.id],
    });
    expect(again.body).toMatchObject({ item_ids: [tee.id, jeans.id, boots.id] });

    const foreign = await other.addItem();
    const refused = await call(user, 'POST', `/api/collections/${c.id}/entries`, {
      item_ids: [foreign.id],
    });
    expect(refused.status).toBe(404);

    expect((await call(user, 'DELETE', `/api/collections/${c.id}/items/${jeans.id}`)).status).toBe(
      204,
    );
    expect((await call(user, 'DELETE', `/api/collections/${c.id}/items/${jeans.id}`)).status).toBe(
      404,
    );
    expect((await call(user, 'DELETE', `/api/collections/${c.id}/outfits/${look.id}`)).status).toBe(
      204,
    );
    expect((await call(user, 'GET', `/api/collections/${c.id}`)).body).toMatchObject({
      item_ids: [tee.id, boots.id],
      outfit_ids: [],
    });
    const empty = await call(user, 'POST', `/api/collections/${c.id}/entries`, {});
    expect(empty.status).toBe(422);
  });

  it('ticks pieces Packed (also those only in an outfit), and unpacks all', async () => {
    const trip = await create({
      kind: 'packing',
      name: 'Rome',
      item_ids: [boots.id],
      outfit_ids: [look.id],
    });
    const url = `/api/collections/${trip.id}/packed`;
    const ticked = await call(user, 'PUT', url, { item_ids: [tee.id, boots.id], packed: true });
    expect(ticked.status).toBe(200);
    expect([...(ticked.body as WireCollection).packed_ids].sort()).toEqual(
      [tee.id, boots.id].sort(),
    );
    const untick = await call(user, 'PUT', url, { item_ids: [boots.id], packed: false });
    expect((untick.body as WireCollection).packed_ids).toEqual([tee.id]);
    const all = await call(user, 'PUT', url, { packed: true });
    expect((all.body as WireCollection).packed_ids).toHaveLength(3);
    const none = await call(user, 'PUT', url, { packed: false });
    expect((none.body as WireCollection).packed_ids).toEqual([]);

    const stranger = await user.addItem();
    expect((await call(user, 'PUT', url, { item_ids: [stranger.id], packed: true })).status).toBe(
      404,
    );
    const capsule = await create({ kind: 'capsule', name: 'C', item_ids: [tee.id] });
    const onCapsule = await call(user, 'PUT', `/api/collections/${capsule.id}/packed`, {
      packed: false,
    });
    expect(onCapsule.status).toBe(422);
  });

  it('renames, changes and clears dates, and refuses a trip that ends before it starts', async () => {
    const trip = await create({ kind: 'packing', name: 'Paris', start_date: '2025-05-01' });
    const changed = await call(user, 'PATCH', `/api/collections/${trip.id}`, {
      name: 'Paris in May',
      end_date: '2025-05-03',
      note: '',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Paris in May',
      start_date: '2025-05-01',
      end_date: '2025-05-03',
    });
    const reversed = await call(user, 'PATCH', `/api/collections/${trip.id}`, {
      start_date: '2025-05-09',
    });
    expect(reversed.status).toBe(422);
    const cleared = await call(user, 'PATCH', `/api/collections/${trip.id}`, { end_date: null });
    expect((cleared.body as WireCollection).end_date ?? null).toBeNull();
    expect((await call(user, 'PATCH', `/api/collections/${trip.id}`, { name: '' })).status).toBe(
      422,
    );
  });

  it('duplicates for the next trip: same pieces, nothing packed, no dates', async () => {
    const trip = await create({
      kind: 'packing',
      name: 'Oslo',
      start_date: '2025-01-01',
      end_date: '2025-01-03',
      item_ids: [boots.id],
    });
    await call(user, 'PUT', `/api/collections/${trip.id}/packed`, { packed: true });
    const copy = await call(user, 'POST', `/api/collections/${trip.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: 'Oslo (copy)',
      kind: 'packing',
      item_ids: [boots.id],
      packed_ids: [],
    });
    expect((copy.body as WireCollection).id).not.toBe(trip.id);
    expect((copy.body as WireCollection).start_date ?? null).toBeNull();
  });

  it('a repeated create with the same id answers the collection made first', async () => {
    const id = '3b8e3c7e-0000-4000-8000-00000000c011';
    const first = await call(user, 'POST', '/api/collections', { id, kind: 'capsule', name: 'A' });
    const repeat = await call(user, 'POST', '/api/collections', { id, kind: 'capsule', name: 'B' });
    expect(first.status).toBe(201);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ id, name: 'A' });
    // The same id is free for another account, which learns nothing of the first.
    const theirs = await call(other, 'POST', '/api/collections', {
      id,
      kind: 'capsule',
      name: 'C',
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body).toMatchObject({ id, name: 'C' });
    expect((await call(user, 'GET', `/api/collections/${id}`)).body).toMatchObject({ name: 'A' });
  });

  it('deleting an item or outfit takes it off collections; deleting a collection keeps them', async () => {
    const spare = await user.addItem({ category: 'bag' });
    const spareLook = await user.addOutfit([spare.id]);
    const c = await create({
      kind: 'packing',
      name: 'Weekend',
      item_ids: [spare.id, tee.id],
      outfit_ids: [spareLook.id],
    });
    await call(user, 'PUT', `/api/collections/${c.id}/packed`, { packed: true });
    await user.fetch(`/api/outfits/${spareLook.id}`, { method: 'DELETE' });
    await user.fetch(`/api/clothes/${spare.id}`, { method: 'DELETE' });
    expect((await call(user, 'GET', `/api/collections/${c.id}`)).body).toMatchObject({
      item_ids: [tee.id],
      outfit_ids: [],
      packed_ids: [tee.id],
    });
    expect((await call(user, 'DELETE', `/api/collections/${c.id}`)).status).toBe(204);
    expect((await call(user, 'GET', `/api/collections/${c.id}`)).status).toBe(404);
    expect((await user.wardrobe()).clothes[tee.id]).toBeDefined();
  });

  it('an archived item stays on its collections', async () => {
    const old = await user.addItem({ category: 'top' });
    const c = await create({ kind: 'capsule', name: 'Old', item_ids: [old.id] });
    await user.send('PATCH', `/api/clothes/${old.id}`, { updates: '{"status":"archived"}' });
    expect((await call(user, 'GET', `/api/collections/${c.id}`)).body).toMatchObject({
      item_ids: [old.id],
    });
  });

  it('refuses a collection past the account limit and entries past a collection’s', async () => {
    const fresh = await signUp(t);
    for (let i = 0; i < MAX_COLLECTIONS; i++) {
      const r = await call(fresh, 'POST', '/api/collections', { kind: 'capsule', name: `C${i}` });
      expect(r.status).toBe(201);
    }
    const over = await call(fresh, 'POST', '/api/collections', {
      kind: 'capsule',
      name: 'one more',
    });
    expect(over.status).toBe(422);
    expect(over.body).toEqual({ detail: expect.stringContaining('up to 200 collections') });

    const tooMany = Array.from({ length: MAX_COLLECTION_ENTRIES + 1 }, (_, i) => `id-${i}`);
    const big = await call(user, 'POST', '/api/collections', {
      kind: 'capsule',
      name: 'Big',
      item_ids: tooMany,
    });
    expect(big.status).toBe(422);
  });

  it('validates kinds, names and dates', async () => {
    for (const body of [
      { kind: 'lookbook', name: 'x' },
      { kind: 'capsule' },
      { kind: 'capsule', name: 'x'.repeat(81) },
      { kind: 'packing', name: 'x', start_date: '2025-02-30' },
    ]) {
      expect((await call(user, 'POST', '/api/collections', body)).status).toBe(422);
    }
  });
});
