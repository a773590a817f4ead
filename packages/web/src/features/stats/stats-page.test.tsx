import { defaultSettings, type ClothingItem, type Settings } from '@hanger/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClothesFilters } from '../../lib/stores/filters-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { item, outfit, signedInWith, user, wardrobeOf } from '../../test-utils/fixtures';
import { accessibleNames } from '../../test-utils/queries';
import StatsPage from './stats-page';
import { STATS_TIME_RANGE_KEY } from './use-time-range';

/*
 * A hand-computed wardrobe. Every expected figure below was worked out on paper from these
 * records (the arithmetic is in the comments), then asserted on the rendered screen for each time
 * range, so the test checks the screen, not the domain against itself.
 *
 * Today is Sunday 15 June 2025, 12:00 local time. The user counts in euros, in German
 * (de-DE: "1.234,50 €", "28,6 %"). Range starts (time-ranges.ts): thisYear 2025-01-01,
 * last12Months 2024-06-15, last6Months 2024-12-15, last3Months 2025-03-15. An item belongs to a
 * range when its date obtained lies in it.
 *
 * id      category     brand    source      price         obtained    status
 * coat    outerwear    Toast    bought new  300 €         2023-10-01  closet
 * jeans   bottom       Levi's   preloved     60 €         2024-08-10  closet
 * tee     top          Uniqlo   bought new   20 $ = 18 €  2025-01-20  closet (+2 earlier wears)
 * dress   full body    Toast    gifted      150 €         2025-04-01  closet
 * boots   shoes        —        —           200 €         2025-05-01  loaned
 * bag     bag          Arket    self made    —            2022-03-01  archived 2024-12-31
 * scarf   accessory    Uniqlo   preloved     25 €         2024-12-20  closet
 * blazer  outerwear    Toast    preloved    120 €         2024-01-15  closet, never worn
 * wish    top          Cos      —           999 €         2025-06-01  wishlist (never counted)
 *
 * Outfits: o1 = coat+jeans+tee, o2 = jeans+tee+boots, o3 = dress+boots, o4 = coat+wish.
 * Calendar: 2024-11-11 bag; 2025-03-01 coat, tee; 2025-05-20 o3 + scarf; 2025-06-01 o2;
 * 2025-06-10 o1; 2025-06-14 o4; 2025-06-20 dress (a plan: after today, so not a wear).
 *
 * Per item (wears = calendar days + earlier wears; days since last worn to 2025-06-15):
 * coat   3 wears (03-01, 06-10, 06-14), 2 outfits, cpw 300/3 = 100,  1 day since
 * jeans  2 wears (06-01, 06-10),        2 outfits, cpw  60/2 = 30,   5 days
 * tee    3 + 2 = 5 wears,               2 outfits, cpw  18/5 = 3.6,  5 days
 * dress  1 wear (05-20),                1 outfit,  cpw 150/1 = 150, 26 days
 * boots  2 wears (05-20, 06-01),        2 outfits, cpw 200/2 = 100, 14 days
 * bag    1 wear (2024-11-11),           0 outfits, no price,        216 days
 *        (19 left in Nov + 31 + 31 + 28 + 31 + 30 + 31 + 15 = 216)
 * scarf  1 wear (05-20),                0 outfits, cpw  25/1 = 25,  26 days
 * blazer 0 wears,                       0 outfits, no cpw, never worn
 * Pairs sharing an outfit (wish never counts): coat–jeans, coat–tee, jeans–tee (o1),
 * jeans–boots, tee–boots (o2), dress–boots (o3).
 */
const TODAY = new Date(2025, 5, 15, 12, 0);

const SETTINGS: Settings = { ...defaultSettings(), locale: 'de-DE', currency: 'EUR' };

const CLOTHES: ClothingItem[] = [
  item('coat', {
    category: 'outerwear',
    brand: 'Toast',
    source: 'bought new',
    price: 300,
    currency: 'EUR',
    dateObtained: '2023-10-01',
  }),
  item('jeans', {
    category: 'bottom',
    brand: "Levi's",
    source: 'preloved',
    price: 60,
    currency: 'EUR',
    dateObtained: '2024-08-10',
  }),
  item('tee', {
    brand: 'Uniqlo',
    source: 'bought new',
    price: 20,
    currency: 'USD',
    convertedPrice: 18,
    dateObtained: '2025-01-20',
    manualTimesWorn: 2,
  }),
  item('dress', {
    category: 'full body',
    brand: 'Toast',
    source: 'gifted',
    price: 150,
    currency: 'EUR',
    dateObtained: '2025-04-01',
  }),
  item('boots', {
    category: 'shoes',
    price: 200,
    currency: 'EUR',
    dateObtained: '2025-05-01',
    status: 'loaned',
  }),
  item('bag', {
    category: 'bag',
    brand: 'Arket',
    source: 'self made',
    dateObtained: '2022-03-01',
    status: 'archived',
    dateArchived: '2024-12-31',
  }),
  item('scarf', {
    category: 'accessory',
    brand: 'Uniqlo',
    source: 'preloved',
    price: 25,
    currency: 'EUR',
    dateObtained: '2024-12-20',
  }),
  item('blazer', {
    category: 'outerwear',
    brand: 'Toast',
    source: 'preloved',
    price: 120,
    currency: 'EUR',
    dateObtained: '2024-01-15',
  }),
  item('wish', {
    brand: 'Cos',
    price: 999,
    currency: 'EUR',
    dateObtained: '2025-06-01',
    status: 'wishlist',
  }),
];

const WARDROBE = wardrobeOf(
  CLOTHES,
  [
    outfit('o1', ['coat', 'jeans', 'tee']),
    outfit('o2', ['jeans', 'tee', 'boots']),
    outfit('o3', ['dress', 'boots']),
    outfit('o4', ['coat', 'wish']),
  ],
  {
    '2024-11-11': { clothes: ['bag'], outfits: [] },
    '2025-03-01': { clothes: ['coat', 'tee'], outfits: [] },
    '2025-05-20': { clothes: ['scarf'], outfits: ['o3'] },
    '2025-06-01': { clothes: [], outfits: ['o2'] },
    '2025-06-10': { clothes: [], outfits: ['o1'] },
    '2025-06-14': { clothes: [], outfits: ['o4'] },
    '2025-06-20': { clothes: ['dress'], outfits: [] },
  },
);

/** Spaces as typed: German formats use no-break spaces before € and %. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return plain(term.parentElement?.querySelector('dd')?.textContent);
}

/** Opens the wear chart's table, which is built on first opening like the browser's <details>. */
function showWearTable() {
  const details = screen.getByText('Show as a table').closest('details')!;
  if (details.open) return;
  details.open = true;
  fireEvent(details, new Event('toggle'));
}

function tableRows(name: string): string[][] {
  if (name === 'Pieces by times worn') showWearTable();
  const table = screen.getByRole('table', { name, hidden: true });
  return Array.from(table.querySelectorAll('tbody tr'), (row) =>
    Array.from(row.querySelectorAll('th, td'), (cell) => plain(cell.textContent).trim()),
  );
}

function stripNames(label: string): string[] {
  return accessibleNames(screen.getByRole('list', { name: label }), 'link').map(plain);
}

function renderStats() {
  return render(
    <MemoryRouter initialEntries={['/stats']}>
      <Routes>
        <Route path="/stats" element={<StatsPage />} />
        <Route path="/items" element={<p>Items screen</p>} />
        <Route path="/items/upload" element={<p>Upload screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function chooseRange(label: string) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});

afterEach(() => {
  vi.useRealTimers();
  act(() => {
    useWardrobeStore.setState({ data: null });
    useSessionStore.setState({ user: null });
    useClothesFilters.getState().reset();
    useUiPrefsStore.getState().reset();
  });
});

type Figures = Record<string, string>;

function expectFigures(expected: Figures) {
  const actual = Object.fromEntries(Object.keys(expected).map((label) => [label, figure(label)]));
  expect(actual).toEqual(expected);
}

describe('stats screen, hand-computed wardrobe', () => {
  beforeEach(() => {
    signedInWith(WARDROBE, { ...user, settings: SETTINGS });
  });

  it('all time (the default): every figure, chart table and list', () => {
    renderStats();
    expect(screen.getByRole('radio', { name: 'All time' })).toBeChecked();
    // The wear table is built when first opened.
    expect(screen.queryByRole('table', { name: 'Pieces by times worn', hidden: true })).toBeNull();
    expectFigures({
      // 2025 purchases: tee 18 + dress 150 + boots 200.
      'Spend this year': '368,00 €',
      // In the closet: coat 300 + jeans 60 + tee 18 + dress 150 + scarf 25 + blazer 120.
      'Spent on items in closet': '673,00 €',
      // Everything but the wishlist: 673 + boots 200 (bag has no price).
      'All-time spend': '873,00 €',
      // coat, jeans, tee, dress, boots, bag, scarf, blazer.
      'Total items': '8',
      // Outfits 2+2+2+1+2+0+0+0 = 9; 9 / 8 = 1.125.
      'Average outfits per item': '1,1',
      // 8 × 7 / 2.
      'Max pairings': '28',
      'Total pairings': '6',
      // 6 / 28 = 21.43 %.
      'Percentage of max pairings': '21,4 %',
      // 6 × 2 / 8.
      'Average pairings per item': '1,5',
      // Worn pieces only: (1 + 5 + 5 + 26 + 14 + 216 + 26) / 7 = 293 / 7 = 41.86.
      'Average days since last worn': '41,9',
      // (3 + 2 + 5 + 1 + 2 + 1 + 1 + 0) / 8 = 15 / 8 = 1.875.
      'Average times worn': '1,9',
      // (100 + 30 + 3.6 + 150 + 100 + 25) / 6 = 408.6 / 6 = 68.10.
      'Average cost per wear': '68,10 €',
    });
    // Wear counts 3,2,5,1,2,1,1,0: the 90th percentile (8th of 8) is 5, so x runs 1..5.
    // Worn ≥1: 7/8; ≥2: coat, jeans, tee, boots 4/8; ≥3: coat, tee 2/8; ≥4 and ≥5: tee 1/8.
    expect(tableRows('Pieces by times worn')).toEqual([
      ['1 time or more', '7', '87,5 %'],
      ['2 times or more', '4', '50 %'],
      ['3 times or more', '2', '25 %'],
      ['4 times or more', '1', '12,5 %'],
      ['5 times or more', '1', '12,5 %'],
    ]);
    // Toast: coat, dress, blazer; Uniqlo: tee, scarf; then 1 each, alphabetical; no brand last.
    expect(tableRows('Brands: pieces by brand')).toEqual([
      ['Toast', '3', '37,5 %'],
      ['Uniqlo', '2', '25 %'],
      ['Arket', '1', '12,5 %'],
      ["Levi's", '1', '12,5 %'],
      ['None specified', '1', '12,5 %'],
    ]);
    // Some pieces have a brand: no call to add one.
    expect(screen.queryByText('Add the brand when you add or edit a piece.')).toBeNull();
    // Spec order of sources, not specified last.
    expect(tableRows('Sources: pieces by source')).toEqual([
      ['Bought new', '2', '25 %'],
      ['Preloved', '3', '37,5 %'],
      ['Gifted', '1', '12,5 %'],
      ['Self made', '1', '12,5 %'],
      ['Not specified', '1', '12,5 %'],
    ]);
    // Wears, then the latest wear: jeans (06-10) before boots (06-01); four shown.
    expect(stripNames('Most worn')).toEqual([
      '1. Uniqlo Top, 5 wears, Last 10. Juni',
      '2. Toast Outerwear, 3 wears, Last 14. Juni',
      "3. Levi's Bottom, 2 wears, Last 10. Juni",
      '4. Shoes, 2 wears, Last 1. Juni',
    ]);
    // Partners among the pieces counted here, as the total pairings: jeans, tee and boots have
    // 3 each in 2 outfits; the coat only 2 in o1 (the wishlist piece of o4 is never counted).
    // By id. Partners add up to 3 + 3 + 3 + 2 + 1 (dress) = 12 = 2 × 6 total pairings.
    expect(stripNames('Most versatile')).toEqual([
      'Shoes, pairs with 3 pieces in 2 outfits',
      "Levi's Bottom, pairs with 3 pieces in 2 outfits",
      'Uniqlo Top, pairs with 3 pieces in 2 outfits',
    ]);
    // Only the blazer is in the closet and idle 90+ days (bag is archived, boots on loan).
    expect(stripNames('Not worn in 90 days')).toEqual([
      'Toast Outerwear, Never worn, Since 15. Jan. 2024',
    ]);
    // 7 priced pieces: the best ceil(7/2) = 4 worn ones earned their price; coat before boots
    // at 100 € a wear because it was worn more.
    expect(stripNames('Earned their price')).toEqual([
      '1. Uniqlo Top, 3,60 € a wear, 5 wears · 18,00 €',
      '2. Uniqlo Accessory, 25,00 € a wear, 1 wear · 25,00 €',
      "3. Levi's Bottom, 30,00 € a wear, 2 wears · 60,00 €",
      '4. Toast Outerwear, 100,00 € a wear, 3 wears · 300,00 €',
    ]);
    expect(stripNames('Yet to earn their price')).toEqual([
      'Toast Full body, 150,00 € a wear, 1 wear · 150,00 €',
      'Toast Outerwear, 120,00 €, Never worn',
      'Shoes, 100,00 € a wear, 2 wears · 200,00 €',
    ]);
  });

  it('this year: tee, dress and boots', () => {
    renderStats();
    chooseRange('This year');
    expectFigures({
      'Spend this year': '368,00 €',
      // Boots are on loan: tee 18 + dress 150.
      'Spent on items in closet': '168,00 €',
      'All-time spend': '368,00 €',
      'Total items': '3',
      // (2 + 1 + 2) / 3 = 1.67.
      'Average outfits per item': '1,7',
      'Max pairings': '3',
      // tee–boots, dress–boots.
      'Total pairings': '2',
      'Percentage of max pairings': '66,7 %',
      // 2 × 2 / 3 = 1.33.
      'Average pairings per item': '1,3',
      // (5 + 26 + 14) / 3 = 15.
      'Average days since last worn': '15',
      // (5 + 1 + 2) / 3 = 2.67.
      'Average times worn': '2,7',
      // (3.6 + 150 + 100) / 3 = 84.53.
      'Average cost per wear': '84,53 €',
    });
    // Counts 5, 1, 2.
    expect(tableRows('Pieces by times worn')).toEqual([
      ['1 time or more', '3', '100 %'],
      ['2 times or more', '2', '66,7 %'],
      ['3 times or more', '1', '33,3 %'],
      ['4 times or more', '1', '33,3 %'],
      ['5 times or more', '1', '33,3 %'],
    ]);
    expect(tableRows('Brands: pieces by brand')).toEqual([
      ['Toast', '1', '33,3 %'],
      ['Uniqlo', '1', '33,3 %'],
      ['None specified', '1', '33,3 %'],
    ]);
    expect(tableRows('Sources: pieces by source').map((r) => [r[0], r[1]])).toEqual([
      ['Bought new', '1'],
      ['Gifted', '1'],
      ['Not specified', '1'],
    ]);
    expect(stripNames('Most worn').map((n) => n.split(',').slice(0, 2).join(','))).toEqual([
      '1. Uniqlo Top, 5 wears',
      '2. Shoes, 2 wears',
      '3. Toast Full body, 1 wear',
    ]);
    // Same scope as the totals: the boots pair with the tee (o2) and the dress (o3); the coat and
    // jeans of o1 are older pieces, so they do not count here.
    expect(stripNames('Most versatile')).toEqual([
      'Shoes, pairs with 2 pieces in 2 outfits',
      'Toast Full body, pairs with 1 piece in 1 outfit',
      'Uniqlo Top, pairs with 1 piece in 1 outfit',
    ]);
    // In the closet: the tee (since 20 Jan, worn 10 Jun) and the dress (since 1 Apr: under 90
    // days, so not weighed); the boots are on loan.
    expect(
      screen.getByText("Every piece you've had for 90 days or more was worn in the last 90 days."),
    ).toBeInTheDocument();
    // 3 priced: ceil(3/2) = 2 earned.
    expect(stripNames('Earned their price').map((n) => n.split(',')[0])).toEqual([
      '1. Uniqlo Top',
      '2. Shoes',
    ]);
    expect(stripNames('Yet to earn their price').map((n) => n.split(',')[0])).toEqual([
      'Toast Full body',
    ]);
  });

  it('last 12 months: jeans, scarf, tee, dress and boots', () => {
    renderStats();
    chooseRange('Last 12 months');
    expectFigures({
      'Spend this year': '368,00 €',
      // jeans 60 + scarf 25 + tee 18 + dress 150.
      'Spent on items in closet': '253,00 €',
      // + boots 200.
      'All-time spend': '453,00 €',
      'Total items': '5',
      // (2 + 0 + 2 + 1 + 2) / 5 = 1.4.
      'Average outfits per item': '1,4',
      'Max pairings': '10',
      // jeans–tee, jeans–boots, tee–boots, dress–boots (the coat is older).
      'Total pairings': '4',
      'Percentage of max pairings': '40 %',
      'Average pairings per item': '1,6',
      // (5 + 26 + 5 + 26 + 14) / 5 = 15.2.
      'Average days since last worn': '15,2',
      // (2 + 1 + 5 + 1 + 2) / 5 = 2.2.
      'Average times worn': '2,2',
      // (30 + 25 + 3.6 + 150 + 100) / 5 = 61.72.
      'Average cost per wear': '61,72 €',
    });
    // Counts 2, 1, 5, 1, 2.
    expect(tableRows('Pieces by times worn').map((r) => r[2])).toEqual([
      '100 %',
      '60 %',
      '20 %',
      '20 %',
      '20 %',
    ]);
    expect(tableRows('Brands: pieces by brand')).toEqual([
      ['Uniqlo', '2', '40 %'],
      ["Levi's", '1', '20 %'],
      ['Toast', '1', '20 %'],
      ['None specified', '1', '20 %'],
    ]);
    expect(stripNames('Most worn').map((n) => n.split(',')[0])).toEqual([
      '1. Uniqlo Top',
      "2. Levi's Bottom",
      '3. Shoes',
      '4. Toast Full body',
    ]);
    // 5 priced: ceil(5/2) = 3 earned.
    expect(stripNames('Earned their price')).toEqual([
      '1. Uniqlo Top, 3,60 € a wear, 5 wears · 18,00 €',
      '2. Uniqlo Accessory, 25,00 € a wear, 1 wear · 25,00 €',
      "3. Levi's Bottom, 30,00 € a wear, 2 wears · 60,00 €",
    ]);
    expect(stripNames('Yet to earn their price').map((n) => n.split(',')[0])).toEqual([
      'Toast Full body',
      'Shoes',
    ]);
  });

  it('last 6 months: scarf, tee, dress and boots', () => {
    renderStats();
    chooseRange('Last 6 months');
    expectFigures({
      'Spend this year': '368,00 €',
      // scarf 25 + tee 18 + dress 150.
      'Spent on items in closet': '193,00 €',
      'All-time spend': '393,00 €',
      'Total items': '4',
      // (0 + 2 + 1 + 2) / 4 = 1.25, rounded half up.
      'Average outfits per item': '1,3',
      'Max pairings': '6',
      'Total pairings': '2',
      'Percentage of max pairings': '33,3 %',
      'Average pairings per item': '1',
      // (26 + 5 + 26 + 14) / 4 = 17.75.
      'Average days since last worn': '17,8',
      // (1 + 5 + 1 + 2) / 4 = 2.25.
      'Average times worn': '2,3',
      // (25 + 3.6 + 150 + 100) / 4 = 69.65.
      'Average cost per wear': '69,65 €',
    });
    expect(tableRows('Pieces by times worn').map((r) => r[1])).toEqual(['4', '2', '1', '1', '1']);
    expect(tableRows('Brands: pieces by brand')).toEqual([
      ['Uniqlo', '2', '50 %'],
      ['Toast', '1', '25 %'],
      ['None specified', '1', '25 %'],
    ]);
  });

  it('last 3 months: dress and boots', () => {
    renderStats();
    chooseRange('Last 3 months');
    expectFigures({
      'Spend this year': '350,00 €',
      'Spent on items in closet': '150,00 €',
      'All-time spend': '350,00 €',
      'Total items': '2',
      'Average outfits per item': '1,5',
      'Max pairings': '1',
      'Total pairings': '1',
      'Percentage of max pairings': '100 %',
      'Average pairings per item': '1',
      // (26 + 14) / 2.
      'Average days since last worn': '20',
      'Average times worn': '1,5',
      // (150 + 100) / 2.
      'Average cost per wear': '125,00 €',
    });
    // Counts 1, 2: nobody reaches 3 wears, the axis still runs to 5.
    expect(tableRows('Pieces by times worn')).toEqual([
      ['1 time or more', '2', '100 %'],
      ['2 times or more', '1', '50 %'],
      ['3 times or more', '0', '0 %'],
      ['4 times or more', '0', '0 %'],
      ['5 times or more', '0', '0 %'],
    ]);
    expect(tableRows('Sources: pieces by source').map((r) => r[0])).toEqual([
      'Gifted',
      'Not specified',
    ]);
    expect(stripNames('Most versatile')).toEqual([
      'Shoes, pairs with 1 piece in 1 outfit',
      'Toast Full body, pairs with 1 piece in 1 outfit',
    ]);
    // The dress (since 1 Apr) is the only piece in the closet, there for 75 days.
    expect(
      screen.getByText('No piece has been in your closet for 90 days yet.'),
    ).toBeInTheDocument();
    // 2 priced: one earned (boots, 100 € a wear), the dress at 150 € a wear has not yet.
    expect(stripNames('Earned their price').map((n) => n.split(',')[0])).toEqual(['1. Shoes']);
    expect(stripNames('Yet to earn their price').map((n) => n.split(',')[0])).toEqual([
      'Toast Full body',
    ]);
  });

  it('remembers the chosen range for the session', () => {
    const { unmount } = renderStats();
    chooseRange('Last 6 months');
    expect(sessionStorage.getItem(STATS_TIME_RANGE_KEY)).toBe('last6Months');
    unmount();
    renderStats();
    expect(screen.getByRole('radio', { name: 'Last 6 months' })).toBeChecked();
    expect(figure('Total items')).toBe('4');
  });

  it('follows a change to the wardrobe while open, and after coming back', () => {
    const { unmount } = renderStats();
    expect(figure('Total items')).toBe('8');
    const more = { ...WARDROBE, clothes: { ...WARDROBE.clothes, hat: item('hat', { price: 7 }) } };
    act(() => useWardrobeStore.setState({ data: more }));
    // The hat has no date obtained: it counts from its creation, in all time.
    expect(figure('Total items')).toBe('9');
    expect(figure('All-time spend')).toBe('880,00 €');
    unmount();
    act(() => useWardrobeStore.setState({ data: WARDROBE }));
    renderStats();
    expect(figure('Total items')).toBe('8');
  });

  it('opens the Items tab filtered to a source from its row', () => {
    renderStats();
    fireEvent.click(screen.getByRole('button', { name: /^Preloved, show these pieces/ }));
    expect(screen.getByText('Items screen')).toBeInTheDocument();
    expect(useClothesFilters.getState().filters).toEqual({
      status: 'in closet',
      source: 'preloved',
    });
  });

  it('opens the Items tab sorted by brand, which its filters cannot express', () => {
    renderStats();
    fireEvent.click(screen.getByRole('button', { name: 'Items by brand' }));
    expect(screen.getByText('Items screen')).toBeInTheDocument();
    expect(useUiPrefsStore.getState()).toMatchObject({
      itemSortOption: 'Brand',
      itemSortDirection: 'asc',
    });
  });
});

describe('stats screen, empty states', () => {
  it('says what to do first when nothing is owned yet', () => {
    signedInWith(wardrobeOf([item('w', { status: 'wishlist', price: 10 })]));
    renderStats();
    expect(
      screen.getByRole('heading', { name: 'Your numbers start with your clothes' }),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'Add your first item' }));
    expect(screen.getByText('Upload screen')).toBeInTheDocument();
  });

  it('shows the spec sentence for an empty range and goes back to all time', () => {
    signedInWith(wardrobeOf([item('old', { dateObtained: '2020-01-01', brand: 'Zara' })]));
    renderStats();
    chooseRange('Last 3 months');
    expect(screen.getByText('No items match the selected time range.')).toBeInTheDocument();
    expect(screen.queryByText('Total items')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all time' }));
    expect(figure('Total items')).toBe('1');
  });

  it("shows the wear sentence when nothing was worn, and unbranded pieces as 'None specified'", () => {
    signedInWith(wardrobeOf([item('a', { price: 10 }), item('b')]));
    renderStats();
    expect(figure('Total items')).toBe('2');
    expect(screen.getByText('No wear data available.')).toBeInTheDocument();
    expect(figure('Average cost per wear')).toBe('—');
    expect(figure('Average days since last worn')).toBe('—');
    // No piece has a brand: one slice, as the sources show both unspecified (docs/spec.md §9).
    expect(screen.queryByText('No brand data available.')).not.toBeInTheDocument();
    expect(tableRows('Brands: pieces by brand')).toEqual([['None specified', '2', '100%']]);
    expect(screen.getByText('Add the brand when you add or edit a piece.')).toBeInTheDocument();
    expect(tableRows('Sources: pieces by source')).toEqual([['Not specified', '2', '100%']]);
  });

  it('keeps the pairings card to one scope under a range', () => {
    // Shoes bought this year, in one outfit with two older pieces.
    signedInWith(
      wardrobeOf(
        [
          item('shoes', { category: 'shoes', brand: 'Nike', dateObtained: '2025-02-01' }),
          item('jeans', { category: 'bottom', dateObtained: '2023-01-01' }),
          item('tee', { dateObtained: '2023-01-01' }),
        ],
        [outfit('o1', ['shoes', 'jeans', 'tee'])],
      ),
    );
    renderStats();
    expect(figure('Total pairings')).toBe('3');
    expect(stripNames('Most versatile')).toContain('Nike Shoes, pairs with 2 pieces in 1 outfit');
    chooseRange('This year');
    expectFigures({
      'Total items': '1',
      'Total pairings': '0',
      'Average pairings per item': '0',
      'Percentage of max pairings': '0%',
    });
    expect(screen.queryByRole('list', { name: 'Most versatile' })).not.toBeInTheDocument();
  });

  it('says why nothing is listed as not worn in 90 days', () => {
    // A piece bought in May and never worn: too new for the list, and not "worn".
    signedInWith(wardrobeOf([item('new', { dateObtained: '2025-05-01' })]));
    const { unmount } = renderStats();
    expect(
      screen.getByText('No piece has been in your closet for 90 days yet.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/was worn in the last 90 days/)).not.toBeInTheDocument();
    unmount();
    // Nothing in the closet: one piece on loan.
    signedInWith(wardrobeOf([item('lent', { dateObtained: '2020-01-01', status: 'loaned' })]));
    renderStats();
    expect(screen.getByText('None of these pieces is in your closet now.')).toBeInTheDocument();
  });

  it('groups brands under 3% as the spec names them', () => {
    // 40 pieces: Main 39 (97.5%), Solo 1 (2.5% < 3%).
    const many = Array.from({ length: 40 }, (_, i) =>
      item(`i${i}`, { brand: i === 0 ? 'Solo' : 'Main' }),
    );
    signedInWith(wardrobeOf(many));
    renderStats();
    expect(tableRows('Brands: pieces by brand')).toEqual([
      ['Main', '39', '97.5%'],
      ['All other brands (<3% each)', '1', '2.5%'],
    ]);
  });
});
