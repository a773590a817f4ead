import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { signUp, type ApiUser } from './helpers/api.js';

const CATEGORY_KEYS = [
  'accessory',
  'bag',
  'bottom',
  'full_body',
  'other',
  'outerwear',
  'shoes',
  'top',
];

describe.each(ENGINES)('settings on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    t = await startApp(engine);
  });
  afterAll(() => t?.close());

  it('answers the defaults of docs/spec.md §3 before anything is saved, every category present', async () => {
    user = await signUp(t);
    const response = await user.get('/api/users/settings');
    expect(response.status).toBe(200);
    const settings = (await response.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      locale: 'en',
      currency: 'USD',
      week_start: 0,
      data_consent: true,
    });
    expect(settings.tracking_start_date).toBeUndefined();
    expect(Object.keys(settings.subcategories as object).sort()).toEqual(CATEGORY_KEYS);
    for (const list of Object.values(settings.subcategories as Record<string, unknown[]>))
      expect(list).toEqual([]);
  });

  it('saves a partial update and keeps every field it does not name', async () => {
    const response = await user.putSettings({
      locale: 'en-GB',
      week_start: 1,
      tracking_start_date: '2024-01-15',
      subcategories: {
        top: [{ id: 'tee', name: 'T-shirts' }],
        'full body': [{ id: 'dress', name: 'Dresses' }],
      },
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      locale: 'en-GB',
      week_start: 1,
      currency: 'USD',
      data_consent: true,
    });
    expect(saved.tracking_start_date).toBe('2024-01-15');
    expect(saved.subcategories).toMatchObject({
      top: [{ id: 'tee', name: 'T-shirts' }],
      full_body: [{ id: 'dress', name: 'Dresses' }],
      shoes: [],
    });
    expect(await user.settings()).toEqual(saved);

    await user.putSettings({ data_consent: false });
    expect(await user.settings()).toEqual({ ...saved, data_consent: false });

    await user.putSettings({ tracking_start_date: '' });
    expect((await user.settings()).tracking_start_date).toBeUndefined();
  });

  it('clears a removed subcategory on every item of that category that used it', async () => {
    const owner = await signUp(t);
    await owner.putSettings({
      subcategories: {
        top: [
          { id: 'tee', name: 'T-shirts' },
          { id: 'knit', name: 'Knitwear' },
        ],
        bottom: [{ id: 'tee', name: 'Same id, other category' }],
      },
    });
    const tee = await owner.addItem({ category: 'top', sub_category_id: 'tee' });
    const knit = await owner.addItem({ category: 'top', sub_category_id: 'knit' });
    const bottom = await owner.addItem({ category: 'bottom', sub_category_id: 'tee' });

    const response = await owner.putSettings({
      subcategories: {
        top: [{ id: 'knit', name: 'Knits' }],
        bottom: [{ id: 'tee', name: 'Same id' }],
      },
    });
    expect(response.status).toBe(200);

    const { clothes } = await owner.wardrobe();
    expect(clothes[tee.id]!.sub_category_id).toBeUndefined();
    expect(clothes[knit.id]!.sub_category_id).toBe('knit');
    expect(clothes[bottom.id]!.sub_category_id).toBe('tee');
  });

  describe('subcategories', () => {
    let owner: ApiUser;
    let shoe: string;
    const saved = {
      top: [{ id: 'tee', name: 'T-shirts' }],
      shoes: [
        { id: 'sneakers', name: 'Sneakers' },
        { id: 'boots', name: 'Boots' },
      ],
    };

    beforeAll(async () => {
      owner = await signUp(t);
      expect((await owner.putSettings({ subcategories: saved })).status).toBe(200);
      shoe = (await owner.addItem({ category: 'shoes', sub_category_id: 'boots' })).id;
    });

    async function expectRefused(subcategories: unknown, detail: string): Promise<void> {
      const settingsBefore = await owner.settings();
      const wardrobeBefore = await owner.wardrobe();
      const response = await owner.putSettings({ subcategories, week_start: 3 });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ detail });
      expect(await owner.settings()).toEqual(settingsBefore);
      expect(await owner.wardrobe()).toEqual(wardrobeBefore);
    }

    it('refuses a key that is not a category, and keeps every list and item as it was', async () => {
      await expectRefused(
        { hats: [{ id: 'a', name: 'X' }] },
        'Invalid input: settings.subcategories: Unknown category "hats": the categories are ' +
          'top, bottom, full_body, outerwear, shoes, bag, accessory, other',
      );
      expect((await owner.settings()).subcategories).toMatchObject(saved);
      expect((await owner.wardrobe()).clothes[shoe]!.sub_category_id).toBe('boots');
    });

    it('refuses the same id twice in a category', async () => {
      await expectRefused(
        {
          shoes: [
            { id: 'boots', name: 'Boots' },
            { id: 'boots', name: 'Wellies' },
          ],
        },
        'Invalid input: settings.subcategories.shoes.1.id: Two subcategories of shoes have the id "boots"',
      );
    });

    it('refuses two names equal ignoring case in a category, as the profile does', async () => {
      await expectRefused(
        {
          shoes: [...saved.shoes, { id: 'kicks', name: ' sneakers ' }],
        },
        'Invalid input: settings.subcategories.shoes.2.name: “sneakers” is already a subcategory of shoes.',
      );
    });

    it('keeps the lists of the categories a partial map leaves out', async () => {
      const response = await owner.putSettings({
        subcategories: { bag: [{ id: 'tote', name: 'Totes' }] },
      });
      expect(response.status).toBe(200);
      const expected = { ...saved, bag: [{ id: 'tote', name: 'Totes' }] };
      expect(((await response.json()) as { subcategories: unknown }).subcategories).toMatchObject(
        expected,
      );
      expect((await owner.settings()).subcategories).toMatchObject({ ...expected, other: [] });
      expect((await owner.wardrobe()).clothes[shoe]!.sub_category_id).toBe('boots');

      // A category sent as [] is emptied, and its items lose their subcategory (docs/spec.md §4).
      expect((await owner.putSettings({ subcategories: { shoes: [] } })).status).toBe(200);
      expect((await owner.settings()).subcategories).toMatchObject({
        top: saved.top,
        shoes: [],
        bag: expected.bag,
      });
      expect((await owner.wardrobe()).clothes[shoe]!.sub_category_id).toBeUndefined();
    });
  });

  it('recomputes converted prices when the currency changes', async () => {
    const owner = await signUp(t);
    const euro = await owner.addItem({
      price: '100',
      currency: 'EUR',
      sold_price: '50',
      sold_currency: 'GBP',
    });
    const dollars = await owner.addItem({ price: '20', currency: 'USD' });
    const plain = await owner.addItem({ price: '30' });
    expect(euro.converted_price).toBeCloseTo(103.63, 2);
    expect(euro.converted_sold_price).toBeCloseTo(62.5, 2);
    expect(dollars.converted_price).toBe(20);
    // A price sent without a currency is stored in the user's currency of the moment.
    expect(plain).toMatchObject({ price: 30, currency: 'USD', converted_price: 30 });

    expect((await owner.putSettings({ currency: 'eur' })).status).toBe(200);
    const { clothes } = await owner.wardrobe();
    expect(clothes[euro.id]!.converted_price).toBe(100);
    expect(clothes[euro.id]!.converted_sold_price).toBeCloseTo(60.31, 2);
    expect(clothes[dollars.id]!.converted_price).toBeCloseTo(19.3, 2);
    // ... so it stays 30 dollars, converted like any other, when the user's currency changes.
    expect(clothes[plain.id]!.currency).toBe('USD');
    expect(clothes[plain.id]!.converted_price).toBeCloseTo(28.95, 2);
    expect((await owner.settings()).currency).toBe('EUR');
  });

  it.each([
    ['malformed JSON', '{"locale": '],
    ['an unknown field', JSON.stringify({ theme: 'dark' })],
    ['a bad currency', JSON.stringify({ currency: 'EURO' })],
    ['a week start out of range', JSON.stringify({ week_start: 7 })],
    ['a bad locale', JSON.stringify({ locale: 'english!' })],
    ['a bad tracking date', JSON.stringify({ tracking_start_date: '2023-02-29' })],
    [
      'a subcategory without a name',
      JSON.stringify({ subcategories: { top: [{ id: 'x', name: '' }] } }),
    ],
  ])('refuses %s with 422 and changes nothing', async (_case, json) => {
    const before = await user.settings();
    const response = await user.send('PUT', '/api/users/settings', { settings: json });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    expect(await user.settings()).toEqual(before);
  });

  it('refuses a form without the settings field with 422', async () => {
    const response = await user.send('PUT', '/api/users/settings', { other: '{}' });
    expect(response.status).toBe(422);
  });

  it("keeps each user's settings to themselves", async () => {
    const other = await signUp(t);
    await other.putSettings({ currency: 'JPY' });
    expect((await user.settings()).currency).toBe('USD');
    expect((await other.settings()).currency).toBe('JPY');
  });
});
