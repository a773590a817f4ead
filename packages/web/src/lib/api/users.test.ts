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
