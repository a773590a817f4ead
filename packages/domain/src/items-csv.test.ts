import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, itemsCsv, itemsCsvFileName, itemsCsvRows } from './items-csv.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';

/** A minimal RFC 4180 reader, to check that what is written reads back cell for cell. */
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
  if (cell !== '' || row.length > 0) throw new Error('last record is not ended by CRLF');
  return rows;
}

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
    const rows = itemsCsvRows(w, s, now);
    expect(rows[0]).toEqual([
      'id',
      'category',
      'subcategory_id',
      'subcategory',
      'status',
      'source',
      'brand',
      'date_created',
      'date_obtained',
      'date_archived',
      'price',
      'currency',
      'price_in_EUR',
      'sold_price',
      'sold_currency',
      'sold_price_in_EUR',
      'manual_times_worn',
      'scale',
      'colors',
      'times_worn',
      'times_worn_in_calendar',
      'last_worn',
      'days_in_closet',
      'wears_per_day',
      'cost_per_wear_in_EUR',
      'pairings',
      'outfits',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['a-shirt', 'b-jeans', 'c-dress']);
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
    const parsed = parseCsv(text.slice(1));
    expect(parsed).toHaveLength(4);
    expect(parsed.every((r) => r.length === 27)).toBe(true);
    expect(parsed[1]![6]).toBe('Acme, "Best" Co.');
    expect(parsed[2]![6]).toBe('\'=cmd|"/c calc"!A1');
    expect(parsed[3]![6]).toBe('Line\nbreak');
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
