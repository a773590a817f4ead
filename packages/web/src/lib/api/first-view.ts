import {
  PLAIN_ITEM_SORTS,
  isFirstScreenPath,
  itemFromWire,
  type ClothingItem,
  type ItemFilters,
  type ItemSortOption,
  type SortDirection,
  type WireItem,
} from '@hanger/domain';

/**
 * The first screen of /items, ahead of the whole wardrobe (docs/first-screen.md). A 10,000-item
 * answer takes the parse worker several hundred milliseconds of CPU to check with the schemas and
 * map, and the page some more to receive as a structured clone; the Items grid's first screen needs
 * a few dozen of those items. So the page names the view it is about to show (the saved sort, the
 * session's filters: stores/first-view.ts) and a small worker of its own (first-view.worker.ts,
 * no schema library, inlined in the app's code) reads the answer's items and sends back the
 * records that head that view, as they are on the wire; the page maps them as the whole answer's
 * records are mapped and the grid shows them. The whole answer is read once those are on screen
 * (api/parse-off-thread.ts).
 *
 * The records sent are an exact head of the view: every item that sorts before the last one sent
 * is among them, ties on the sort value included (the grid breaks ties by category, subcategory
 * and id, which needs the user's settings: the page sorts them with the domain's `sortItems`, so
 * the order is the one the whole wardrobe gives). Only sorts whose value is the item's own field
 * are served this way; the others (wear stats, price in the user's currency) wait for the whole.
 * The head is picked before the schema check: the fields the grid reads are checked one by one,
 * and should the whole answer then fail its check, the head is dropped with it.
 *
 * The web's side of the server-drawn first screen (docs/first-screen.md says where the server's
 * lives and how the paths that open on it are shared).
 */

/** Whether the page is opening on the Items tab (/ leads there: the domain's app-routes.ts). */
export function opensOnItemsTab(): boolean {
  return typeof location !== 'undefined' && isFirstScreenPath(location.pathname);
}

let drawnByServer: boolean | undefined;

/**
 * Whether the server drew the first screen into this page (#boot-shell[data-filled],
 * docs/first-screen.md). That screen stays up until the app's grid has the whole wardrobe, so no
 * head is read ahead for it: a second drawing of the same tiles would only cost the main thread a
 * render (docs/first-screen.md). Read once, while the page is starting (the drawn screen is removed
 * later).
 */
export function serverDrewFirstScreen(): boolean {
  drawnByServer ??=
    typeof document !== 'undefined' &&
    document.getElementById('boot-shell')?.hasAttribute('data-filled') === true;
  return drawnByServer;
}

/** What the Items grid is about to show. */
export interface FirstViewQuery {
  filters: ItemFilters;
  option: ItemSortOption;
  direction: SortDirection;
  /**
   * The user's locale, in which text (brands) sorts; absent when no settings are kept (the head
   * is then picked in English and serves no grid, which always has settings).
   */
  locale: string | undefined;
  /** At least this many records (the screen's tiles and the rows drawn beyond it). */
  count: number;
}

/** The records heading the view of `query`, in any order (the page sorts them). */
export interface FirstViewPreview {
  query: FirstViewQuery;
  clothes: ClothingItem[];
}

/**
 * Whether a head of the view can be picked without the user's settings or the items' stats: the
 * sorts whose value is the item's own field (the domain's PLAIN_ITEM_SORTS, which the worker's
 * pick reads too).
 */
export function firstViewSupported(option: ItemSortOption): boolean {
  return PLAIN_ITEM_SORTS.has(option);
}

const REQUIRED = new Set(['id', 'image', 'category', 'date_created']);

/** The schema's optional answer fields take "" (or spaces) for absent (schemas.ts answerField). */
export function withoutBlanks(wire: WireItem): WireItem {
  let copy: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(wire)) {
    if (typeof value !== 'string' || value.trim() !== '' || REQUIRED.has(key)) continue;
    copy ??= { ...wire };
    delete copy[key];
  }
  return (copy ?? wire) as WireItem;
}

/**
 * The head's records as the app holds them: mapped as the whole answer's are, on the page (the
 * mapper lives beside the schemas, which the first-view worker goes without).
 */
export function firstViewFromWire(query: FirstViewQuery, wires: WireItem[]): FirstViewPreview {
  return { query, clothes: wires.map((w) => itemFromWire(withoutBlanks(w))) };
}

/** Whether a preview was picked for the view about to be drawn, in the user's locale. */
export function previewServes(
  preview: FirstViewPreview,
  filters: ItemFilters,
  option: ItemSortOption,
  direction: SortDirection,
  locale: string,
): boolean {
  const q = preview.query;
  return (
    q.option === option &&
    q.direction === direction &&
    q.locale === locale &&
    sameFilters(q.filters, filters)
  );
}

function sameFilters(a: ItemFilters, b: ItemFilters): boolean {
  const keys: (keyof ItemFilters)[] = [
    'category',
    'subCategory',
    'source',
    'dateObtained',
    'status',
  ];
  return keys.every((k) => a[k] === b[k]);
}
