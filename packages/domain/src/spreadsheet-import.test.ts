import { describe, expect, it } from 'vitest';
import { itemsCsvHeader } from './items-csv.js';
import {
  MAX_SHEET_ROWS,
  decodeSheet,
  detectDelimiter,
  guessSheetMapping,
  parseSheet,
  parseSheetPrice,
  readSheetRows,
  sheetRowReader,
  type SheetMapping,
} from './spreadsheet-import.js';

const utf8 = (s: string) => new TextEncoder().encode(s);

function utf16le(s: string, bom = true): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
  let at = 0;
  if (bom) {
    out[0] = 0xff;
    out[1] = 0xfe;
    at = 2;
  }
  for (let i = 0; i < s.length; i++) {
    out[at++] = s.charCodeAt(i) & 0xff;
    out[at++] = s.charCodeAt(i) >> 8;
  }
  return out;
}

function parsed(text: string) {
  const sheet = parseSheet(text);
  if (!sheet.ok) throw new Error(sheet.problem);
  return sheet;
}

describe('decodeSheet', () => {
  it('reads UTF-8 with and without BOM, UTF-16 with and without BOM, and Windows-1252', () => {
    expect(decodeSheet(utf8('\uFEFFbrand\r\nCéline'))).toEqual({
      text: 'brand\r\nCéline',
      encoding: 'utf-8',
    });
    expect(decodeSheet(utf8('brand\nCéline')).encoding).toBe('utf-8');
    expect(decodeSheet(utf16le('brand\nCéline'))).toEqual({
      text: 'brand\nCéline',
      encoding: 'utf-16le',
    });
    expect(decodeSheet(utf16le('brand,category\nCéline,top', false))).toEqual({
      text: 'brand,category\nCéline,top',
      encoding: 'utf-16le',
    });
    const be = utf16le('a,b\nc,d').slice(2);
    for (let i = 0; i < be.length; i += 2) [be[i], be[i + 1]] = [be[i + 1]!, be[i]!];
    expect(decodeSheet(Uint8Array.from([0xfe, 0xff, ...be])).text).toBe('a,b\nc,d');
    // "Céline €5" in Windows-1252: é is 0xE9, € is 0x80 (invalid as UTF-8).
    const cp1252 = Uint8Array.from([0x43, 0xe9, 0x6c, 0x69, 0x6e, 0x65, 0x20, 0x80, 0x35]);
    expect(decodeSheet(cp1252)).toEqual({ text: 'Céline €5', encoding: 'windows-1252' });
    // Chosen by the user: taken as said.
    expect(decodeSheet(utf8('Céline'), 'windows-1252').text).toBe('CÃ©line');
  });
});

describe('parseSheet', () => {
  it('reads quoted fields with delimiters, doubled quotes and line breaks, any line ending', () => {
    const sheet = parsed('brand,category\r\n"Acme, Inc.","top"\n"Say ""hi""\nthere",bottom\rx,y');
    expect(sheet.header).toEqual(['brand', 'category']);
    expect(sheet.rows).toEqual([
      ['Acme, Inc.', 'top'],
      ['Say "hi"\nthere', 'bottom'],
      ['x', 'y'],
    ]);
  });

  it('finds semicolons and tabs, skips blank lines, keeps empty cells', () => {
    expect(detectDelimiter('brand;category;price\n"a,b";top;1,5')).toBe(';');
    expect(parsed('brand;price\n\nAcme;12,50\n;\n').rows).toEqual([
      ['Acme', '12,50'],
      ['', ''],
    ]);
    expect(parsed('brand\tprice\nAcme\t3').rows).toEqual([['Acme', '3']]);
  });

  it('refuses an unclosed quote, text after a quote, and more than MAX_SHEET_ROWS rows', () => {
    expect(parseSheet('a,b\n"open,1\n2,3')).toEqual({
      ok: false,
      problem: 'Line 2 opens a quote that never closes.',
    });
    expect(parseSheet('a\n"x"y')).toMatchObject({ ok: false });
    expect(parseSheet('')).toMatchObject({ ok: false, problem: 'The spreadsheet is empty.' });
    const fine = `category\n${'top\n'.repeat(MAX_SHEET_ROWS)}`;
    const start = performance.now();
    expect(parsed(fine).rows).toHaveLength(MAX_SHEET_ROWS);
    expect(performance.now() - start).toBeLessThan(2000);
    expect(parseSheet(`${fine}top\n`)).toMatchObject({
      ok: false,
      problem: 'The spreadsheet has more than 50,000 rows; import it in parts.',
    });
  });
});

describe('guessSheetMapping', () => {
  it('maps Hanger’s own items CSV', () => {
    const header = itemsCsvHeader('EUR');
    const m = guessSheetMapping(header);
    expect(header[m.id!]).toBe('id');
    expect(header[m.category!]).toBe('category');
    expect(header[m.subcategory!]).toBe('subcategory');
    expect(header[m.price!]).toBe('price');
    expect(header[m.currency!]).toBe('currency');
    expect(header[m.date_obtained!]).toBe('date_obtained');
    expect(header[m.colours!]).toBe('colors');
    expect(header[m.brand!]).toBe('brand');
    expect(m.photo).toBeUndefined();
  });

  it('guesses other headers', () => {
    expect(
      guessSheetMapping(['Item Name', 'Type', 'Colour', 'Price paid', 'Purchase date', 'Image']),
    ).toEqual({ brand: 0, category: 1, colours: 2, price: 3, date_obtained: 4, photo: 5 });
  });
});

describe('parseSheetPrice', () => {
  it('reads the usual ways of writing a price', () => {
    expect(parseSheetPrice('12.50')).toBe(12.5);
    expect(parseSheetPrice('12,50')).toBe(12.5);
    expect(parseSheetPrice('1,234.50')).toBe(1234.5);
    expect(parseSheetPrice('1.234,50')).toBe(1234.5);
    expect(parseSheetPrice('1,234')).toBe(1234);
    expect(parseSheetPrice('€ 40')).toBe(40);
    expect(parseSheetPrice('40 EUR')).toBe(40);
    expect(parseSheetPrice('0,125')).toBe(0.125);
    expect(parseSheetPrice('abc')).toBeNull();
    expect(parseSheetPrice('1.2.3,4,5')).toBeNull();
  });
});

describe('readSheetRows', () => {
  const header = ['Name', 'Category', 'Status', 'Price', 'Currency', 'Colours', 'Photo', 'Date'];
  const mapping: SheetMapping = guessSheetMapping(header);
  const read = (rows: string[][], photos: Set<string> | null = null) =>
    readSheetRows(rows, mapping, { currency: 'EUR', photos });

  it('reads items and refuses rows with their reasons', () => {
    const { items, refused } = read(
      [
        ['Linen shirt', 'Tops', 'in closet', '39,90', '', 'White navy', 'a.jpg', '2024-3-5'],
        ['Kimono', 'robes', '', '', '', '', '', ''],
        ['Geta', 'shoes', '', '1500.5', 'jpy', '', '', ''],
        ['=HYPERLINK("http://x")', 'top', '', '', '', '', '', ''],
        ['Coat', 'coat', 'sold', '120', 'usd', '', 'b.jpg', ''],
        ['Scarf', 'accessory', '', '', 'XYZ', '', '', ''],
        ['Hat', 'accessory', '', '', '', 'teal', '', ''],
        ['Bag', 'bag', '', '', '', '', '', '31/12/2024'],
        ["'=Equals", 'bag', '', '-5', '', '', '', ''],
      ],
      new Set(['a.jpg']),
    );
    expect(items).toEqual([
      {
        row: 2,
        key: expect.any(String),
        brand: 'Linen shirt',
        category: 'top',
        status: 'clothes',
        price: 39.9,
        currency: 'EUR',
        colors: ['white', 'navy'],
        photo: 'a.jpg',
        date_obtained: '2024-03-05',
      },
    ]);
    expect(refused).toEqual([
      { row: 3, reason: expect.stringContaining('unknown category “robes”') },
      { row: 4, reason: 'price “1500.5” has decimals; JPY has none' },
      { row: 5, reason: expect.stringContaining('is a spreadsheet formula') },
      { row: 6, reason: 'missing photo “b.jpg” (not in the photos zip)' },
      { row: 7, reason: expect.stringContaining('unknown currency “XYZ”') },
      { row: 8, reason: expect.stringContaining('unknown colour “teal”') },
      { row: 9, reason: 'date obtained “31/12/2024” is not a date (write it as 2024-03-31)' },
      { row: 10, reason: 'price “-5” is negative' },
    ]);
  });

  it('gives each row a key that is the same on the next import, twins apart', () => {
    const rows = [
      ['Tee', 'top', '', '', '', '', '', ''],
      ['Tee', 'top', '', '', '', '', '', ''],
      ['Jeans', 'bottom', '', '', '', '', '', ''],
    ];
    const first = read(rows).items.map((i) => i.key);
    expect(new Set(first).size).toBe(3);
    expect(read(rows).items.map((i) => i.key)).toEqual(first);
    // Keyed by the id column when there is one (Hanger's own CSV).
    const id = '0b7f6c1e-3d6a-4c8e-9f5a-2b1c3d4e5f60';
    const byId = readSheetRows(
      [[id, 'top', 'A']],
      { id: 0, category: 1, brand: 2 },
      {
        currency: 'EUR',
        photos: null,
      },
    );
    expect(byId.items[0]!.key).toBe(`id:${id}`);
  });

  it('reads a sheet a slice at a time exactly as whole, duplicates and row numbers included', () => {
    const rows = Array.from({ length: 25 }, (_, i) => [i % 7 === 3 ? 'robes' : 'top', `B${i % 4}`]);
    const mapping = { category: 0, brand: 1 };
    const options = { currency: 'EUR', photos: null };
    const reader = sheetRowReader(mapping, options);
    for (let i = 0; i < rows.length; i += 10) reader.read(rows.slice(i, i + 10), i);
    expect(reader.reading).toEqual(readSheetRows(rows, mapping, options));
    expect(reader.reading.items.filter((x) => x.key.includes('#')).length).toBeGreaterThan(0);
    expect(reader.reading.refused.map((r) => r.row)).toEqual([5, 12, 19, 26]);
  });
});
