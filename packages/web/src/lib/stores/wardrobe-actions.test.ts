import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item, outfit, signedInWith } from '../../test-utils/fixtures';
import { fakeServer, json } from '../../test-utils/fake-server';
import { clearAccessToken } from '../access-token';
import {
  addToCalendarDay,
  removeFromCalendarDay,
  toggleCalendarDisplayItem,
} from './calendar-actions';
import { useToastStore } from './toast-store';
import {
  batchUpdateItems,
  deleteItem,
  loadWardrobe,
  saveOutfit,
  updateItem,
} from './wardrobe-actions';
import { useWardrobeStore } from './wardrobe-store';

const toasts = () =>
  useToastStore
    .getState()
    .toasts.map((t) => ({ type: t.type, title: t.title, message: t.message }));
const wardrobe = () => useWardrobeStore.getState().data!;

beforeEach(() => {
  clearAccessToken();
  signedInWith({
    clothes: {
      c1: item('c1', { brand: 'Cos', price: 40 }),
      c2: item('c2', { status: 'wishlist' }),
    },
    outfits: { o1: outfit('o1', ['c1']) },
    calendar: {
      '2024-03-01': { clothes: ['c1', 'c2'], outfits: [], displayItem: 'c1' },
      '2024-03-02': { clothes: ['c1'], outfits: ['o1'] },
    },
  });
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loading the wardrobe', () => {
  it('replaces the local copy with the server answer', async () => {
    fakeServer({ 'GET /api/users': () => json({ clothes: {}, outfits: {}, calendar: {} }) });
    expect(await loadWardrobe()).toBe(true);
    expect(wardrobe()).toEqual({ clothes: {}, outfits: {}, calendar: {} });
  });

  it("keeps the local copy and shows the catalogue's message when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await loadWardrobe()).toBe(false);
    expect(Object.keys(wardrobe().clothes)).toEqual(['c1', 'c2']);
    expect(toasts()).toEqual([
      {
        type: 'error',
        title: 'Failed to load wardrobe data',
        message: 'Unable to connect to the server. Please check your internet connection.',
      },
    ]);
  });
});

describe('updating an item', () => {
  it('changes the local record first, then merges the answer (nulls removed)', async () => {
    let seenLocally: string | undefined;
    fakeServer({
      'PATCH /api/clothes/c1': () => {
        seenLocally = wardrobe().clothes.c1?.brand;
        return json({ brand: 'Arket', price: null, converted_price: 38 });
      },
    });
    expect(await updateItem('c1', { brand: 'Arket' })).toBe(true);
    expect(seenLocally).toBe('Arket');
    expect(wardrobe().clothes.c1).toMatchObject({ brand: 'Arket', convertedPrice: 38 });
    expect(wardrobe().clothes.c1).not.toHaveProperty('price');
    expect(toasts()).toEqual([
      { type: 'success', title: 'Item updated successfully', message: undefined },
    ]);
  });

  it('does not roll back when the server refuses, and says why', async () => {
    fakeServer({ 'PATCH /api/clothes/c1': () => json({ detail: 'Price must be positive' }, 422) });
    expect(await updateItem('c1', { brand: 'Arket' })).toBe(false);
    expect(wardrobe().clothes.c1?.brand).toBe('Arket');
    expect(toasts()).toEqual([
      { type: 'error', title: 'Failed to update item', message: 'Price must be positive' },
    ]);
  });

  it('clears a field set to undefined locally', async () => {
    fakeServer({ 'PATCH /api/clothes/c1': () => json({ brand: null }) });
    await updateItem('c1', { brand: undefined });
    expect(wardrobe().clothes.c1).not.toHaveProperty('brand');
  });
});

describe('deleting', () => {
  it('takes the item off every calendar day, then out of the wardrobe, then calls the server', async () => {
    let stateAtCall: ReturnType<typeof wardrobe> | undefined;
    const server = fakeServer({
      'DELETE /api/clothes/c1': () => {
        stateAtCall = structuredClone(wardrobe());
        return json({});
      },
    });
    expect(await deleteItem('c1')).toBe(true);
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/clothes/c1',
    ]);
    expect(stateAtCall?.clothes).not.toHaveProperty('c1');
    expect(stateAtCall?.calendar['2024-03-01']).toEqual({ clothes: ['c2'], outfits: [] });
    expect(stateAtCall?.calendar['2024-03-02']).toEqual({ clothes: [], outfits: ['o1'] });
    expect(toasts()).toEqual([{ type: 'success', title: 'Delete successful', message: undefined }]);
  });

  it('stays deleted locally when the server fails', async () => {
    fakeServer({ 'DELETE /api/clothes/c1': () => json({}, 500) });
    await deleteItem('c1');
    expect(wardrobe().clothes).not.toHaveProperty('c1');
    expect(toasts()[0]).toMatchObject({ type: 'error', title: 'Failed to delete item' });
  });
});

describe('batches', () => {
  it('run in parallel and only log their failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeServer({
      'PATCH /api/clothes/c1': () => json({ status: 'archived' }),
      'PATCH /api/clothes/c2': () => json({ detail: 'nope' }, 500),
    });
    expect(
      await batchUpdateItems([
        { id: 'c1', updates: { status: 'archived' } },
        { id: 'c2', updates: { status: 'archived' } },
      ]),
    ).toBe(1);
    expect(wardrobe().clothes.c1?.status).toBe('archived');
    expect(toasts()).toEqual([]);
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('saving an outfit', () => {
  it("saves an outfit with a wishlist piece as a wishlist outfit and keeps each piece's scale", async () => {
    const server = fakeServer({
      'POST /api/outfit': () =>
        json({
          id: 'o2',
          image: '/media/o2.jpg',
          status: 'wishlist',
          date_created: '2024-05-01T10:00:00Z',
          canvas_data: [],
        }),
      'PATCH /api/clothes/c1': () => json({ scale: 0.4 }),
      'PATCH /api/clothes/c2': () => json({ scale: 0.6 }),
    });
    const saved = await saveOutfit({
      image: new Blob(['jpg']),
      canvasData: [
        { clothingId: 'c1', x: 10, y: 20, scale: 0.4, rotation: 0 },
        { clothingId: 'c2', x: 30, y: 40, scale: 0.6, rotation: 5 },
        { clothingId: 'gone', x: 0, y: 0, scale: 1, rotation: 0 },
      ],
    });
    expect(saved?.id).toBe('o2');
    const post = server.apiCalls()[0]?.body as FormData;
    expect(post.get('status')).toBe('wishlist');
    expect(
      JSON.parse(post.get('canvas_data') as string).map(
        (e: { clothing_id: string }) => e.clothing_id,
      ),
    ).toEqual(['c1', 'c2']);
    await vi.waitFor(() => expect(wardrobe().clothes.c2?.scale).toBe(0.6));
    expect(toasts()).toEqual([
      { type: 'success', title: 'Outfit created successfully', message: undefined },
    ]);
  });

  it('saves a new layout over an archived outfit without taking it out of the archive', async () => {
    useWardrobeStore.getState().update((d) => ({
      ...d,
      outfits: { o1: { ...d.outfits.o1!, status: 'archived' } },
    }));
    const server = fakeServer({
      'POST /api/outfit': () =>
        json({
          id: 'o1',
          image: '/media/o1b.jpg',
          status: 'archived',
          date_created: '2024-01-02T09:00:00Z',
          canvas_data: [],
        }),
      'PATCH /api/clothes/c1': () => json({ scale: 0.5 }),
    });
    const canvasData = [{ clothingId: 'c1', x: 1, y: 2, scale: 0.5, rotation: 0 }];
    expect((await saveOutfit({ image: new Blob(['jpg']), canvasData, id: 'o1' }))?.id).toBe('o1');
    const post = server.apiCalls()[0]?.body as FormData;
    expect(post.get('id')).toBe('o1');
    expect(post.get('status')).toBe('archived');
  });

  it("answers null and shows the catalogue's message when the server refuses", async () => {
    fakeServer({ 'POST /api/outfit': () => json({ detail: 'Too large' }, 413) });
    const canvasData = [{ clothingId: 'c1', x: 1, y: 2, scale: 0.5, rotation: 0 }];
    expect(await saveOutfit({ image: new Blob(['jpg']), canvasData })).toBeNull();
    expect(toasts()).toEqual([
      { type: 'error', title: 'Outfit Upload Failed', message: 'Too large' },
    ]);
    expect(Object.keys(wardrobe().outfits)).toEqual(['o1']);
  });
});

describe('the calendar', () => {
  it('adds to a day optimistically and reports success', async () => {
    const server = fakeServer({ 'PUT /api/calendar/2024-03-05': () => json({}) });
    await addToCalendarDay('2024-03-05', { outfits: ['o1'] });
    expect(wardrobe().calendar['2024-03-05']).toEqual({ clothes: [], outfits: ['o1'] });
    expect((server.apiCalls()[0]?.body as FormData).getAll('outfits')).toEqual(['o1']);
    expect(toasts()[0]?.title).toBe('Calendar updated successfully');
  });

  it('un-stars the display item by sending an empty display_item', async () => {
    const server = fakeServer({ 'PUT /api/calendar/2024-03-01': () => json({}) });
    await toggleCalendarDisplayItem('2024-03-01', 'c1');
    expect(wardrobe().calendar['2024-03-01']?.displayItem).toBeUndefined();
    expect((server.apiCalls()[0]?.body as FormData).get('display_item')).toBe('');
  });

  it('removes one entry with its item_type and keeps the change when the server fails', async () => {
    const server = fakeServer({
      'DELETE /api/calendar/2024-03-01/c1': () => json({ detail: 'Day is locked' }, 409),
    });
    await removeFromCalendarDay('2024-03-01', 'clothes', 'c1');
    expect(wardrobe().calendar['2024-03-01']).toEqual({ clothes: ['c2'], outfits: [] });
    expect(String(server.apiCalls()[0]?.body)).toBe('item_type=clothes');
    expect(toasts()).toEqual([
      { type: 'error', title: 'Failed to delete calendar item', message: 'Day is locked' },
    ]);
  });
});
