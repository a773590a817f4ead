/**
 * What to wear, the same answers as another build (docs/suggestions.md, "Benchmarks"): 900
 * queries — days, Shuffle's pages, Style this pins, seeds, a "Not this" — on three generated
 * wardrobes (10,000 items with UUID ids, 2,000 with readable ids and another currency's user,
 * 300 items), each answered by this source's suggestOutfits and by the other's, on one kept
 * preparation per wardrobe and build as the app and the server keep it, and compared field by
 * field (every suggestion's key, pieces and reasons, `missing`, the offsets). Also the first
 * query of each wardrobe with nothing kept.
 *
 *   SUGGESTIONS_SAME_BASE_SRC=<another domain src/index.ts> npx tsx bench/suggestions-same-answers.ts
 *
 * e.g. main's, from a worktree of main or `git archive main packages/domain/src | tar -x -C …`.
 * Exits non-zero on the first difference.
 */
import { isDeepStrictEqual } from 'node:util';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as DomainModule from '../packages/domain/src/index.js';
import { generateWardrobe } from './generate-wardrobe.js';

type Domain = typeof DomainModule;

const BASE_SRC = process.env.SUGGESTIONS_SAME_BASE_SRC;
if (!BASE_SRC) throw new Error('SUGGESTIONS_SAME_BASE_SRC=<a domain src/index.ts> is required');
const mine = (await import('../packages/domain/src/index.js')) as Domain;
const base = (await import(pathToFileURL(resolve(BASE_SRC)).href)) as Domain;

const WARDROBES = [
  { items: 10000, outfits: 2000, days: 3 * 365, seed: 42, uuidIds: true },
  { items: 2000, outfits: 400, days: 365, seed: 7, uuidIds: false, currency: 'USD' },
  { items: 300, outfits: 60, days: 120, seed: 3, uuidIds: true },
];
const QUERIES_PER_WARDROBE = 300;

let compared = 0;
for (const spec of WARDROBES) {
  const { wardrobe: w, settings: s, today } = generateWardrobe(spec);
  // A JSON round trip, as the app's copy comes back from storage.
  const wardrobe = JSON.parse(JSON.stringify(w)) as typeof w;
  const settings = spec.currency ? { ...s, currency: spec.currency } : s;
  const now = new Date(`${today}T12:00:00Z`);
  const closet = Object.values(wardrobe.clothes).filter(mine.isSuggestable);
  const others = Object.values(wardrobe.clothes).filter((i) => !mine.isSuggestable(i));
  const kept = new Map<Domain, DomainModule.PreparedSuggestions>();
  for (const d of [mine, base]) kept.set(d, d.prepareSuggestions(wardrobe, settings, now));
  const ask = (d: Domain, q: Partial<DomainModule.SuggestionsInput>, keep: boolean) =>
    d.suggestOutfits({
      wardrobe,
      settings,
      now,
      date: today,
      seed: 'account',
      ...(keep ? { prepared: kept.get(d)! } : {}),
      ...q,
    });
  for (let q = 0; q < QUERIES_PER_WARDROBE; q++) {
    const query: Partial<DomainModule.SuggestionsInput> = {
      date: mine.addDays(today, (q % 40) - 10),
      seed: `account-${q % 7}`,
      offset: (q % 11) * 3,
    };
    if (q % 5 === 1) query.pin = closet[(q * 37) % closet.length]!.id;
    if (q % 29 === 2 && others.length > 0) query.pin = others[q % others.length]!.id;
    if (q % 31 === 3) query.pin = 'no-such-item';
    const keepNothing = q === 0;
    const a = ask(mine, query, !keepNothing);
    const b = ask(base, query, !keepNothing);
    if (q % 13 === 4 && a.suggestions.length > 0) {
      query.feedback = [{ key: a.suggestions[0]!.key, until: mine.addDays(query.date!, 1) }];
      const fa = ask(mine, query, true);
      const fb = ask(base, query, true);
      if (!isDeepStrictEqual(fa, fb)) fail(spec, query, fa, fb);
    }
    if (!isDeepStrictEqual(a, b)) fail(spec, query, a, b);
    compared += 1;
  }
}
console.log(`${compared} queries on ${WARDROBES.length} wardrobes: the same answers`);

function fail(spec: object, query: object, a: unknown, b: unknown): never {
  console.error('DIFFERENT', JSON.stringify({ spec, query }));
  console.error('this', JSON.stringify(a));
  console.error('base', JSON.stringify(b));
  process.exit(1);
}
