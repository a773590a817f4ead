import type { WireWardrobe } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { canvasEntry, photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';

describe.each(ENGINES)("another user's ids on %s", (engine) => {
  let t: TestApp;
  let owner: ApiUser;
  let intruder: ApiUser;
  let item: string;
  let outfit: string;
  let collection: string;
  const day = '2025-07-14';

  /** A JSON call of the intruder's. */
  const json = (method: string, path: string, body?: unknown) =>
    intruder.fetch(path, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    ({ t, user: owner } = await startWithUser(engine));
    intruder = await signUp(t);
    item = (await owner.addItem({ brand: 'Owned' })).id;
    outfit = (await owner.addOutfit([item])).id;
    await owner.putDay(day, { clothes: item, outfits: outfit });
    await owner.putDay(day, { display_item: item });
    // The intruder has a wardrobe of their own, so "not found" is not just "has nothing".
    const own = await intruder.addItem();
    await intruder.putDay(day, { clothes: own.id });
    const made = await owner.fetch('/api/collections', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'packing',
        name: 'Owned trip',
        item_ids: [item],
        outfit_ids: [outfit],
      }),
    });
    collection = ((await made.json()) as { id: string }).id;
    // The intruder keeps a collection too, to add the owner's pieces to.
    await json('POST', '/api/collections', { id: 'intruder-list', kind: 'packing', name: 'Mine' });
  });

  const ownerCollections = async () => (await owner.get('/api/collections')).json();
  afterAll(() => t?.close());

  const calls: [string, () => Promise<Response>][] = [
    [
      'PATCH clothes/{id}',
      () => intruder.send('PATCH', `/api/clothes/${item}`, { updates: '{"brand":"Mine"}' }),
    ],
    [
      'PATCH clothes/{id}/image',
      async () =>
        intruder.send('PATCH', `/api/clothes/${item}/image`, { image: photo(await testJpeg()) }),
    ],
    ['DELETE clothes/{id}', () => intruder.fetch(`/api/clothes/${item}`, { method: 'DELETE' })],
    [
      'PATCH outfits/{id}',
      () => intruder.send('PATCH', `/api/outfits/${outfit}`, { updates: '{"status":"archived"}' }),
    ],
    ['DELETE outfits/{id}', () => intruder.fetch(`/api/outfits/${outfit}`, { method: 'DELETE' })],
    [
      'POST outfit with the id',
      async () =>
        intruder.send('POST', '/api/outfit', {
          id: outfit,
          image: photo(await testJpeg()),
          canvas_data: JSON.stringify([canvasEntry((await intruder.addItem()).id)]),
        }),
    ],
    ['PUT calendar with the item', () => intruder.putDay(day, { clothes: item })],
    ['PUT calendar with the outfit', () => intruder.putDay(day, { outfits: outfit })],
    ['PUT calendar starring the item', () => intruder.putDay(day, { display_item: item })],
    [
      'DELETE calendar entry of the item',
      () =>
        intruder.sendUrlEncoded('DELETE', `/api/calendar/${day}/${item}`, { item_type: 'clothes' }),
    ],
    [
      'DELETE calendar entry of the outfit',
      () =>
        intruder.sendUrlEncoded('DELETE', `/api/calendar/${day}/${outfit}`, {
          item_type: 'outfits',
        }),
    ],
    ['GET collections/{id}', () => json('GET', `/api/collections/${collection}`)],
    [
      'PATCH collections/{id}',
      () => json('PATCH', `/api/collections/${collection}`, { name: 'Mine' }),
    ],
    ['DELETE collections/{id}', () => json('DELETE', `/api/collections/${collection}`)],
    [
      'POST collections/{id}/duplicate',
      () => json('POST', `/api/collections/${collection}/duplicate`, {}),
    ],
    [
      'POST collections/{id}/entries',
      () => json('POST', `/api/collections/${collection}/entries`, { item_ids: [item] }),
    ],
    [
      "POST collections/{id}/entries of the intruder's own with the owner's item",
      () => json('POST', '/api/collections/intruder-list/entries', { item_ids: [item] }),
    ],
    [
      "POST collections/{id}/entries of the intruder's own with the owner's outfit",
      () => json('POST', '/api/collections/intruder-list/entries', { outfit_ids: [outfit] }),
    ],
    [
      'DELETE collections/{id}/items/{itemId}',
      () => json('DELETE', `/api/collections/${collection}/items/${item}`),
    ],
    [
      'DELETE collections/{id}/outfits/{outfitId}',
      () => json('DELETE', `/api/collections/${collection}/outfits/${outfit}`),
    ],
    [
      'PUT collections/{id}/packed',
      () => json('PUT', `/api/collections/${collection}/packed`, { packed: true }),
    ],
    [
      "PUT collections/{id}/packed of the intruder's own with the owner's item",
      () =>
        json('PUT', '/api/collections/intruder-list/packed', { item_ids: [item], packed: true }),
    ],
  ];

  it.each(calls)('%s answers 404 like a missing id and changes nothing', async (_name, call) => {
    const before: WireWardrobe = await owner.wardrobe();
    const collectionsBefore = await ownerCollections();
    const files = await t.mediaFiles();
    const ownFiles = files.filter((f) => f.startsWith(`${owner.id}/`));

    const response = await call();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ detail: expect.any(String) });

    expect(await owner.wardrobe()).toEqual(before);
    expect(await ownerCollections()).toEqual(collectionsBefore);
    expect((await t.mediaFiles()).filter((f) => f.startsWith(`${owner.id}/`))).toEqual(ownFiles);
  });

  it("cannot place another user's items on an outfit canvas", async () => {
    const response = await intruder.send('POST', '/api/outfit', {
      image: photo(await testJpeg()),
      canvas_data: JSON.stringify([canvasEntry(item)]),
    });
    expect(response.status).toBe(422);
  });

  it('sees only their own wardrobe', async () => {
    const wardrobe = await intruder.wardrobe();
    expect(wardrobe.clothes[item]).toBeUndefined();
    expect(wardrobe.outfits[outfit]).toBeUndefined();
    expect(wardrobe.calendar[day]!.clothes).not.toContain(item);
    expect(wardrobe.calendar[day]!.display_item).toBeUndefined();
    const collections = (await (await intruder.get('/api/collections')).json()) as {
      collections: { id: string; item_ids: string[] }[];
    };
    expect(collections.collections).toEqual([
      expect.objectContaining({ id: 'intruder-list', item_ids: [] }),
    ]);
  });

  it('answers the same 404 for a missing id as for a foreign one', async () => {
    const foreign = await intruder.send('PATCH', `/api/clothes/${item}`, {
      updates: '{"brand":"x"}',
    });
    const missing = await intruder.send(
      'PATCH',
      '/api/clothes/6f1c1a35-0000-4000-8000-000000000000',
      {
        updates: '{"brand":"x"}',
      },
    );
    expect(foreign.status).toBe(missing.status);
    expect(await foreign.json()).toEqual(await missing.json());
  });
});
