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
  /** The days it was worn (the wear index's), for its pairs. */
  days: readonly string[];
  colour: ColourName | undefined;
}

interface Context {
  prepared: PreparedSuggestions;
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
        if (other === id || closetItem(ctx.prepared, other) === undefined) continue;
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

/**
 * What a piece scores whatever the day: idle, least worn, dearest per wear. `costRank` is its
 * rank by cost per wear (costRanks), -1 for none: then a priced piece never worn ranks 1 (its
 * first wear matters most), any other 0.
 */
function pieceBase(
  totalTimesWorn: number,
  idle: number | undefined,
  costRank: number,
  priced: boolean,
): number {
  const rank = costRank >= 0 ? costRank : priced && totalTimesWorn === 0 ? 1 : 0;
  const idleShare = idle === undefined ? 1 : Math.min(idle, 60) / 60;
  const leastWorn = 1 / (1 + totalTimesWorn);
  return W_IDLE * idleShare + W_LEAST_WORN * leastWorn + W_COST * rank;
}

/** Days since `lastWorn` to today (by number), undefined when never worn. */
function idleDays(lastWorn: string | undefined, todayNumber: number): number | undefined {
  return lastWorn === undefined ? undefined : Math.max(0, todayNumber - dayNumber(lastWorn));
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
  const size = ctx.prepared.closetSize;
  const key = a.n < b.n ? a.n * size + b.n : b.n * size + a.n;
  let s = ctx.pairCache.get(key);
  if (s === undefined) {
    const days = a.days.length === 0 || b.days.length === 0 ? 0 : sharedDays(a.days, b.days);
    let shared = 0;
    for (const p of partnersOf(ctx, a.item.id)) {
      if (p.id === b.item.id) {
        shared = p.weight;
        break;
      }
    }
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
function bestOfSlot(ctx: Context, head: SlotHead, k: number): SuggestionPiece[] {
  const { closet, base } = ctx.prepared;
  const items = closet.closet;
  const n = head.length;
  // The same sum as scoreOf's, so a piece's score is the same whichever computes it.
  const scores = new Float64Array(n);
  // The jitter's hash (seedJitter) inlined: one loop that the engine optimises while it runs.
  const seedState = ctx.seedState;
  for (let i = 0; i < n; i++) {
    const at = head[i]!;
    const id = items[at]!.id;
    let h = seedState;
    for (let c = 0; c < id.length; c++) h = Math.imul(h ^ id.charCodeAt(c), 0x01000193);
    scores[i] = base[at]! + W_SEED * (((h >>> 0) % 10007) / 10007);
  }
  const cut = n <= k ? -Infinity : scores.slice().sort()[n - k]!;
  const top: SuggestionPiece[] = [];
  for (let i = 0; i < n; i++) {
    if (scores[i]! < cut) continue;
    const piece = pieceAt(ctx.prepared, head[i]!);
    ctx.scores[piece.n] = scores[i]!;
    top.push(piece);
  }
  top.sort((a, b) => byScore(ctx, a, b));
  if (top.length > k) top.length = k;
  return top;
}

/**
 * The pieces of a slot that bestOfSlot can pick among its best `k` on some day, in the slot's
 * order (`at`: their places in the closet, whose bases are given): the jitter adds less than
 * W_SEED to a base, so none of the day's best `k` has a base W_SEED or more below the k-th best
 * base. Only the bases are sorted (as numbers, natively), to find it.
 */
function slotHead(at: readonly number[], base: Float64Array, k: number): SlotHead {
  if (at.length <= k) return Int32Array.from(at);
  const bases = new Float64Array(at.length);
  for (let i = 0; i < at.length; i++) bases[i] = base[at[i]!]!;
  bases.sort();
  const line = bases[at.length - k]! - W_SEED - 1e-9;
  const kept: number[] = [];
  for (const i of at) if (base[i]! >= line) kept.push(i);
  return Int32Array.from(kept);
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
    const chosen = state.ids.map((id) => ctx.prepared.pieces.get(id)!);
    const reach = chosen.length * MAX_PAIR + 1e-9;
    if (next.length >= width && state.score + top + reach < next[width - 1]!.score) break;
    // The partners of chosen pieces join the slot's best, so that known pairings are weighed:
    // the candidates are the options, then these.
    const partners: SuggestionPiece[] = [];
    for (const c of chosen) {
      let n = 0;
      // partnersOf lists closet pieces only.
      for (const p of partnersOf(ctx, c.item.id)) {
        if (n >= PARTNERS_PER_SLOT) break;
        const item = ctx.prepared.clothes[p.id]!;
        if (item.category === slot) {
          partners.push(pieceOf(ctx.prepared, item));
          n += 1;
        }
      }
    }
    const chosenRows = chosen.map(rowOf);
    // A piece met again among the candidates (a partner of two, or one of the options) is tried
    // once: marked with this state's stamp.
    const stamp = ++ctx.stamp;
    const candidates = options.length + partners.length;
    for (let j = 0; j < candidates; j++) {
      const piece = j < options.length ? options[j]! : partners[j - options.length]!;
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
      const a = pieceName(ctx.prepared.pieces.get(best.a)!.item, settings);
      const b = pieceName(ctx.prepared.pieces.get(best.b)!.item, settings);
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
    const p = ctx.prepared.pieces.get(id)!;
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
    const p = ctx.prepared.pieces.get(id)!;
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
 * What the suggestions of a wardrobe read whatever the day and the seed: each slot's head (the
 * closet pieces a day can rank among its best, with their day-free scores), what a closet piece's
 * stats and score are made of, and the pieces and pairings reached so far. Made by
 * prepareSuggestions for one wardrobe, settings, rates and today; a caller may keep it while
 * none of those change (the server per wardrobe version, the app per wardrobe object) and pass it
 * to suggestOutfits, which then pays only for the day's ranking (docs/suggestions.md).
 */
export interface PreparedSuggestions {
  /** Today by the wear-day rule when it was made: stats and idle days are counted to it. */
  today: string;
  index: WearIndex;
  /** The wardrobe's items by id. */
  clothes: Readonly<Record<string, ClothingItem>>;
  /** How many closet pieces there are: every piece's `n` is below it. */
  closetSize: number;
  /**
   * The pieces made so far, by id: a piece is made (pieceOf) when a search first reaches it,
   * from the figures below, so that a large closet does not pay for a record per piece.
   */
  pieces: Map<string, SuggestionPiece>;
  /**
   * Each category's head, in the closet's order: its best PER_SLOT pieces by base and every
   * piece whose base is within W_SEED of the PER_SLOT-th (the only pieces a day's jitter can lift
   * into its best); a category with a piece has a head.
   */
  bySlot: Map<Category, SlotHead>;
  present: Set<Category>;
  /** Pair scores and partner lists, which no day or seed changes: filled as searches reach them. */
  pairCache: Map<number, number>;
  partnerCache: Map<string, Pairing[]>;
  /** The closet's items and the figures of their stats, by place, and each one's base. */
  closet: ClosetFigures;
  base: Float64Array;
  /** What pieceOf reads for a piece outside the heads: the costs ranked, the stats' sources. */
  costs: CostRanking;
  currency: string;
  rates: RatesTable;
  stats: Map<string, ItemStats> | undefined;
  todayNumber: number;
}

/** A slot's head: its pieces' places in the closet (PreparedSuggestions.closet), in order. */
export type SlotHead = Int32Array;

const NO_HEAD: SlotHead = new Int32Array(0);

/** Pair scores kept at most (a search reaches a few thousand): past it the cache starts over. */
const PAIR_CACHE_MAX = 200_000;

/** The closet item of an id (in the wardrobe, status `clothes`), else undefined. */
function closetItem(prepared: PreparedSuggestions, id: string): ClothingItem | undefined {
  if (!Object.hasOwn(prepared.clothes, id)) return undefined;
  const item = prepared.clothes[id]!;
  return isSuggestable(item) ? item : undefined;
}

/**
 * What the score and the reasons read of closet pieces' stats (the same figures as item-stats'
 * computeItemStats, without the whole wardrobe's), by place among the closet items of `items`:
 * from the stats given, else from the worn days. Numbers in typed arrays, no record per piece.
 * The preparation reads the whole closet with it, pieceOf one piece.
 */
interface ClosetFigures {
  closet: ClothingItem[];
  totalTimesWorn: Float64Array;
  lastWorn: (string | undefined)[];
  /** NaN for none. */
  costPerWear: Float64Array;
  priced: Uint8Array;
}

function readCloset(
  items: readonly ClothingItem[],
  itemDays: ReadonlyMap<string, readonly string[]>,
  currency: string,
  rates: RatesTable,
  stats: Map<string, ItemStats> | undefined,
  /** Filled with each category's places, in order. */
  slots?: Map<Category, number[]>,
): ClosetFigures {
  const closet: ClothingItem[] = [];
  const totalTimesWorn = new Float64Array(items.length);
  const lastWorn: (string | undefined)[] = [];
  const costPerWear = new Float64Array(items.length);
  const priced = new Uint8Array(items.length);
  // The figures are computed in the loop, not by a function per piece: on a fresh page the loop
  // runs before the engine has optimised anything, and a call costs there.
  for (const item of items) {
    if (!isSuggestable(item)) continue;
    const i = closet.length;
    closet.push(item);
    if (slots) {
      const slot = slots.get(item.category);
      if (slot) slot.push(i);
      else slots.set(item.category, [i]);
    }
    const price = itemPriceIn(item, currency, rates);
    if (price !== undefined) priced[i] = 1;
    const given = stats?.get(item.id);
    if (given !== undefined) {
      totalTimesWorn[i] = given.totalTimesWorn;
      lastWorn.push(given.lastWorn);
      costPerWear[i] = given.costPerWear ?? Number.NaN;
    } else {
      const days = itemDays.get(item.id);
      const times = (days === undefined ? 0 : days.length) + (item.manualTimesWorn ?? 0);
      totalTimesWorn[i] = times;
      lastWorn.push(days === undefined ? undefined : days[days.length - 1]);
      costPerWear[i] = price !== undefined && times > 0 ? price / times : Number.NaN;
    }
  }
  return { closet, totalTimesWorn, lastWorn, costPerWear, priced };
}

/**
 * The closet's costs per wear ranked (costRanks): sorted as numbers, and the ids of pieces that
 * share a cost, by id, under that cost: what a piece's rank is read from (costRankOf).
 */
interface CostRanking {
  sorted: Float64Array;
  ties: Map<number, string[]>;
}

/** A rank from a place among the sorted costs: the cheapest per wear 0, the dearest 1. */
function rankAt(costs: CostRanking, at: number): number {
  const m = costs.sorted.length;
  return m > 1 ? at / (m - 1) : 1;
}

/** The first place in `sorted` whose cost is not below `c`. */
function lowerBound(sorted: Float64Array, c: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < c) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One piece's rank by cost per wear (NaN: none, -1), as costRanks gives it. */
function costRankOf(costs: CostRanking, cost: number, id: string): number {
  if (Number.isNaN(cost)) return -1;
  const at = lowerBound(costs.sorted, cost);
  const tied = costs.ties.get(cost);
  return rankAt(costs, tied === undefined ? at : at + tied.indexOf(id));
}

/**
 * Each piece's rank by cost per wear among the pieces that have one (NaN: none, rank -1): the
 * ranks of sorting them by cost per wear, then by id. The costs are sorted as numbers (natively,
 * no comparison called back) and each piece finds its place by binary search; only pieces of
 * equal cost are ordered by id.
 */
function costRanks(
  closet: readonly ClothingItem[],
  costPerWear: Float64Array,
): { ranks: Float64Array; costs: CostRanking } {
  const n = closet.length;
  const ranks = new Float64Array(n).fill(-1);
  let m = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(costPerWear[i]!)) m += 1;
  const sorted = new Float64Array(m);
  m = 0;
  for (let i = 0; i < n; i++) {
    const c = costPerWear[i]!;
    if (!Number.isNaN(c)) sorted[m++] = c;
  }
  sorted.sort();
  const costs: CostRanking = { sorted, ties: new Map() };
  // Pieces of one cost, listed under the place of the first of them: ordered by id afterwards.
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const c = costPerWear[i]!;
    if (Number.isNaN(c)) continue;
    // lowerBound, inlined: the loop is optimised while it runs, a call per piece is not.
    let at = 0;
    let hi = m;
    while (at < hi) {
      const mid = (at + hi) >>> 1;
      if (sorted[mid]! < c) at = mid + 1;
      else hi = mid;
    }
    if (at + 1 < m && sorted[at + 1] === c) {
      const group = groups.get(at);
      if (group) group.push(i);
      else groups.set(at, [i]);
    } else ranks[i] = rankAt(costs, at);
  }
  for (const [at, group] of groups) {
    const ids = group.map((i) => closet[i]!.id).sort();
    costs.ties.set(sorted[at]!, ids);
    for (const i of group) ranks[i] = rankAt(costs, at + ids.indexOf(closet[i]!.id));
  }
  return { ranks, costs };
}

/** A closet item's piece: the one made already, else made now (numbered in the order made). */
function pieceOf(prepared: PreparedSuggestions, item: ClothingItem): SuggestionPiece {
  const piece = prepared.pieces.get(item.id);
  if (piece !== undefined) return piece;
  // Outside the heads (a partner, a pin): its figures read again, its rank found among the costs.
  const { index, currency, rates, stats } = prepared;
  const f = readCloset([item], index.itemDays, currency, rates, stats);
  const idle = idleDays(f.lastWorn[0], prepared.todayNumber);
  const rank = costRankOf(prepared.costs, f.costPerWear[0]!, item.id);
  return makePiece(prepared, f, 0, pieceBase(f.totalTimesWorn[0]!, idle, rank, f.priced[0] === 1));
}

/** The piece of the closet's place `at`: the one made already, else made now. */
function pieceAt(prepared: PreparedSuggestions, at: number): SuggestionPiece {
  const { closet } = prepared;
  const piece = prepared.pieces.get(closet.closet[at]!.id);
  return piece ?? makePiece(prepared, closet, at, prepared.base[at]!);
}

function makePiece(
  prepared: PreparedSuggestions,
  f: ClosetFigures,
  at: number,
  base: number,
): SuggestionPiece {
  const item = f.closet[at]!;
  const costPerWear = f.costPerWear[at]!;
  const piece: SuggestionPiece = {
    item,
    n: prepared.pieces.size,
    base,
    idle: idleDays(f.lastWorn[at], prepared.todayNumber),
    days: daysOf(prepared.index.itemDays, item.id),
    colour: item.colors?.[0] || undefined,
    totalTimesWorn: f.totalTimesWorn[at]!,
    lastWorn: f.lastWorn[at],
    costPerWear: Number.isNaN(costPerWear) ? undefined : costPerWear,
  };
  prepared.pieces.set(item.id, piece);
  return piece;
}

/**
 * The day-free part of suggestOutfits for a wardrobe at `now` (each slot's head, and what the
 * pieces are made from). `stats` and `index`, when given, must be of the same wardrobe and moment.
 */
export function prepareSuggestions(
  wardrobe: WardrobeData,
  settings: Settings,
  now: Date,
  options: { rates?: RatesTable; index?: WearIndex; stats?: Map<string, ItemStats> } = {},
): PreparedSuggestions {
  const index = options.index ?? buildWearIndex(wardrobe, now);
  const rates = options.rates ?? BUNDLED_RATES;
  const { stats } = options;
  const { itemDays, items } = index;
  const today = index.today;
  const todayNumber = dayNumber(today);
  // One pass over the closet's items, in the wardrobe's order, keeping only numbers per piece
  // (no record: pieceOf makes one for the pieces a search reaches); each slot's places in order.
  const slots = new Map<Category, number[]>();
  const f = readCloset(items, itemDays, settings.currency, rates, stats, slots);
  const { closet } = f;
  const { ranks, costs } = costRanks(closet, f.costPerWear.subarray(0, closet.length));
  const base = new Float64Array(closet.length);
  for (let i = 0; i < closet.length; i++) {
    const idle = idleDays(f.lastWorn[i], todayNumber);
    base[i] = pieceBase(f.totalTimesWorn[i]!, idle, ranks[i]!, f.priced[i] === 1);
  }
  // Of each slot only its head is kept: the pieces that may be among its best PER_SLOT on some
  // day (bestOfSlot). The rest is never read.
  const bySlot = new Map<Category, SlotHead>();
  for (const [slot, at] of slots) bySlot.set(slot, slotHead(at, base, PER_SLOT));
  return {
    today,
    index,
    clothes: wardrobe.clothes,
    closetSize: closet.length,
    pieces: new Map(),
    bySlot,
    present: new Set<Category>(bySlot.keys()),
    pairCache: new Map(),
    partnerCache: new Map(),
    closet: f,
    base,
    costs,
    currency: settings.currency,
    rates,
    stats,
    todayNumber,
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
  const size = prepared.closetSize;
  const today = prepared.today;

  const templates = OUTFIT_TEMPLATES.filter((t) => t.every((c) => present.has(c)));
  if (templates.length === 0) return empty(missingFor(present));

  if (prepared.pairCache.size > PAIR_CACHE_MAX) prepared.pairCache.clear();
  const ctx: Context = {
    prepared,
    index,
    pairCache: prepared.pairCache,
    partnerCache: prepared.partnerCache,
    scores: new Float64Array(size).fill(NaN),
    tried: new Int32Array(size),
    stamp: 0,
    seedState: hashOn(0x811c9dc5, `${seed}|`),
  };

  const pinned = input.pin === undefined ? undefined : closetItem(prepared, input.pin);
  const pin = pinned ? pieceOf(prepared, pinned) : undefined;
  const pool: State[] = [];
  const best = new Map<Category, SuggestionPiece[]>();
  const bestOf = (slot: Category): SuggestionPiece[] => {
    let list = best.get(slot);
    if (list === undefined) {
      list = bestOfSlot(ctx, bySlot.get(slot) ?? NO_HEAD, PER_SLOT);
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
