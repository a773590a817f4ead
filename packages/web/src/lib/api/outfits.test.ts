import { describe, expect, it } from 'vitest';
import { fakeServer, json, signedInApiHooks } from '../../test-utils/fake-server';
import { patchOutfit, postOutfit } from './outfits';

signedInApiHooks();

describe('POST outfit', () => {
  it('sends the image, the canvas in wire spelling without lock flags, the id and the status', async () => {
    const server = fakeServer({
      'POST /api/outfit': () =>
        json({
          id: 'o1',
          image: '/media/o1.jpg',
          status: 'wishlist',
          date_created: '2024-05-01T10:00:00Z',
          canvas_data: [{ clothing_id: 'c1', x: 1, y: 2, scale: 0.5, rotation: 10 }],
        }),
    });
    const outfit = await postOutfit({
      image: new Blob(['jpg']),
      canvasData: [{ clothingId: 'c1', x: 1, y: 2, scale: 0.5, rotation: 10, locked: true }],
      id: 'o1',
      status: 'wishlist',
    });
    const body = server.apiCalls()[0]?.body as FormData;
    expect(JSON.parse(body.get('canvas_data') as string)).toEqual([
      { clothing_id: 'c1', x: 1, y: 2, scale: 0.5, rotation: 10 },
    ]);
    expect([body.get('id'), body.get('status')]).toEqual(['o1', 'wishlist']);
    expect(body.get('image')).toBeInstanceOf(Blob);
    expect(outfit.canvasData).toEqual([{ clothingId: 'c1', x: 1, y: 2, scale: 0.5, rotation: 10 }]);
    expect(server.apiCalls()[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends an idempotency key as the Idempotency-Key header', async () => {
    const server = fakeServer({
      'POST /api/outfit': () =>
        json({
          id: 'o2',
          image: '/media/o2.jpg',
          status: 'outfits',
          date_created: '2024-05-01T10:00:00Z',
          canvas_data: [],
        }),
    });
    await postOutfit({ image: new Blob(['jpg']), canvasData: [] }, 'local-o2');
    expect(server.apiCalls()[0]?.headers.get('idempotency-key')).toBe('local-o2');
  });
});

describe('PATCH outfits/{id}', () => {
  it('sends the updates and reads the changed fields', async () => {
    const server = fakeServer({
      'PATCH /api/outfits/o1': () => json({ status: 'archived', manual_times_worn: null }),
    });
    const answer = await patchOutfit('o1', { status: 'archived', manualTimesWorn: undefined });
    const body = server.apiCalls()[0]?.body as FormData;
    expect(JSON.parse(body.get('updates') as string)).toEqual({
      status: 'archived',
      manual_times_worn: '',
    });
    expect(answer).toEqual({ status: 'archived', manualTimesWorn: null });
  });
});
