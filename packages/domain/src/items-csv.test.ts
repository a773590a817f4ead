import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, itemsCsv, itemsCsvFileName, itemsCsvRows } from './items-csv.js';
import { parseSheet } from './spreadsheet-import.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';

describe('csv cells', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('guards text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers come from the exporter, not the user: a negative stays a number.
    expect(csvCell(-3)).toBe('-3');
  });

  it('ends every record with CRLF', () => {
    expect(csvRow(['a', 1, undefined])).toBe('a,1,\r\n');
  });
});

describe('items csv', () => {
  const now = at('2024-03-10', 12);
  const s = settings({
    currency: 'EUR',
    trackingStartDate: '2024-01-01',
    subcategories: { ...settings().subcategories, top: [{ id: 'sub-tee', name: 'T-shirt' }] },
  });
  const shirt = item('a-shirt', {
    dateCreated: '2024-01-05T10:00:00.000Z',
    subCategoryId: 'sub-tee',
    status: 'clothes',
    source: 'bought new',
    brand: 'Acme, "Best" Co.',
    dateObtained: '2024-03-01',
    price: 20,
    currency: 'EUR',
    manualTimesWorn: 2,
  });
  const jeans = item('b-jeans', {
    dateCreated: '2024-01-06T10:00:00.000Z',
    category: 'bottom',
    brand: '=cmd|"/c calc"!A1',
    price: 30,
    currency: 'USD',
    convertedPrice: 27.123,
    soldPrice: 10,
    soldCurrency: 'USD',
    convertedSoldPrice: 9.04,
  });
  const dress = item('c-dress', {
    dateCreated: '2024-01-07T10:00:00.000Z',
    category: 'full body',
    status: 'wishlist',
    brand: 'Line\nbreak',
  });
  const w = wardrobe(
    [dress, jeans, shirt],
    [outfit('o1', ['a-shirt', 'b-jeans']), outfit('o2', ['a-shirt'])],
    {
      '2024-03-02': day(['a-shirt']),
      '2024-03-03': day([], ['o1']),
      // Planned, not worn yet.
      '2024-03-20': day(['b-jeans']),
    },
  );

  it('writes one row per item, oldest first, with fields and stats', () => {
    const [header, ...rows] = itemsCsvRows(w, s, now);
    expect(header).toHaveLength(27);
    expect(rows.map((r) => r[0])).toEqual(['a-shirt', 'b-jeans', 'c-dress']);
    // Each name over its cell: a column renamed or moved away from its value fails here.
    expect(Object.fromEntries(header!.map((name, i) => [name, rows[0]![i]]))).toEqual({
      id: 'a-shirt',
      category: 'top',
      subcategory_id: 'sub-tee',
      subcategory: 'T-shirt',
      status: 'clothes',
      source: 'bought new',
      brand: 'Acme, "Best" Co.',
      date_created: '2024-01-05T10:00:00.000Z',
      date_obtained: '2024-03-01',
      date_archived: undefined,
      price: 20,
      currency: 'EUR',
      price_in_EUR: 20,
      sold_price: undefined,
      sold_currency: undefined,
      sold_price_in_EUR: undefined,
      manual_times_worn: 2,
      scale: undefined,
      colors: undefined,
      times_worn: 4,
      times_worn_in_calendar: 2,
      last_worn: '2024-03-03',
      days_in_closet: 10,
      wears_per_day: 0.4,
      cost_per_wear_in_EUR: 5,
      pairings: 1,
      outfits: 2,
    });
  });

  it('reads back exactly as hand-checked, quoting and guard included', () => {
    const text = itemsCsv(w, s, now);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    // Shirt: worn 2 March (directly) and 3 March (outfit o1) + 2 manual = 4; 20 EUR / 4 = 5;
    // obtained 1 March to 10 March = 10 days; partners: jeans; in outfits o1 and o2.
    expect(lines[1]).toBe(
      'a-shirt,top,sub-tee,T-shirt,clothes,bought new,"Acme, ""Best"" Co.",2024-01-05T10:00:00.000Z,2024-03-01,,20,EUR,20,,,,2,,,4,2,2024-03-03,10,0.4,5,1,2',
    );
    // Jeans: worn once (o1), the planned day does not count; the converted price is used and
    // rounded to cents; days in closet from the tracking start (1 Jan to 10 Mar = 70).
    expect(lines[2]).toBe(
      `b-jeans,bottom,,,,,"'=cmd|""/c calc""!A1",2024-01-06T10:00:00.000Z,,,30,USD,27.12,10,USD,9.04,,,,1,1,2024-03-03,70,0.0143,27.12,1,1`,
    );
    expect(lines[3]).toBe(
      'c-dress,full body,,,wishlist,,"Line\nbreak",2024-01-07T10:00:00.000Z,,,,,,,,,,,,0,0,,70,0,,0,0',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parseSheet(text.slice(1), ',');
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.rows).toHaveLength(3);
    expect([parsed.header, ...parsed.rows].every((r) => r.length === 27)).toBe(true);
    expect(parsed.rows[0]![6]).toBe('Acme, "Best" Co.');
    expect(parsed.rows[1]![6]).toBe('\'=cmd|"/c calc"!A1');
    expect(parsed.rows[2]![6]).toBe('Line\nbreak');
  });

  it('names the money columns after the user currency', () => {
    const rows = itemsCsvRows(w, { ...s, currency: 'GBP' }, now);
    expect(rows[0]).toContain('cost_per_wear_in_GBP');
    expect(rows[0]).toContain('price_in_GBP');
  });

  it('writes just the header for an empty wardrobe', () => {
    expect(itemsCsv(wardrobe([]), s, now)).toBe(
      `\uFEFF${itemsCsvRows(wardrobe([]), s, now)
        .map((r) => `${r.join(',')}\r\n`)
        .join('')}`,
    );
  });

  it('dates the file name', () => {
    expect(itemsCsvFileName('2024-03-10')).toBe('hanger-items-2024-03-10.csv');
  });
});
