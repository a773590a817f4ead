import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.js';
import { addDays } from './day-keys.js';
import {
  prepareSuggestions,
  suggestOutfits,
  type SuggestionsInput,
  type SuggestionsResult,
} from './suggestions.js';
import {
  at,
  day,
  item,
  outfit,
  settingsWithSubs,
  wardrobe,
  TEE,
  SHIRT,
} from './testing/fixtures.js';
import type { CalendarEntry, ClothingItem, Outfit } from './types.js';
import type { ColourName } from './colour-names.js';
import {
  wardrobeForSuggestionsFromWire,
  wardrobeFromWire,
  wardrobeToWire,
} from './wire-mappers.js';

/**
 * The suggestions of a seeded 2,000-item wardrobe (400 outfits, a year of calendar) are pinned
 * to a committed fixture, so that making suggestOutfits faster cannot change what it answers
 * (README, "What to wear": same wardrobe and day, same suggestions). After a change meant to
 * alter answers, `npx vitest run -u` writes the fixture again.
 */
function seededWardrobe() {
  let state = 20240615;
  const rand = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const colours: ColourName[] = [
    'white',
    'black',
    'navy',
    'red',
    'green',
    'blue',
    'multicolour',
    'beige',
    'yellow',
  ];
  const statuses = [
    'clothes',
    'clothes',
    'clothes',
    'clothes',
    'wishlist',
    'archived',
    'loaned',
  ] as const;
  const clothes: ClothingItem[] = [];
  for (let i = 0; i < 2000; i++) {
    const category = pick(CATEGORIES);
    const fields: Partial<ClothingItem> = { category, status: pick(statuses) };
    if (rand() < 0.7) fields.price = Math.round(rand() * 20000) / 100;
    if (fields.price !== undefined && rand() < 0.2) fields.currency = 'USD';
    if (rand() < 0.8) fields.colors = [pick(colours)];
    if (rand() < 0.1) fields.manualTimesWorn = Math.floor(rand() * 5);
    if (category === 'top' && rand() < 0.5) fields.subCategoryId = pick([TEE.id, SHIRT.id]);
    clothes.push(item(`i${String(i).padStart(4, '0')}`, fields));
  }
  const outfits: Outfit[] = [];
  for (let o = 0; o < 400; o++) {
    // Outfits of the first pieces, so that a year of wear makes pairs worth suggesting.
    const ids = new Set<string>();
    const n = 2 + Math.floor(rand() * 4);
    while (ids.size < n) ids.add(clothes[Math.floor(rand() * 300)]!.id);
    outfits.push(outfit(`o${o}`, [...ids]));
  }
  const calendar: Record<string, CalendarEntry> = {};
  for (let d = 0; d < 365; d++) {
    if (rand() < 0.2) continue;
    const worn = Array.from({ length: Math.floor(rand() * 4) }, () => pick(clothes).id);
    const wornOutfits = rand() < 0.9 ? [pick(outfits).id, pick(outfits).id] : [];
    calendar[addDays('2024-06-15', -d)] = day(worn, wornOutfits);
  }
  return { w: wardrobe(clothes, outfits, calendar), clothes };
}

describe('suggestOutfits on a seeded 2,000-item wardrobe', () => {
  it.each([
    ['each call on its own', false],
    ['every call on one prepared wardrobe, as the server and the app keep it', true],
  ])('answers exactly the committed suggestions, %s', async (_, shared) => {
    const { w, clothes } = seededWardrobe();
    const s = settingsWithSubs('top', [TEE, SHIRT]);
    s.currency = 'EUR';
    s.locale = 'en';
    const prepared = shared ? prepareSuggestions(w, s, at('2024-06-15', 12)) : undefined;
    const suggest = (input: SuggestionsInput) =>
      suggestOutfits(prepared ? { ...input, prepared } : input);
    const closet = clothes.filter((c) => (c.status ?? 'clothes') === 'clothes');
    const pins = [
      closet.find((c) => c.category === 'bottom')!,
      closet.find((c) => c.category === 'bag')!,
    ];
    const answers: Record<string, SuggestionsResult> = {};
    for (const date of ['2024-06-15', '2024-06-16', '2024-07-01']) {
      for (const offset of [0, 3, 27]) {
        const base = {
          wardrobe: w,
          settings: s,
          date,
          seed: 'acct-7',
          now: at('2024-06-15', 12),
          offset,
        };
        answers[`${date}|${offset}`] = suggest(base);
        for (const pin of pins)
          answers[`${date}|${offset}|${pin.id}`] = suggest({ ...base, pin: pin.id });
      }
      const first = answers[`${date}|0`]!.suggestions[0]!;
      answers[`${date}|not-this`] = suggest({
        wardrobe: w,
        settings: s,
        date,
        seed: 'acct-7',
        now: at('2024-06-15', 12),
        feedback: [{ key: first.key, until: addDays(date, 30) }],
      });
    }
    expect(Object.keys(answers)).toHaveLength(30);
    for (const a of Object.values(answers)) expect(a.suggestions.length).toBeGreaterThan(0);
    await expect(`${JSON.stringify(answers, null, 1)}\n`).toMatchFileSnapshot(
      './testing/suggestions-seeded.json',
    );
  });

  it('answers the same from the wire read for suggestions only as from the whole mapping', () => {
    const { w, clothes } = seededWardrobe();
    const s = settingsWithSubs('top', [TEE, SHIRT]);
    const wire = wardrobeToWire(w);
    const lean = wardrobeForSuggestionsFromWire(structuredClone(wire));
    const full = wardrobeFromWire(structuredClone(wire));
    const pin = clothes.find((c) => (c.status ?? 'clothes') === 'clothes' && c.category === 'top')!;
    for (const extra of [{}, { offset: 6 }, { pin: pin.id }]) {
      const base = { settings: s, date: '2024-06-20', seed: 'acct-9', now: at('2024-06-15', 12) };
      const answer = suggestOutfits({ ...base, ...extra, wardrobe: lean });
      expect(answer.suggestions.length).toBeGreaterThan(0);
      expect(answer).toEqual(suggestOutfits({ ...base, ...extra, wardrobe: full }));
    }
  });
});
