import { categoryIndex, type Category } from './categories.js';
import type { ColourName } from './colour-names.js';
import { BUNDLED_RATES, formatMoney, type RatesTable } from './currency.js';
import { addDays, dayNumber } from './day-keys.js';
import type { ItemStats } from './item-stats.js';
import { itemPriceIn } from './money.js';
import {
  daysInCommon,
  pairingsByItem,
  sharedDays,
  type Pairing,
  type PairingEdge,
} from './pairing-graph.js';
import { formatRecentDay } from './stats-figures.js';
import { itemStatus } from './status.js';
import { subcategoryName } from './subcategories.js';
import type { ClothingItem, Settings, WardrobeData } from './types.js';
import { buildWearIndex, daysOf, type WearIndex } from './wear-index.js';

/**
 * "What to wear" (README, "What to wear"): outfits made of the user's own closet pieces for a
 * day, ranked from what the wardrobe already knows — which pieces are worn together, what has not
 * been worn lately, what is least worn and costs most per wear, colours that sit well together —
 * and explained with those same numbers. Pure and deterministic: the same wardrobe, day, seed
 * and feedback give the same suggestions, so the server and the offline app agree.
 */

/** How many suggestions one page shows. */
export const SUGGESTIONS_PER_PAGE = 3;
/** A "Not this" keeps a suggestion away this many days. */
export const NOT_THIS_DAYS = 30;
/** A combination worn within this many days before the day ranks lower. */
export const RECENT_COMBINATION_DAYS = 14;
/** A piece idle this long gets "hasn't been worn in N days". */
export const IDLE_REASON_DAYS = 14;
/** The most suggestions (pages × 3) one wardrobe and day yields before Shuffle starts over. */
export const SUGGESTION_POOL = 30;

/** The pieces an outfit is built of: either template, then the extras when the closet has them. */
export const OUTFIT_TEMPLATES: readonly (readonly Category[])[] = [
  ['top', 'bottom', 'shoes'],
  ['full body', 'shoes'],
];
export const OPTIONAL_SLOTS: readonly Category[] = ['outerwear', 'bag', 'accessory'];

export type SuggestionReasonKind = 'together' | 'idle' | 'never-worn' | 'cost' | 'new-pairing';

export interface SuggestionReason {
  kind: SuggestionReasonKind;
  text: string;
}

export interface Suggestion {
  /** The sorted ids joined by commas: what "Not this" remembers. */
  key: string;
  /** The pieces, in category order. */
  itemIds: string[];
  reasons: SuggestionReason[];
}

/** A "Not this": the suggestion's key, kept away up to and including `until`. */
export interface SuggestionFeedback {
  key: string;
  until: string;
}

export interface SuggestionsInput {
  wardrobe: WardrobeData;
  settings: Settings;
  /** The day to dress for (YYYY-MM-DD). */
  date: string;
  /** Makes the choice among equals the account's own (the account id). */
  seed: string;
  /** The moment the stats are read at (the wear-day rule decides "today"). */
  now: Date;
  /** An item every suggestion holds ("Style this"). */
  pin?: string;
  /** Suggestions to skip: Shuffle asks for the next three. */
  offset?: number;
  count?: number;
  feedback?: readonly SuggestionFeedback[];
  rates?: RatesTable;
  /** Indexes already built for the same wardrobe and moment. */
  index?: WearIndex;
  stats?: Map<string, ItemStats>;
  /**
   * What prepareSuggestions made of the same wardrobe, settings, rates and day: a caller that
   * keeps it per wardrobe version pays only for the day's ranking (docs/suggestions.md).
   */
  prepared?: PreparedSuggestions;
}

export interface SuggestionsResult {
  date: string;
  offset: number;
  /** The offset Shuffle asks for next (wraps to 0 when the suggestions run out). */
  nextOffset: number;
  suggestions: Suggestion[];
  /**
   * When no outfit can be made: the categories to add to the closet for the nearest template
   * ("add a pair of shoes"), in category order. Empty when there are suggestions.
   */
  missing: Category[];
  /** The pin is not a closet item (another status, or not in the wardrobe). */
  pinUnavailable?: boolean;
}

/** The key of a set of items: sorted ids joined by commas. */
export function suggestionKey(itemIds: readonly string[]): string {
  return [...itemIds].sort().join(',');
}

/** Whether an item can be suggested: only what is in the closet (not wishlist, loaned, archived). */
export function isSuggestable(item: ClothingItem): boolean {
  return itemStatus(item.status) === 'clothes';
}

// Seeded choice -------------------------------------------------------------------------------

/**
 * FNV-1a, a small stable hash, so a seed and an id give the same number everywhere; carried on
 * from the state `h` of a text already hashed (start at 0x811c9dc5, end with `>>> 0`), so that
 * the seed every piece shares is hashed once and no string is built per piece.
 */
function hashOn(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

// Colours -------------------------------------------------------------------------------------

const NEUTRALS: ReadonlySet<ColourName> = new Set([
  'white',
  'grey',
  'black',
  'beige',
  'navy',
  'brown',
  'metallic',
]);

/**
 * How well two pieces' main colours sit together: neutrals go with anything (a little bonus),
 * one colour with itself is tonal, two different strong colours or a print with a strong colour
 * clash (a penalty). Pieces without colours say nothing.
 */
function colourHarmony(a: ColourName | undefined, b: ColourName | undefined): number {
  if (a === undefined || b === undefined) return 0;
  if (NEUTRALS.has(a) || NEUTRALS.has(b)) return 0.1;
  if (a === b && a !== 'multicolour') return 0.05;
  return -0.35;
}

// Scoring -------------------------------------------------------------------------------------

/** The stats a suggestion reads (item-stats' ItemStats has these and more). */
type PieceStats = Pick<ItemStats, 'lastWorn' | 'totalTimesWorn' | 'costPerWear'>;

/**
 * A closet piece as the search reads it (PreparedSuggestions), with its stats. Every piece has
 * every field (undefined when it has no value), so that the engine sees one layout of them all.
 */
export interface SuggestionPiece extends PieceStats {
  item: ClothingItem;
  /** Its place among the closet's pieces: pairs are cached by number, not by a string key. */
  n: number;
  /** The score before the day's seeded jitter (pieceBase): the same every day of a version. */
  base: number;
  /** Days since last worn (to today), undefined when never worn. */
  idle: number | undefined;
  colour: ColourName | undefined;
}

interface Context {
  pieces: Map<string, SuggestionPiece>;
  index: WearIndex;
  pairCache: Map<number, number>;
  partnerCache: Map<string, Pairing[]>;
  /** This call's score of each piece (by `n`), NaN until read: the base plus the day's jitter. */
  scores: Float64Array;
  /** The stamp of the last state that tried each piece (by `n`), and the last stamp given. */
  tried: Int32Array;
  stamp: number;
  seedState: number;
}

/** A piece's score for the call's day and seed, computed when the search first reads it. */
function scoreOf(ctx: Context, piece: SuggestionPiece): number {
  let s = ctx.scores[piece.n]!;
  if (Number.isNaN(s)) {
    s = piece.base + W_SEED * seedJitter(ctx.seedState, piece.item.id);
    ctx.scores[piece.n] = s;
  }
  return s;
}

/**
 * A closet piece's partners, strongest first: the pieces its outfits pair it with
 * (pairingsByItem over the outfits that hold it), read from the wear index for the pieces the
 * search reaches rather than for the whole wardrobe.
 */
function partnersOf(ctx: Context, id: string): Pairing[] {
  let list = ctx.partnerCache.get(id);
  if (list === undefined) {
    const edges: PairingEdge[] = [];
    const weights = new Map<string, PairingEdge>();
    for (const outfitId of ctx.index.itemOutfits.get(id) ?? []) {
      for (const other of ctx.index.outfitItems.get(outfitId) ?? []) {
        if (other === id || !ctx.pieces.has(other)) continue;
        const edge = weights.get(other);
        if (edge) edge.weight += 1;
        else {
          const e = { source: id, target: other, weight: 1 };
          weights.set(other, e);
          edges.push(e);
        }
      }
    }
    list = pairingsByItem(edges).get(id) ?? [];
    ctx.partnerCache.set(id, list);
  }
  return list;
}

const W_IDLE = 1;
const W_LEAST_WORN = 0.6;
const W_COST = 0.4;
const W_SEED = 0.3;
const W_TOGETHER = 0.35;
const W_SHARED = 0.1;
const RECENT_PENALTY = 1.5;
/** The most a pair adds (pairScore): worn together, in outfits together, colours in harmony. */
const MAX_PAIR = W_TOGETHER + W_SHARED + 0.1;

/** What a piece scores whatever the day: idle, least worn, dearest per wear. */
function pieceBase(stats: PieceStats, idle: number | undefined, costRank: number): number {
  const idleShare = idle === undefined ? 1 : Math.min(idle, 60) / 60;
  const leastWorn = 1 / (1 + stats.totalTimesWorn);
  return W_IDLE * idleShare + W_LEAST_WORN * leastWorn + W_COST * costRank;
}

/**
 * The day's choice among equals, in [0, 1): `seedState` is hashOn over `${seed}|`, so the
 * jitter is the FNV-1a of `${seed}|${item.id}`.
 */
function seedJitter(seedState: number, id: string): number {
  return ((hashOn(seedState, id) >>> 0) % 10007) / 10007;
}

/** What two pieces add together: days worn together, outfits that hold both, their colours. */
function pairScore(ctx: Context, a: SuggestionPiece, b: SuggestionPiece): number {
  const key = a.n < b.n ? a.n * ctx.pieces.size + b.n : b.n * ctx.pieces.size + a.n;
  let s = ctx.pairCache.get(key);
  if (s === undefined) {
    const days = sharedDays(
      daysOf(ctx.index.itemDays, a.item.id),
      daysOf(ctx.index.itemDays, b.item.id),
    );
    const shared = partnersOf(ctx, a.item.id).find((p) => p.id === b.item.id)?.weight ?? 0;
    s =
      W_TOGETHER * Math.min(1, Math.log2(1 + days) / 3) +
      W_SHARED * Math.min(1, shared / 2) +
      colourHarmony(a.colour, b.colour);
    ctx.pairCache.set(key, s);
  }
  return s;
}

// Search --------------------------------------------------------------------------------------

interface State {
  ids: string[];
  score: number;
}

const BEAM_WIDTH = 32;
const PER_SLOT = 24;
const PARTNERS_PER_SLOT = 8;

function compareStates(a: State, b: State): number {
  if (b.score !== a.score) return b.score - a.score;
  const ka = a.ids.join(',');
  const kb = b.ids.join(',');
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Best first, then by id, so that every run ranks the same way. */
function byScore(ctx: Context, a: SuggestionPiece, b: SuggestionPiece): number {
  return (
    scoreOf(ctx, b) - scoreOf(ctx, a) ||
    (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0)
  );
}

/**
 * The slot's best `k` pieces for the day, best first, as sorting the whole slot by score would
 * give them: `head` is the slot's head (slotHead), which holds every piece that can be among them.
 * Each is scored once; the k-th best score is found by sorting the scores as numbers (natively),
 * and only the pieces at or above it are sorted by score and id.
 */
function bestOfSlot(ctx: Context, head: readonly SuggestionPiece[], k: number): SuggestionPiece[] {
  const n = head.length;
  const scores = new Float64Array(n);
  for (let i = 0; i < n; i++) scores[i] = scoreOf(ctx, head[i]!);
  let top: SuggestionPiece[];
  if (n <= k) top = head.slice();
  else {
    const cut = scores.slice().sort()[n - k]!;
    top = [];
    for (let i = 0; i < n; i++) if (scores[i]! >= cut) top.push(head[i]!);
  }
  top.sort((a, b) => byScore(ctx, a, b));
  if (top.length > k) top.length = k;
  return top;
}

/**
 * The pieces of a slot that bestOfSlot can pick among its best `k` on some day, in the slot's
 * order: the jitter adds less than W_SEED to a base, so none of the day's best `k` has a base
 * W_SEED or more below the k-th best base. Only the bases are sorted (as numbers), to find it.
 */
function slotHead(list: SuggestionPiece[], k: number): SuggestionPiece[] {
  if (list.length <= k) return list;
  // A typed array sorts its numbers natively, with no comparison called back.
  const bases = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) bases[i] = list[i]!.base;
  bases.sort();
  const line = bases[list.length - k]! - W_SEED - 1e-9;
  return list.filter((p) => p.base >= line);
}

/**
 * Puts `value` in its place in `sorted` (ordered by `compare`, which never ties two distinct
 * values) and keeps the first `k`: the same first k as sorting every value and slicing.
 */
function insertBounded<T>(sorted: T[], value: T, k: number, compare: (a: T, b: T) => number): void {
  const n = sorted.length;
  if (n >= k && compare(value, sorted[n - 1]!) >= 0) return;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid]!, value) <= 0) lo = mid + 1;
    else hi = mid;
  }
  sorted.splice(lo, 0, value);
  if (sorted.length > k) sorted.pop();
}

function extend(
  ctx: Context,
  beam: State[],
  options: SuggestionPiece[],
  slot: Category,
  width: number,
): State[] {
  // The best `width` next states, kept in order as they come: a candidate that cannot make it
  // costs no state and no list. No piece of the slot scores above its best option, and no pair
  // adds more than MAX_PAIR: a state, or an option, that cannot reach the worst kept even so is
  // passed over (the beam and the options come best first, so all after it too).
  const next: State[] = [];
  const top = options.length > 0 ? scoreOf(ctx, options[0]!) : -Infinity;
  // Each chosen piece's pair scores with the options, by the option's place: a state reads the
  // row of each of its pieces once, not the pair cache once per pair.
  const rows = new Map<number, Float64Array>();
  const rowOf = (c: SuggestionPiece): Float64Array => {
    let row = rows.get(c.n);
    if (row === undefined) {
      row = new Float64Array(options.length).fill(NaN);
      rows.set(c.n, row);
    }
    return row;
  };
  for (const state of beam) {
    const chosen = state.ids.map((id) => ctx.pieces.get(id)!);
    const reach = chosen.length * MAX_PAIR + 1e-9;
    if (next.length >= width && state.score + top + reach < next[width - 1]!.score) break;
    // The partners of chosen pieces join the slot's best, so that known pairings are weighed.
    const candidates: SuggestionPiece[] = options.slice();
    for (const c of chosen) {
      let n = 0;
      for (const p of partnersOf(ctx, c.item.id)) {
        if (n >= PARTNERS_PER_SLOT) break;
        const piece = ctx.pieces.get(p.id);
        if (piece && piece.item.category === slot) {
          candidates.push(piece);
          n += 1;
        }
      }
    }
    const chosenRows = chosen.map(rowOf);
    // A piece met again among the candidates (a partner of two, or one of the options) is tried
    // once: marked with this state's stamp.
    const stamp = ++ctx.stamp;
    for (let j = 0; j < candidates.length; j++) {
      const piece = candidates[j]!;
      if (ctx.tried[piece.n] === stamp) continue;
      ctx.tried[piece.n] = stamp;
      const own = state.score + scoreOf(ctx, piece);
      if (next.length >= width && own + reach < next[width - 1]!.score) continue;
      let score = own;
      for (let k = 0; k < chosen.length; k++) {
        if (j < options.length) {
          const row = chosenRows[k]!;
          let pair = row[j]!;
          if (Number.isNaN(pair)) row[j] = pair = pairScore(ctx, chosen[k]!, piece);
          score += pair;
        } else score += pairScore(ctx, chosen[k]!, piece);
      }
      if (next.length >= width) {
        const worst = next[width - 1]!;
        if (score < worst.score) continue;
        const candidate = { ids: [...state.ids, piece.item.id], score };
        if (compareStates(candidate, worst) >= 0) continue;
        insertBounded(next, candidate, width, compareStates);
      } else {
        insertBounded(next, { ids: [...state.ids, piece.item.id], score }, width, compareStates);
      }
    }
  }
  return next;
}

/** The idle piece of a suggestion, or a never-worn one, said in words. */
function pieceName(item: ClothingItem, settings: Settings): string {
  const sub = subcategoryName(item, settings);
  const base = (sub ?? (item.category === 'full body' ? 'dress' : item.category)).toLowerCase();
  const colour = item.colors?.[0];
  return colour && colour !== 'multicolour' ? `${colour} ${base}` : base;
}

/** "shoes", "jeans" and "trousers" take "have"; "dress" and "blazer" take "has". */
function isPlural(name: string): boolean {
  return /[^s]s$/.test(name);
}

function timesText(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

function reasonsFor(
  ctx: Context,
  ids: readonly string[],
  input: SuggestionsInput,
  today: string,
): SuggestionReason[] {
  const reasons: SuggestionReason[] = [];
  const { settings } = input;
  const locale = settings.locale;
  const together = daysInCommon(ids.map((id) => daysOf(ctx.index.itemDays, id)));
  if (together.length > 0) {
    reasons.push({
      kind: 'together',
      text: `worn together ${timesText(together.length)}, last on ${formatRecentDay(together[together.length - 1]!, today, locale)}`,
    });
  } else {
    // The pair of the suggestion worn together most, else it is all new.
    let best: { a: string; b: string; days: string[] } | undefined;
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const days = daysInCommon([
          daysOf(ctx.index.itemDays, ids[i]!),
          daysOf(ctx.index.itemDays, ids[j]!),
        ]);
        if (days.length > 0 && (!best || days.length > best.days.length)) {
          best = { a: ids[i]!, b: ids[j]!, days };
        }
      }
    }
    if (best) {
      const a = pieceName(ctx.pieces.get(best.a)!.item, settings);
      const b = pieceName(ctx.pieces.get(best.b)!.item, settings);
      reasons.push({
        kind: 'together',
        text: `the ${a} and the ${b} worn together ${timesText(best.days.length)}, last on ${formatRecentDay(best.days[best.days.length - 1]!, today, locale)}`,
      });
    } else {
      reasons.push({ kind: 'new-pairing', text: 'a new pairing — never worn together' });
    }
  }

  // The piece idle longest (by days since its last wear), or one never worn.
  let idle: SuggestionPiece | undefined;
  let never: SuggestionPiece | undefined;
  for (const id of ids) {
    const p = ctx.pieces.get(id)!;
    if (p.idle === undefined) {
      if (p.totalTimesWorn === 0 && !never) never = p;
    } else if (p.idle >= IDLE_REASON_DAYS && (!idle || p.idle > idle.idle!)) idle = p;
  }
  if (idle) {
    const name = pieceName(idle.item, settings);
    reasons.push({
      kind: 'idle',
      text: `the ${name} ${isPlural(name) ? "haven't" : "hasn't"} been worn in ${idle.idle} days`,
    });
  } else if (never) {
    const name = pieceName(never.item, settings);
    reasons.push({
      kind: 'never-worn',
      text: `the ${name} ${isPlural(name) ? 'have' : 'has'} never been worn`,
    });
  }

  // The outfit's cost per wear: the sum of its pieces' (item-stats), now and after one more wear.
  let before = 0;
  let after = 0;
  const rates = input.rates ?? BUNDLED_RATES;
  for (const id of ids) {
    const p = ctx.pieces.get(id)!;
    if (p.costPerWear === undefined) continue;
    const price = itemPriceIn(p.item, settings.currency, rates);
    if (price === undefined) continue;
    before += p.costPerWear;
    after += price / (p.totalTimesWorn + 1);
  }
  const from = formatMoney(before, settings.currency, locale);
  const to = formatMoney(after, settings.currency, locale);
  if (before > 0 && from !== to) {
    reasons.push({
      kind: 'cost',
      text: `wearing these lowers their cost per wear from ${from} to ${to}`,
    });
  }
  return reasons;
}

/** The categories to add for the nearest template, or none when one can be made. */
function missingFor(present: ReadonlySet<Category>): Category[] {
  let best: Category[] | undefined;
  for (const template of OUTFIT_TEMPLATES) {
    const missing = template.filter((c) => !present.has(c));
    if (!best || missing.length < best.length) best = missing;
  }
  return [...(best ?? [])].sort((a, b) => categoryIndex(a) - categoryIndex(b));
}

/**
 * What the suggestions of a wardrobe read whatever the day and the seed: its closet pieces with
 * their stats and day-free scores, each slot's pieces in that order, and the pairings found so
 * far. Made by prepareSuggestions for one wardrobe, settings, rates and today; a caller may keep
 * it while none of those change (the server per wardrobe version, the app per wardrobe object)
 * and pass it to suggestOutfits, which then pays only for the day's ranking (docs/suggestions.md).
 */
export interface PreparedSuggestions {
  /** Today by the wear-day rule when it was made: stats and idle days are counted to it. */
  today: string;
  index: WearIndex;
  pieces: Map<string, SuggestionPiece>;
  /**
   * Each category's head, in the closet's order: its best PER_SLOT pieces by base and every
   * piece whose base is within W_SEED of the PER_SLOT-th (the only pieces a day's jitter can lift
   * into its best); a category with a piece has a head.
   */
  bySlot: Map<Category, SuggestionPiece[]>;
  present: Set<Category>;
  /** Pair scores and partner lists, which no day or seed changes: filled as searches reach them. */
  pairCache: Map<number, number>;
  partnerCache: Map<string, Pairing[]>;
}

/** Pair scores kept at most (a search reaches a few thousand): past it the cache starts over. */
const PAIR_CACHE_MAX = 200_000;

/** The days of a piece never worn. */
const NO_DAYS: readonly string[] = Object.freeze([]);

/**
 * Each piece's rank by cost per wear among the pieces that have one, the cheapest per wear 0 and
 * the dearest 1 (1 when only one has one), -1 for none: the ranks of sorting them by cost per
 * wear, then by id. The costs are sorted as numbers (natively, no comparison called back) and each
 * piece finds its place by binary search; only pieces of equal cost are ordered by id.
 */
function costRanks(closet: readonly SuggestionPiece[], costPerWear: Float64Array): Float64Array {
  const ranks = new Float64Array(closet.length).fill(-1);
  let m = 0;
  for (let i = 0; i < closet.length; i++) if (!Number.isNaN(costPerWear[i]!)) m += 1;
  const sorted = new Float64Array(m);
  m = 0;
  for (let i = 0; i < closet.length; i++) {
    const c = costPerWear[i]!;
    if (!Number.isNaN(c)) sorted[m++] = c;
  }
  sorted.sort();
  const rankOf = (at: number) => (m > 1 ? at / (m - 1) : 1);
  // Pieces of one cost, linked from the place of the first of them: ordered by id afterwards.
  let tied: Int32Array | undefined;
  let nextTied: Int32Array | undefined;
  for (let i = 0; i < closet.length; i++) {
    const c = costPerWear[i]!;
    if (Number.isNaN(c)) continue;
    let lo = 0;
    let hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < c) lo = mid + 1;
      else hi = mid;
    }
    if (lo + 1 < m && sorted[lo + 1] === c) {
      tied ??= new Int32Array(m).fill(-1);
      nextTied ??= new Int32Array(closet.length);
      nextTied[i] = tied[lo]!;
      tied[lo] = i;
    } else ranks[i] = rankOf(lo);
  }
  if (tied && nextTied) {
    const byId = (a: number, b: number) => (closet[a]!.item.id < closet[b]!.item.id ? -1 : 1);
    for (let at = 0; at < m; at++) {
      if (tied[at]! < 0) continue;
      const group: number[] = [];
      for (let i = tied[at]!; i >= 0; i = nextTied[i]!) group.push(i);
      group.sort(byId);
      for (let k = 0; k < group.length; k++) ranks[group[k]!] = rankOf(at + k);
    }
  }
  return ranks;
}

/**
 * The day-free part of suggestOutfits for a wardrobe at `now` (its closet, stats, scores and slot
 * orders). `stats` and `index`, when given, must be of the same wardrobe and moment.
 */
export function prepareSuggestions(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date,
  options: { rates?: RatesTable; index?: WearIndex; stats?: Map<string, ItemStats> } = {},
): PreparedSuggestions {
  const index = options.index ?? buildWearIndex(wardrobe, now);
  const rates = options.rates ?? BUNDLED_RATES;
  const today = index.today;
  const todayNumber = dayNumber(today);

  // The closet's pieces, numbered in the wardrobe's order, each slot's in that order too. The
  // stats and the base are set below, once read; the base starts as a number that is not a small
  // integer, so that setting it does not change every piece's layout in the engine.
  const list: SuggestionPiece[] = [];
  const pieces = new Map<string, SuggestionPiece>();
  const bySlot = new Map<Category, SuggestionPiece[]>();
  for (const item of index.items) {
    if (!isSuggestable(item)) continue;
    const piece: SuggestionPiece = {
      item,
      n: list.length,
      base: Number.NaN,
      idle: undefined,
      colour: item.colors?.[0] || undefined,
      totalTimesWorn: 0,
      lastWorn: undefined,
      costPerWear: undefined,
    };
    list.push(piece);
    pieces.set(item.id, piece);
    const slot = bySlot.get(item.category);
    if (slot) slot.push(piece);
    else bySlot.set(item.category, [piece]);
  }

  // Only the closet's pieces are read, and of their stats only what the score and the reasons
  // use (the same figures as item-stats' computeItemStats, without the whole wardrobe's). The
  // worn pieces' days come from the index's worn items (fewer than the closet's pieces).
  let worn: (readonly string[] | undefined)[] | undefined;
  if (options.stats === undefined) {
    worn = new Array<readonly string[] | undefined>(list.length);
    for (const [id, days] of index.itemDays) {
      const piece = pieces.get(id);
      if (piece !== undefined) worn[piece.n] = days;
    }
  }
  const priced = new Uint8Array(list.length);
  const costPerWear = new Float64Array(list.length).fill(NaN);
  for (let i = 0; i < list.length; i++) {
    const piece = list[i]!;
    const { item } = piece;
    const price = itemPriceIn(item, settings.currency, rates);
    if (price !== undefined) priced[i] = 1;
    const given = options.stats?.get(item.id);
    if (given !== undefined) {
      piece.totalTimesWorn = given.totalTimesWorn;
      piece.lastWorn = given.lastWorn;
      piece.costPerWear = given.costPerWear;
    } else {
      const days = worn ? (worn[i] ?? NO_DAYS) : daysOf(index.itemDays, item.id);
      const totalTimesWorn = days.length + (item.manualTimesWorn ?? 0);
      piece.totalTimesWorn = totalTimesWorn;
      piece.lastWorn = days[days.length - 1];
      if (price !== undefined && totalTimesWorn > 0) piece.costPerWear = price / totalTimesWorn;
    }
    if (piece.costPerWear !== undefined) costPerWear[i] = piece.costPerWear;
  }

  // Cost per wear as a rank among the closet's priced pieces: the dearest per wear first.
  const costRank = costRanks(list, costPerWear);
  for (let i = 0; i < list.length; i++) {
    const piece = list[i]!;
    const idle =
      piece.lastWorn === undefined
        ? undefined
        : Math.max(0, todayNumber - dayNumber(piece.lastWorn));
    // A priced piece never worn costs most per wear of all: its first wear matters most.
    const rank =
      costRank[i]! >= 0 ? costRank[i]! : priced[i] === 1 && piece.totalTimesWorn === 0 ? 1 : 0;
    piece.base = pieceBase(piece, idle, rank);
    piece.idle = idle;
  }
  // Of each slot only its head is kept: the pieces that may be among its best PER_SLOT on some
  // day (bestOfSlot). The rest is never read.
  for (const [slot, all] of bySlot) bySlot.set(slot, slotHead(all, PER_SLOT));
  return {
    today,
    index,
    pieces,
    bySlot,
    present: new Set<Category>(bySlot.keys()),
    pairCache: new Map(),
    partnerCache: new Map(),
  };
}

/**
 * Suggestions for a day: page `offset` of the ranked, varied outfits of the closet, each with
 * the reasons its numbers give. Bounded: each slot weighs its best PER_SLOT pieces (plus the
 * partners of what is chosen) in a beam of BEAM_WIDTH; of a slot only the pieces whose day-free
 * score is near its best are scored for the day, so with `prepared` the cost hardly grows with
 * the wardrobe.
 */
export function suggestOutfits(input: SuggestionsInput): SuggestionsResult {
  const { wardrobe, date } = input;
  const count = input.count ?? SUGGESTIONS_PER_PAGE;
  const offset = Math.max(0, Math.floor(input.offset ?? 0));
  const seed = `${input.seed}|${date}`;

  const pinItem = input.pin === undefined ? undefined : wardrobe.clothes[input.pin];
  const empty = (missing: Category[], pinUnavailable?: boolean): SuggestionsResult => ({
    date,
    offset,
    nextOffset: 0,
    suggestions: [],
    missing,
    ...(pinUnavailable ? { pinUnavailable } : {}),
  });
  if (input.pin !== undefined && (!pinItem || !isSuggestable(pinItem))) return empty([], true);

  const prepared =
    input.prepared ??
    prepareSuggestions(wardrobe, input.settings, input.now, {
      ...(input.rates ? { rates: input.rates } : {}),
      ...(input.index ? { index: input.index } : {}),
      ...(input.stats ? { stats: input.stats } : {}),
    });
  const { index, pieces, bySlot, present } = prepared;
  const today = prepared.today;

  const templates = OUTFIT_TEMPLATES.filter((t) => t.every((c) => present.has(c)));
  if (templates.length === 0) return empty(missingFor(present));

  if (prepared.pairCache.size > PAIR_CACHE_MAX) prepared.pairCache.clear();
  const ctx: Context = {
    pieces,
    index,
    pairCache: prepared.pairCache,
    partnerCache: prepared.partnerCache,
    scores: new Float64Array(pieces.size).fill(NaN),
    tried: new Int32Array(pieces.size),
    stamp: 0,
    seedState: hashOn(0x811c9dc5, `${seed}|`),
  };

  const pin = pinItem ? pieces.get(pinItem.id) : undefined;
  const pool: State[] = [];
  const best = new Map<Category, SuggestionPiece[]>();
  const bestOf = (slot: Category): SuggestionPiece[] => {
    let list = best.get(slot);
    if (list === undefined) {
      list = bestOfSlot(ctx, bySlot.get(slot) ?? [], PER_SLOT);
      best.set(slot, list);
    }
    return list;
  };
  for (const template of templates) {
    if (
      pin &&
      !template.includes(pin.item.category) &&
      !OPTIONAL_SLOTS.includes(pin.item.category) &&
      pin.item.category !== 'other'
    ) {
      continue;
    }
    const slots = [...template, ...OPTIONAL_SLOTS.filter((c) => present.has(c))];
    let beam: State[] = pin
      ? [{ ids: [pin.item.id], score: scoreOf(ctx, pin) }]
      : [{ ids: [], score: 0 }];
    for (const slot of slots) {
      if (pin && slot === pin.item.category) continue;
      beam = extend(ctx, beam, bestOf(slot), slot, BEAM_WIDTH);
    }
    pool.push(...beam);
  }

  // Worn together lately, or turned down: ranked lower, or left out.
  const recentFrom = addDays(date, -RECENT_COMBINATION_DAYS);
  const refused = new Set((input.feedback ?? []).filter((f) => f.until >= date).map((f) => f.key));
  const seen = new Set<string>();
  const ranked: State[] = [];
  for (const state of pool) {
    const key = suggestionKey(state.ids);
    if (seen.has(key) || refused.has(key)) continue;
    seen.add(key);
    const together = daysInCommon(state.ids.map((id) => daysOf(index.itemDays, id)));
    const last = together[together.length - 1];
    const score =
      last !== undefined && last >= recentFrom && last < date
        ? state.score - RECENT_PENALTY
        : state.score;
    ranked.push({ ids: state.ids, score });
  }
  ranked.sort(compareStates);

  // Varied: each next pick pays for the pieces it shares with those already picked.
  const picked: State[] = [];
  const usedCount = new Map<string, number>();
  const remaining = [...ranked];
  while (picked.length < SUGGESTION_POOL && remaining.length > 0) {
    let bestAt = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < remaining.length; i++) {
      const st = remaining[i]!;
      let overlap = 0;
      for (const id of st.ids) if (id !== pin?.item.id) overlap += usedCount.get(id) ?? 0;
      const s = st.score - 0.6 * overlap;
      if (s > bestScore) {
        bestScore = s;
        bestAt = i;
      }
    }
    const [chosen] = remaining.splice(bestAt, 1);
    picked.push(chosen!);
    for (const id of chosen!.ids) usedCount.set(id, (usedCount.get(id) ?? 0) + 1);
  }
  if (picked.length === 0) return empty([]);

  const start = offset % picked.length;
  const page = picked.slice(start, start + count);
  const nextOffset = start + count >= picked.length ? 0 : start + count;
  return {
    date,
    offset,
    nextOffset,
    missing: [],
    suggestions: page.map((st) => {
      const ids = [...st.ids].sort(
        (a, b) =>
          categoryIndex(pieces.get(a)!.item.category) - categoryIndex(pieces.get(b)!.item.category),
      );
      return { key: suggestionKey(ids), itemIds: ids, reasons: reasonsFor(ctx, ids, input, today) };
    }),
  };
}
