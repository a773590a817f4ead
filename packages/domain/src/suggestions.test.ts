import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, type Category } from './categories.js';
import { computeItemStats } from './item-stats.js';
import { ITEM_STATUSES } from './status.js';
import {
  isSuggestable,
  suggestionKey,
  suggestOutfits,
  type SuggestionsInput,
} from './suggestions.js';
import { at, day, item, outfit, settings, wardrobe } from './testing/fixtures.js';
import type { ClothingItem, WardrobeData } from './types.js';
import { buildWearIndex, daysOf } from './wear-index.js';
import { daysInCommon } from './pairing-graph.js';
import { addDays } from './day-keys.js';

const now = at('2024-06-15', 12);
const eur = settings({ currency: 'EUR', locale: 'en' });

function input(w: WardrobeData, fields: Partial<SuggestionsInput> = {}): SuggestionsInput {
  return { wardrobe: w, settings: eur, date: '2024-06-15', seed: 'acct-1', now, ...fields };
}

const basics = (): ClothingItem[] => [
  item('t1', { category: 'top' }),
  item('t2', { category: 'top' }),
  item('b1', { category: 'bottom' }),
  item('b2', { category: 'bottom' }),
  item('s1', { category: 'shoes' }),
];

describe('suggestOutfits', () => {
  it('gives a new user three complete outfits without any history', () => {
    const r = suggestOutfits(input(wardrobe(basics())));
    expect(r.suggestions).toHaveLength(3);
    expect(r.missing).toEqual([]);
    for (const s of r.suggestions) {
      const cats = s.itemIds.map((id) => r && id[0]);
      expect(cats).toEqual(['t', 'b', 's']);
      expect(s.reasons[0]).toEqual({
        kind: 'new-pairing',
        text: 'a new pairing — never worn together',
      });
    }
  });

  it('says what to add when no outfit can be made', () => {
    const r = suggestOutfits(input(wardrobe([item('t1'), item('b1', { category: 'bottom' })])));
    expect(r.suggestions).toEqual([]);
    expect(r.missing).toEqual(['shoes']);
    expect(suggestOutfits(input(wardrobe([]))).missing).toEqual(['full body', 'shoes']);
  });

  it('uses a full-body piece with shoes and adds the extras the closet has', () => {
    const w = wardrobe([
      item('d1', { category: 'full body' }),
      item('s1', { category: 'shoes' }),
      item('c1', { category: 'outerwear' }),
      item('g1', { category: 'bag' }),
    ]);
    const r = suggestOutfits(input(w));
    expect(r.suggestions[0]!.itemIds).toEqual(['d1', 'c1', 's1', 'g1']);
  });

  it('never suggests wishlist, loaned or archived pieces', () => {
    const w = wardrobe([
      ...basics(),
      item('w1', { category: 'shoes', status: 'wishlist' }),
      item('l1', { category: 'top', status: 'loaned' }),
      item('a1', { category: 'bottom', status: 'archived' }),
    ]);
    const ids = suggestOutfits(input(w)).suggestions.flatMap((s) => s.itemIds);
    expect(ids).not.toContain('w1');
    expect(ids).not.toContain('l1');
    expect(ids).not.toContain('a1');
  });

  it('explains with the numbers: worn together, idle days and cost per wear', () => {
    const w = wardrobe(
      [
        item('t1', { category: 'top', subCategoryId: 'blazer', price: 48, currency: 'EUR' }),
        item('b1', { category: 'bottom', price: 12, currency: 'EUR' }),
        item('s1', { category: 'shoes' }),
      ],
      [],
      {
        '2024-03-12': day(['t1', 'b1', 's1']),
        '2024-03-01': day(['t1', 'b1', 's1']),
        '2024-02-01': day(['t1', 'b1', 's1']),
        '2024-01-10': day(['t1', 'b1', 's1']),
      },
    );
    const s = settings({
      currency: 'EUR',
      locale: 'en-GB',
      subcategories: { ...eur.subcategories, top: [{ id: 'blazer', name: 'Blazer' }] },
    });
    const r = suggestOutfits(input(w, { settings: s }));
    expect(r.suggestions).toHaveLength(1);
    expect(r.suggestions[0]!.reasons.map((x) => x.text)).toEqual([
      'worn together 4 times, last on 12 Mar',
      "the blazer hasn't been worn in 95 days",
      'wearing these lowers their cost per wear from €15.00 to €12.00',
    ]);
  });

  it('ranks a combination worn in the last 14 days lower', () => {
    const w = wardrobe(
      [
        item('t1'),
        item('t2'),
        item('b1', { category: 'bottom' }),
        item('s1', { category: 'shoes' }),
      ],
      [],
      { '2024-06-10': day(['t1', 'b1', 's1']), '2024-03-10': day(['t2', 'b1', 's1']) },
    );
    const r = suggestOutfits(input(w));
    expect(r.suggestions[0]!.itemIds).toEqual(['t2', 'b1', 's1']);
  });

  it('keeps every suggestion around the pinned piece', () => {
    const r = suggestOutfits(input(wardrobe(basics()), { pin: 'b2' }));
    expect(r.suggestions.length).toBeGreaterThan(0);
    for (const s of r.suggestions) expect(s.itemIds).toContain('b2');
    const wish = wardrobe([...basics(), item('w', { status: 'wishlist' })]);
    expect(suggestOutfits(input(wish, { pin: 'w' })).pinUnavailable).toBe(true);
    expect(suggestOutfits(input(wish, { pin: 'nope' })).pinUnavailable).toBe(true);
  });

  it('leaves out what was turned down until the feedback ends', () => {
    const first = suggestOutfits(input(wardrobe(basics())));
    const key = first.suggestions[0]!.key;
    const feedback = [{ key, until: '2024-07-15' }];
    const after = suggestOutfits(input(wardrobe(basics()), { feedback }));
    expect(after.suggestions.map((s) => s.key)).not.toContain(key);
    const expired = suggestOutfits(
      input(wardrobe(basics()), { feedback: [{ key, until: '2024-06-14' }] }),
    );
    expect(expired.suggestions[0]!.key).toBe(key);
  });

  it('shuffles through the rest with the offset, and starts over at the end', () => {
    const a = suggestOutfits(input(wardrobe(basics())));
    expect(a.nextOffset).toBe(3);
    const b = suggestOutfits(input(wardrobe(basics()), { offset: a.nextOffset }));
    expect(b.suggestions).toHaveLength(1); // 2 tops × 2 bottoms = 4 outfits
    expect(b.suggestions[0]!.key).not.toBe(a.suggestions[0]!.key);
    expect(b.nextOffset).toBe(0);
  });

  it('prefers pairs worn together, and a pleasing colour pair over a clash', () => {
    const w = wardrobe([
      item('red', { colors: ['red'] }),
      item('green', { category: 'bottom', colors: ['green'] }),
      item('navy', { category: 'bottom', colors: ['navy'] }),
      item('s1', { category: 'shoes', colors: ['black'] }),
    ]);
    expect(suggestOutfits(input(w)).suggestions[0]!.itemIds).toEqual(['red', 'navy', 's1']);
  });
});

// Property tests ---------------------------------------------------------------------------------

const arbItem = (id: string) =>
  fc
    .record({
      category: fc.constantFrom(...CATEGORIES),
      status: fc.constantFrom(...ITEM_STATUSES),
      price: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
      colors: fc.option(
        fc.subarray(['red', 'navy', 'white', 'green', 'black'] as const, {
          minLength: 1,
          maxLength: 2,
        }),
        {
          nil: undefined,
        },
      ),
    })
    .map((f) => item(id, { ...f, currency: 'EUR', colors: f.colors ? [...f.colors] : undefined }));

const arbWardrobe = fc
  .integer({ min: 0, max: 18 })
  .chain((n) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: n }, (_, i) => arbItem(`i${i}`))),
      fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: 60 }),
          fc.subarray(Array.from({ length: n }, (_, i) => `i${i}`)),
        ),
        { maxLength: 25 },
      ),
    ),
  )
  .map(([items, days]) => {
    const calendar: WardrobeData['calendar'] = {};
    for (const [back, ids] of days) calendar[addDays('2024-06-15', -back)] = day(ids);
    return wardrobe(
      items,
      [
        outfit(
          'o1',
          items.slice(0, 3).map((i) => i.id),
        ),
      ],
      calendar,
    );
  });

const SINGLE: Category[] = ['top', 'bottom', 'full body', 'outerwear', 'shoes', 'bag', 'accessory'];

describe('suggestOutfits properties', () => {
  it('holds only closet pieces, one per category, the same every time, with true reasons', () => {
    fc.assert(
      fc.property(arbWardrobe, fc.integer({ min: 0, max: 10 }), (w, offset) => {
        const inp = input(w, { offset });
        const r = suggestOutfits(inp);
        expect(suggestOutfits(input(structuredClone(w), { offset }))).toEqual(r);
        const index = buildWearIndex(w, now);
        const stats = computeItemStats(w, eur, now, { index });
        for (const s of r.suggestions) {
          expect(s.key).toBe(suggestionKey(s.itemIds));
          const cats = s.itemIds.map((id) => w.clothes[id]!.category);
          for (const id of s.itemIds) expect(isSuggestable(w.clothes[id]!)).toBe(true);
          for (const c of SINGLE) expect(cats.filter((x) => x === c).length).toBeLessThanOrEqual(1);
          const complete =
            (cats.includes('top') && cats.includes('bottom') && cats.includes('shoes')) ||
            (cats.includes('full body') && cats.includes('shoes'));
          expect(complete).toBe(true);
          const together = daysInCommon(s.itemIds.map((id) => daysOf(index.itemDays, id)));
          for (const reason of s.reasons) {
            if (reason.kind === 'new-pairing') {
              for (const a of s.itemIds)
                for (const b of s.itemIds)
                  if (a < b)
                    expect(
                      daysInCommon([daysOf(index.itemDays, a), daysOf(index.itemDays, b)]),
                    ).toEqual([]);
            }
            if (reason.kind === 'together' && reason.text.startsWith('worn together')) {
              const n = Number(
                /(\d+) times/.exec(reason.text)?.[1] ?? (reason.text.includes('once') ? 1 : 2),
              );
              expect(n).toBe(together.length);
            }
            if (reason.kind === 'idle') {
              const n = Number(/in (\d+) days/.exec(reason.text)![1]);
              expect(
                s.itemIds.some((id) => {
                  const last = stats.get(id)!.lastWorn;
                  return last !== undefined && addDays(last, n) === index.today;
                }),
              ).toBe(true);
            }
            if (reason.kind === 'never-worn') {
              expect(s.itemIds.some((id) => stats.get(id)!.totalTimesWorn === 0)).toBe(true);
            }
          }
        }
        if (r.suggestions.length === 0 && !r.pinUnavailable)
          expect(r.missing.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the pin in every suggestion', () => {
    fc.assert(
      fc.property(arbWardrobe, fc.nat(17), (w, k) => {
        const pin = `i${k}`;
        const r = suggestOutfits(input(w, { pin }));
        const pinned = w.clothes[pin];
        if (!pinned || !isSuggestable(pinned)) expect(r.pinUnavailable).toBe(true);
        for (const s of r.suggestions) expect(s.itemIds).toContain(pin);
      }),
      { numRuns: 100 },
    );
  });
});
