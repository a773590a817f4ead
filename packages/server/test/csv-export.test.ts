import { addDays, wearDayKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type ApiUser } from './helpers/api.js';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';

/** Records of an RFC 4180 text, quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe.each(ENGINES)('CSV export on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;

  beforeAll(async () => {
    t = await startApp(engine);
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

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
    const col = (row: string[], name: string) => {
      const index = header.indexOf(name);
      if (index < 0) throw new Error(`no column ${name}`);
      return row[index];
    };
    expect(header).toContain('cost_per_wear_in_EUR');
    const [shirtRow, jeansRow] = [rows[1]!, rows[2]!];

    // Hand-checked: worn 3 and 2 days ago (the second through the outfit) plus 2 by hand = 4
    // wears; 20 EUR / 4 = 5; obtained 9 days ago = 10 days in closet; one partner in one outfit.
    expect(col(shirtRow, 'id')).toBe(shirt.id);
    expect(col(shirtRow, 'category')).toBe('top');
    expect(col(shirtRow, 'subcategory')).toBe('T-shirt');
    expect(col(shirtRow, 'brand')).toBe('Acme, "Best" Co.');
    expect(col(shirtRow, 'price_in_EUR')).toBe('20');
    expect(col(shirtRow, 'times_worn')).toBe('4');
    expect(col(shirtRow, 'times_worn_in_calendar')).toBe('2');
    expect(col(shirtRow, 'last_worn')).toBe(addDays(today, -2));
    expect(col(shirtRow, 'days_in_closet')).toBe('10');
    expect(col(shirtRow, 'cost_per_wear_in_EUR')).toBe('5');
    expect(col(shirtRow, 'pairings')).toBe('1');
    expect(col(shirtRow, 'outfits')).toBe('1');

    // 30 USD at the bundled rate (0.965 EUR per USD) = 28.95 EUR, worn once.
    expect(col(jeansRow, 'price')).toBe('30');
    expect(col(jeansRow, 'currency')).toBe('USD');
    expect(col(jeansRow, 'price_in_EUR')).toBe('28.95');
    expect(col(jeansRow, 'cost_per_wear_in_EUR')).toBe('28.95');
    expect(col(jeansRow, 'times_worn')).toBe('1');
    expect(col(jeansRow, 'days_in_closet')).toBe('5');
    // The formula is kept as text.
    expect(col(jeansRow, 'brand')).toBe(`'=HYPERLINK("http://evil.example","x")`);
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
