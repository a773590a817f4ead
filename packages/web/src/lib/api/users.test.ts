import {
  WARDROBE_COLUMNS_CONTENT_TYPE,
  WARDROBE_COLUMNS_MEDIA_TYPE,
  encodeWardrobeColumns,
  type WireWardrobe,
} from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { fakeJwt, fakeServer, json, signedInApiHooks } from '../../test-utils/fake-server';
import { settings } from '../../test-utils/fixtures';
import { fetchSettings, fetchWardrobe, putSettings } from './users';

signedInApiHooks();

describe('GET users', () => {
  it('reads the wardrobe into camelCase records, with full body and nulls removed', async () => {
    fakeServer({
      'GET /api/users': () =>
        json({
          clothes: {
            c1: {
              id: 'c1',
              image: '/media/c1.webp',
              thumbnail: '/media/c1-t.webp',
              category: 'full_body',
              sub_category_id: null,
              date_created: '2024-01-02T10:00:00Z',
              date_obtained: '2023-12-24',
              manual_times_worn: 2,
            },
          },
          outfits: {
            o1: {
              id: 'o1',
              image: '/media/o1.jpg',
              date_created: '2024-01-03T10:00:00Z',
              canvas_data: [{ clothing_id: 'c1', x: 1, y: 2, scale: 0.5, rotation: 0 }],
            },
          },
          calendar: { '2024-01-05': { clothes: ['c1'], outfits: [], display_item: 'c1' } },
        }),
    });
    const data = await fetchWardrobe();
    expect(data.clothes.c1).toEqual({
      id: 'c1',
      image: '/media/c1.webp',
      thumbnail: '/media/c1-t.webp',
      category: 'full body',
      dateCreated: '2024-01-02T10:00:00Z',
      dateObtained: '2023-12-24',
      manualTimesWorn: 2,
    });
    expect(data.outfits.o1?.canvasData).toEqual([
      { clothingId: 'c1', x: 1, y: 2, scale: 0.5, rotation: 0 },
    ]);
    expect(data.calendar['2024-01-05']).toEqual({
      clothes: ['c1'],
      outfits: [],
      displayItem: 'c1',
    });
  });

  it('fetches a token from the identity service and sends it as the bearer', async () => {
    const token = fakeJwt();
    const server = fakeServer({
      'GET /api/auth/token': () => json({ token }),
      'GET /api/users': () => json({ clothes: {}, outfits: {}, calendar: {} }),
    });
    await fetchWardrobe();
    expect(server.apiCalls()[0]?.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it('refuses an answer that is not a wardrobe', async () => {
    fakeServer({ 'GET /api/users': () => json({ clothes: { c1: { id: 'c1' } } }) });
    await expect(fetchWardrobe()).rejects.toThrow();
  });
});

describe('GET users in columns', () => {
  const media = '/media/m1.1767225600.AbCdEfGhIjKlMnOpQrStUv/u1/';
  const A = '11111111-2222-4333-8444-555555555555';
  const B = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
  const O = '99999999-8888-4777-8666-555555555555';
  const wire: WireWardrobe = {
    clothes: {
      [A]: {
        id: A,
        image: `${media}${A}-image.webp`,
        thumbnail: `${media}${A}-thumbnail.webp`,
        category: 'full_body',
        brand: 'COS',
        price: 45.5,
        currency: 'EUR',
        date_created: '2024-01-02T10:00:00.123Z',
        date_obtained: '2023-12-24',
      },
      [B]: {
        id: B,
        image: `${media}cccccccc-dddd-4eee-8fff-000000000000-image.webp`,
        thumbnail: `${media}cccccccc-dddd-4eee-8fff-000000000000-thumbnail.webp`,
        category: 'shoes',
        status: 'loaned',
        date_created: '2024-01-03T10:00:00.000Z',
        manual_times_worn: 2,
      },
    },
    outfits: {
      [O]: {
        id: O,
        image: `${media}${O}-k3x9a2-image.webp`,
        thumbnail: `${media}${O}-k3x9a2-thumbnail.webp`,
        date_created: '2024-01-04T10:00:00.000Z',
        status: 'outfits',
        canvas_data: [
          { clothing_id: B, x: 1, y: 2, scale: 0.5, rotation: 0 },
          { clothing_id: A, x: 3.5, y: 4, scale: 0.25, rotation: -10 },
        ],
      },
    },
    calendar: {
      '2024-01-05': { clothes: [A], outfits: [O], display_item: O },
      '2024-01-06': { clothes: [B], outfits: [] },
    },
  };

  it('asks for the columns and reads them into the same records as the default answer', async () => {
    const server = fakeServer({
      'GET /api/users': (call) =>
        call.headers.get('accept')?.includes(WARDROBE_COLUMNS_MEDIA_TYPE)
          ? new Response(JSON.stringify(encodeWardrobeColumns(wire)), {
              headers: { 'content-type': WARDROBE_COLUMNS_CONTENT_TYPE, etag: '"c2-x"' },
            })
          : json(wire),
    });
    const fromColumns = await fetchWardrobe();
    expect(server.apiCalls()[0]?.headers.get('accept')).toContain(WARDROBE_COLUMNS_CONTENT_TYPE);

    fakeServer({ 'GET /api/users': () => json(wire) });
    const fromMaps = await fetchWardrobe();
    expect(fromColumns).toEqual(fromMaps);
    expect(fromColumns.clothes[A]).toEqual({
      id: A,
      image: `${media}${A}-image.webp`,
      thumbnail: `${media}${A}-thumbnail.webp`,
      category: 'full body',
      brand: 'COS',
      price: 45.5,
      currency: 'EUR',
      dateCreated: '2024-01-02T10:00:00.123Z',
      dateObtained: '2023-12-24',
    });
    expect(fromColumns.outfits[O]?.canvasData.map((e) => e.clothingId)).toEqual([B, A]);
    expect(fromColumns.calendar['2024-01-05']).toEqual({
      clothes: [A],
      outfits: [O],
      displayItem: O,
    });
  });

  it('refuses columns that do not add up', async () => {
    const columns = encodeWardrobeColumns(wire);
    fakeServer({
      'GET /api/users': () => json({ ...columns, calendar: { ...columns.calendar, oref: [5] } }),
    });
    await expect(fetchWardrobe()).rejects.toThrow(/no record 5/);
  });
});

describe('settings', () => {
  it('reads GET users/settings with the defaults filled in', async () => {
    fakeServer({ 'GET /api/users/settings': () => json({ week_start: 1 }) });
    expect(await fetchSettings()).toMatchObject({ locale: 'en', currency: 'USD', weekStart: 1 });
  });

  it('sends PUT users/settings as one JSON field in wire spelling', async () => {
    const server = fakeServer({ 'PUT /api/users/settings': () => json({}) });
    await putSettings({
      ...settings,
      subcategories: { ...settings.subcategories, 'full body': [{ id: 's1', name: 'Dress' }] },
    });
    const sent = JSON.parse((server.apiCalls()[0]?.body as FormData).get('settings') as string);
    expect(sent).toMatchObject({ week_start: 1, data_consent: true, tracking_start_date: '' });
    expect(sent.subcategories.full_body).toEqual([{ id: 's1', name: 'Dress' }]);
  });
});
