/**
 * Seeded generator of realistic wardrobes for benchmarks and load tests.
 *
 * `generateWardrobe` returns APP-SHAPED data (camelCase records, category 'full body', the
 * `WardrobeData` and `Settings` types of @hanger/domain). For the wire shape that `GET users`
 * answers (snake_case, 'full_body'), pass the result through `wardrobeToWire` / `settingsToWire`
 * from @hanger/domain, or call `generateWireWardrobe` below.
 *
 * The same seed always gives the same wardrobe. Distributions follow how people keep a closet:
 * mostly tops, bottoms and shoes; a few brands owning most items; prices spread over two orders
 * of magnitude; most calendar days with one outfit, some with loose items, a few planned ahead.
 */
import {
  CATEGORIES,
  addDays,
  dayKeyOf,
  defaultSettings,
  settingsToWire,
  wardrobeToWire,
  type CalendarEntry,
  type Category,
  type ClothingItem,
  type ItemStatus,
  type Outfit,
  type Settings,
  type Source,
  type WardrobeData,
  type WireSettings,
  type WireWardrobe,
} from '../packages/domain/src/index.js';

export interface GenerateOptions {
  /** Clothing items. */
  items: number;
  /** Outfits of 2 to 6 items each. */
  outfits: number;
  /** Calendar history in days, ending today. */
  days: number;
  seed?: number;
  /** The last day of the history; defaults to the day of `new Date()`. */
  today?: string;
  /**
   * Ids as the server makes them (random UUIDs, drawn from the seed: the same seed gives the same
   * ids) instead of readable `item-000123` ones. Readable ids compress far better than real ones,
   * so a benchmark of answer sizes must use these (docs/wardrobe-wire.md). The rest of the wardrobe
   * is the same either way.
   */
  uuidIds?: boolean;
}

/** A version 4 UUID from `random` (as crypto.randomUUID() shapes them). */
export function seededUuid(random: () => number): string {
  const hex = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += Math.floor(random() * 16).toString(16);
    return out;
  };
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
}

export interface GeneratedWardrobe {
  wardrobe: WardrobeData;
  settings: Settings;
  /** The day the calendar history ends on (a few planned days follow it). */
  today: string;
}

/** mulberry32: small, fast and good enough for test data. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function weighted<T>(random: Random, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of options) {
    r -= w;
    if (r < 0) return value;
  }
  return options[options.length - 1]![0];
}

function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const CATEGORY_WEIGHTS: readonly (readonly [Category, number])[] = [
  ['top', 30],
  ['bottom', 18],
  ['full body', 8],
  ['outerwear', 10],
  ['shoes', 14],
  ['bag', 6],
  ['accessory', 11],
  ['other', 3],
];

const SUBCATEGORIES: Record<Category, string[]> = {
  top: ['T-shirt', 'Shirt', 'Sweater', 'Blouse', 'Tank top'],
  bottom: ['Jeans', 'Trousers', 'Skirt', 'Shorts'],
  'full body': ['Dress', 'Jumpsuit'],
  outerwear: ['Coat', 'Jacket', 'Blazer'],
  shoes: ['Sneakers', 'Boots', 'Sandals', 'Loafers'],
  bag: ['Tote', 'Backpack', 'Crossbody'],
  accessory: ['Scarf', 'Belt', 'Hat', 'Jewellery'],
  other: [],
};

const BRANDS = [
  'Uniqlo',
  'Zara',
  'COS',
  'H&M',
  'Levi’s',
  'Arket',
  'Everlane',
  'Patagonia',
  'Nike',
  'Adidas',
  'Mango',
  'Massimo Dutti',
  'Vans',
  'Converse',
  'Birkenstock',
  'Dr. Martens',
  'Acne Studios',
  'A.P.C.',
  'Sézane',
  'Madewell',
  'J.Crew',
  'Gap',
  'Muji',
  'Weekday',
  '& Other Stories',
  'Ganni',
  'Filippa K',
  'Norse Projects',
  'Carhartt WIP',
  'New Balance',
  'Veja',
  'Eastpak',
  'Longchamp',
  'Barbour',
  'Fjällräven',
  'Ralph Lauren',
  'Lacoste',
  'Tommy Hilfiger',
  'Vintage',
  'Local maker',
];

const SOURCE_WEIGHTS: readonly (readonly [Source | undefined, number])[] = [
  ['bought new', 50],
  ['preloved', 20],
  ['gifted', 10],
  ['self made', 3],
  [undefined, 17],
];

const STATUS_WEIGHTS: readonly (readonly [ItemStatus | undefined, number])[] = [
  [undefined, 40],
  ['clothes', 40],
  ['archived', 10],
  ['wishlist', 6],
  ['loaned', 4],
];

/** Zipf-like: the first brands own most of the closet. */
function brand(random: Random): string | undefined {
  if (random() < 0.15) return undefined;
  const i = Math.floor(BRANDS.length * Math.pow(random(), 2.2));
  return BRANDS[Math.min(i, BRANDS.length - 1)];
}

/** Log-uniform between 5 and 400, with cents. */
function price(random: Random): number {
  return Math.round(Math.exp(Math.log(5) + random() * (Math.log(400) - Math.log(5))) * 100) / 100;
}

function settingsFor(random: Random): Settings {
  const settings = defaultSettings();
  let n = 0;
  for (const category of CATEGORIES) {
    settings.subcategories[category] = SUBCATEGORIES[category].map((name) => ({
      id: `sub-${category.replace(' ', '-')}-${n++}`,
      name,
    }));
  }
  settings.trackingStartDate = random() < 0.5 ? undefined : '2019-01-01';
  if (settings.trackingStartDate === undefined) delete settings.trackingStartDate;
  return settings;
}

function timestamp(day: string, random: Random): string {
  return `${day}T${String(int(random, 7, 22)).padStart(2, '0')}:${String(int(random, 0, 59)).padStart(2, '0')}:00.000Z`;
}

export function generateWardrobe(options: GenerateOptions): GeneratedWardrobe {
  const random = createRandom(options.seed ?? 42);
  // Ids from a random stream of their own, so that the wardrobe is the same with either kind.
  const idRandom = createRandom(((options.seed ?? 42) ^ 0x5eed1d5) >>> 0);
  const makeId = (kind: 'item' | 'outfit', i: number) =>
    options.uuidIds ? seededUuid(idRandom) : `${kind}-${String(i).padStart(6, '0')}`;
  const today = options.today ?? dayKeyOf(new Date());
  const first = addDays(today, -(options.days - 1));
  const settings = settingsFor(random);

  const clothes: Record<string, ClothingItem> = {};
  const byCategory = new Map<Category, string[]>();
  const ownedIds: string[] = [];
  for (let i = 0; i < options.items; i++) {
    const id = makeId('item', i);
    const category = weighted(random, CATEGORY_WEIGHTS);
    const subs = settings.subcategories[category];
    const status = weighted(random, STATUS_WEIGHTS);
    // Obtained up to a year before the history starts, created while the history runs.
    const obtained = addDays(today, -int(random, 0, options.days + 365));
    const created = addDays(first, int(random, 0, Math.max(0, options.days - 1)));
    const item: ClothingItem = {
      id,
      image: `users/bench/clothes/${id}.webp`,
      thumbnail: `users/bench/clothes/${id}.thumb.webp`,
      category,
      dateCreated: timestamp(created, random),
    };
    if (status !== undefined) item.status = status;
    if (subs.length > 0 && random() < 0.8) item.subCategoryId = pick(random, subs).id;
    const source = weighted(random, SOURCE_WEIGHTS);
    if (source !== undefined) item.source = source;
    const b = brand(random);
    if (b !== undefined) item.brand = b;
    if (random() < 0.75) item.dateObtained = obtained;
    if (random() < 0.85) {
      item.price = price(random);
      const currency = weighted(random, [
        ['USD', 85],
        ['EUR', 10],
        ['GBP', 5],
      ] as const);
      item.currency = currency;
      if (currency !== 'USD') item.convertedPrice = Math.round(item.price * 1.1 * 100) / 100;
    }
    if (status === 'archived') {
      item.dateArchived = addDays(item.dateObtained ?? created, int(random, 30, 900));
      if (item.dateArchived > today) item.dateArchived = today;
      if (random() < 0.3 && item.price !== undefined) {
        item.soldPrice = Math.round(item.price * 0.4 * 100) / 100;
        item.soldCurrency = item.currency ?? 'USD';
      }
    }
    if (random() < 0.2) item.manualTimesWorn = int(random, 1, 20);
    if (random() < 0.3) item.scale = Math.round((0.2 + random() * 0.5) * 1000) / 1000;
    clothes[id] = item;
    if (status !== 'wishlist') {
      ownedIds.push(id);
      const list = byCategory.get(category);
      if (list) list.push(id);
      else byCategory.set(category, [id]);
    }
  }

  const fromCategory = (category: Category): string | undefined => {
    const list = byCategory.get(category);
    return list && list.length > 0 ? pick(random, list) : undefined;
  };

  const outfits: Record<string, Outfit> = {};
  const outfitIds: string[] = [];
  for (let i = 0; i < options.outfits; i++) {
    const id = makeId('outfit', i);
    const size = int(random, 2, 6);
    const chosen = new Set<string>();
    // A base (top and bottom, or one full-body piece), then shoes and layers.
    const base =
      random() < 0.2 ? [fromCategory('full body')] : [fromCategory('top'), fromCategory('bottom')];
    for (const c of [...base, fromCategory('shoes')]) if (c) chosen.add(c);
    const extras: Category[] = ['outerwear', 'bag', 'accessory', 'top', 'accessory'];
    for (let tries = 0; chosen.size < size && tries < 20; tries++) {
      const c =
        fromCategory(pick(random, extras)) ??
        (ownedIds.length ? pick(random, ownedIds) : undefined);
      if (c) chosen.add(c);
    }
    while (chosen.size > size) chosen.delete([...chosen].pop()!);
    const created = addDays(first, int(random, 0, Math.max(0, options.days - 1)));
    const outfit: Outfit = {
      id,
      image: `users/bench/outfits/${id}.jpg`,
      thumbnail: `users/bench/outfits/${id}.thumb.jpg`,
      dateCreated: timestamp(created, random),
      canvasData: [...chosen].map((clothingId, k) => ({
        clothingId,
        x: 40 + ((k * 137) % 480),
        y: 40 + ((k * 211) % 760),
        scale: Math.round((0.25 + random() * 0.4) * 1000) / 1000,
        rotation: random() < 0.2 ? int(random, -20, 20) : 0,
      })),
    };
    const s = weighted(random, [
      [undefined, 70],
      ['outfits', 20],
      ['archived', 8],
      ['wishlist', 2],
    ] as const);
    if (s !== undefined) outfit.status = s;
    if (random() < 0.1) outfit.manualTimesWorn = int(random, 1, 10);
    outfits[id] = outfit;
    outfitIds.push(id);
  }

  const calendar: Record<string, CalendarEntry> = {};
  const plannedAhead = Math.min(14, Math.ceil(options.days / 100));
  for (let d = 0; d < options.days + plannedAhead; d++) {
    const day = addDays(first, d);
    if (random() > 0.7) continue;
    const entry: CalendarEntry = { clothes: [], outfits: [] };
    if (outfitIds.length > 0 && random() < 0.65) {
      entry.outfits.push(pick(random, outfitIds));
      if (random() < 0.08) entry.outfits.push(pick(random, outfitIds));
    }
    if (ownedIds.length > 0 && (entry.outfits.length === 0 || random() < 0.25)) {
      const n = int(random, 1, 3);
      for (let k = 0; k < n; k++) entry.clothes.push(pick(random, ownedIds));
    }
    entry.clothes = [...new Set(entry.clothes)];
    entry.outfits = [...new Set(entry.outfits)];
    if (random() < 0.3) entry.displayItem = entry.outfits[0] ?? entry.clothes[0];
    if (entry.displayItem === undefined) delete entry.displayItem;
    calendar[day] = entry;
  }

  return { wardrobe: { clothes, outfits, calendar }, settings, today };
}

/** The same wardrobe in the wire shape `GET users` / `GET users/settings` answer. */
export function generateWireWardrobe(options: GenerateOptions): {
  wardrobe: WireWardrobe;
  settings: WireSettings;
  today: string;
} {
  const { wardrobe, settings, today } = generateWardrobe(options);
  return { wardrobe: wardrobeToWire(wardrobe), settings: settingsToWire(settings), today };
}
