import { addDays, parseSheet, wearDayKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type ApiUser } from './helpers/api.js';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';

/** Records of an RFC 4180 text as the app's own spreadsheet import reads them, header first. */
function parseCsv(text: string): string[][] {
  const sheet = parseSheet(text, ',');
  if (!sheet.ok) throw new Error(sheet.problem);
  return [sheet.header, ...sheet.rows];
}

describe.each(ENGINES)('CSV export on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine));
  });
  afterAll(() => t?.close());

  it('answers a dated CSV attachment with every item, its stats and the user currency', async () => {
    const today = wearDayKey();
    await user.putSettings({
      currency: 'EUR',
      subcategories: { top: [{ id: 'tee', name: 'T-shirt' }] },
    });
    const shirt = await user.addItem({
      category: 'top',
      sub_category_id: 'tee',
      brand: 'Acme, "Best" Co.',
      source: 'bought new',
      price: '20',
      currency: 'EUR',
      manual_times_worn: '2',
      date_obtained: addDays(today, -9),
    });
    const jeans = await user.addItem({
      category: 'bottom',
      brand: '=HYPERLINK("http://evil.example","x")',
      price: '30',
      currency: 'USD',
      date_obtained: addDays(today, -4),
    });
    const both = await user.addOutfit([shirt.id, jeans.id]);
    await user.putDay(addDays(today, -3), { clothes: shirt.id });
    await user.putDay(addDays(today, -2), { outfits: both.id });
    // Planned: does not count as worn.
    await user.putDay(addDays(today, 3), { clothes: jeans.id });

    const response = await user.get('/api/export/items.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="hanger-items-${today}.csv"`,
    );
    expect(response.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    const header = rows[0]!;
    /** A row as column name → cell, so a missing column fails the match. */
    const record = (row: string[]) => Object.fromEntries(header.map((name, i) => [name, row[i]]));
    expect(header).toContain('cost_per_wear_in_EUR');
    const [shirtRow, jeansRow] = [rows[1]!, rows[2]!];

    // Hand-checked: worn 3 and 2 days ago (the second through the outfit) plus 2 by hand = 4
    // wears; 20 EUR / 4 = 5; obtained 9 days ago = 10 days in closet; one partner in one outfit.
    expect(record(shirtRow)).toMatchObject({
      id: shirt.id,
      category: 'top',
      subcategory: 'T-shirt',
      brand: 'Acme, "Best" Co.',
      price_in_EUR: '20',
      times_worn: '4',
      times_worn_in_calendar: '2',
      last_worn: addDays(today, -2),
      days_in_closet: '10',
      cost_per_wear_in_EUR: '5',
      pairings: '1',
      outfits: '1',
    });

    // 30 USD at the bundled rate (0.965 EUR per USD) = 28.95 EUR, worn once.
    expect(record(jeansRow)).toMatchObject({
      price: '30',
      currency: 'USD',
      price_in_EUR: '28.95',
      cost_per_wear_in_EUR: '28.95',
      times_worn: '1',
      days_in_closet: '5',
      // The formula is kept as text.
      brand: `'=HYPERLINK("http://evil.example","x")`,
    });
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // No photo links: they would die within a day.
    expect(text).not.toMatch(/\/media\/|https?:\/\/127/);
  });

  it('lists only the caller own items', async () => {
    const other = await signUp(t);
    const response = await other.get('/api/export/items.csv');
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('cost_per_wear_in_USD');
  });

  it('needs a bearer token', async () => {
    const response = await fetch(`${t.baseUrl}/api/export/items.csv`);
    expect(response.status).toBe(401);
  });
});
