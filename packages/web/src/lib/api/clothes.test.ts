import { describe, expect, it } from 'vitest';
import { fakeServer, json, signedInApiHooks } from '../../test-utils/fake-server';
import { deleteItemRequest, patchItem, patchItemImage, postItem } from './clothes';

signedInApiHooks();

describe('POST clothes', () => {
  it('sends the photo and the given fields as multipart, and reads the created item', async () => {
    const server = fakeServer({
      'POST /api/clothes': () =>
        json({
          id: 'c9',
          image: '/media/c9.webp',
          category: 'full_body',
          status: 'clothes',
          date_created: '2024-05-01T10:00:00Z',
        }),
    });
    const created = await postItem(
      { category: 'full body', status: 'clothes', brand: 'Vans', price: undefined },
      new File(['x'], 'shoe.jpg'),
    );
    expect(created).toEqual({
      id: 'c9',
      image: '/media/c9.webp',
      category: 'full body',
      status: 'clothes',
      dateCreated: '2024-05-01T10:00:00Z',
    });
    const body = server.apiCalls()[0]?.body as FormData;
    expect([...body.keys()].sort()).toEqual(['brand', 'category', 'image', 'status']);
    expect([body.get('category'), body.get('brand')]).toEqual(['full_body', 'Vans']);
    expect((body.get('image') as File).name).toBe('shoe.jpg');
    expect(server.apiCalls()[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends an idempotency key as the Idempotency-Key header', async () => {
    const server = fakeServer({
      'POST /api/clothes': () =>
        json({
          id: 'c9',
          image: '/media/c9.webp',
          category: 'top',
          status: 'clothes',
          date_created: '2024-05-01T10:00:00Z',
        }),
    });
    await postItem({ category: 'top', status: 'clothes' }, new File(['x'], 'a.jpg'), 'local-1');
    expect(server.apiCalls()[0]?.headers.get('idempotency-key')).toBe('local-1');
  });
});

describe('PATCH clothes/{id}', () => {
  it('sends updates as a multipart `updates` field in wire spelling, undefined as ""', async () => {
    const server = fakeServer({
      'PATCH /api/clothes/c1': () =>
        json({ brand: 'Arket', category: 'full_body', date_archived: null }),
    });
    const answer = await patchItem('c1', {
      brand: 'Arket',
      category: 'full body',
      dateArchived: undefined,
    });
    const body = server.apiCalls()[0]?.body as FormData;
    expect(JSON.parse(body.get('updates') as string)).toEqual({
      brand: 'Arket',
      category: 'full_body',
      date_archived: '',
    });
    // The answer in app spelling; null says the field was cleared.
    expect(answer).toEqual({ brand: 'Arket', category: 'full body', dateArchived: null });
  });

  it('refuses an answer whose fields are not the wire item’s', async () => {
    fakeServer({ 'PATCH /api/clothes/c1': () => json({ price: 'a lot' }) });
    await expect(patchItem('c1', { price: 3 })).rejects.toThrow();
  });

  it('sends an edited photo as a PNG named edited-image and reads its new URLs', async () => {
    const server = fakeServer({
      'PATCH /api/clothes/c1/image': () =>
        json({ id: 'c1', image: '/media/c1-v2.webp', thumbnail: '/media/c1-v2-t.webp' }),
    });
    const answer = await patchItemImage('c1', new Blob(['png'], { type: 'image/png' }));
    const file = (server.apiCalls()[0]?.body as FormData).get('image') as File;
    expect([file.name, file.type]).toEqual(['edited-image', 'image/png']);
    expect(answer).toEqual({
      id: 'c1',
      image: '/media/c1-v2.webp',
      thumbnail: '/media/c1-v2-t.webp',
    });
  });
});

describe('DELETE clothes/{id}', () => {
  it('escapes the id in the path', async () => {
    const server = fakeServer({ 'DELETE /api/clothes/a%2Fb': () => json({}) });
    await deleteItemRequest('a/b');
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/clothes/a%2Fb',
    ]);
  });
});
