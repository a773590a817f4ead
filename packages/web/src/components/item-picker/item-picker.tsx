/**
 * ItemPicker: choosing clothing items from the wardrobe (docs/spec.md §2 "Item picker", §5, §9),
 * for the outfit composer's 'Add Clothes' and the calendar day picker's Items tab.
 *
 * Two ways to use it:
 *
 * 1. Standalone (the composer): the picker keeps the selection itself and is a full-screen
 *    screen of its own, with Back, the title, and a bottom bar 'Add {count}' once something is
 *    chosen. Give it a box to fill (e.g. a `fixed inset-0` layer); it scrolls inside it.
 *
 *      <ItemPicker exclude={onCanvas} onBack={close} onAdd={(ids) => place(ids)} />
 *
 * 2. Embedded, controlled (the calendar day picker, which has its own header and save bar):
 *    the caller owns the selection; no Back, no title, no bottom bar.
 *
 *      <ItemPicker selected={chosen} onToggle={toggle} exclude={onTheDay}
 *                  scrollElement={sheetRef} />
 *
 * Props:
 * - exclude?: ReadonlySet<string> — ids not offered (already on the canvas / on the day).
 * - onBack?: () => void — standalone: shows the Back button.
 * - onAdd?: (ids: string[]) => void — standalone: shows the 'Add {count}' bar; ids in the order
 *   they were tapped. The selection starts empty each time the picker opens.
 * - selected?: ReadonlySet<string> + onToggle?: (id) => void — embedded: controlled selection.
 *   When both are given they win over the picker's own selection and no bottom bar is shown.
 * - title?: string — standalone heading (default 'Add clothes').
 * - limit?: { room: number; notice: () => void } — standalone: at most `room` ids may be chosen;
 *   a tap on another one calls `notice` (which says why) instead of choosing it.
 * - scrollElement?: RefObject<HTMLElement | null> — embedded only: the element that scrolls
 *   around the picker when it is not the window. Standalone, the picker scrolls itself.
 *
 * Both ways show: category chips (All + the categories), a subcategory row (All, the category's
 * subcategories, None) only when the chosen category has subcategories — choosing a category
 * resets it — the sort with its direction, the Filters button with its dot (status 'in closet'
 * by default; the picker also offers loaned and wishlist), and a 3–7 column virtualized grid of
 * thumbnails where a tap toggles an item (dimmed with a check mark). Filters and sort persist
 * under the picker's own local key (picker-store.ts). Renders nothing without wardrobe data or
 * a signed-in user (docs/spec.md §2).
 */
import { collectionPieceIds, filterItems, withCategory, type ItemFilters } from '@hanger/domain';
import { ArrowLeft, CheckCheck, Shirt } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, IconButton } from '../button';
import { CATEGORY_CHIPS, ChipGroup, subcategoryChips } from '../chip-group';
import { EmptyState, EmptyWardrobe } from '../empty-state';
import { WardrobeBrowser } from '../wardrobe-browser';
import { loadCollections, useCollections } from '../../lib/stores/collections-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { usePickerPrefs } from './picker-store';

export interface ItemPickerProps {
  exclude?: ReadonlySet<string>;
  onBack?: () => void;
  onAdd?: (ids: string[]) => void;
  selected?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
  title?: string;
  scrollElement?: RefObject<HTMLElement | null>;
  limit?: { room: number; notice: () => void };
}

const NO_EXCLUDE: ReadonlySet<string> = new Set();

export function ItemPicker({
  exclude = NO_EXCLUDE,
  onBack,
  onAdd,
  selected,
  onToggle,
  title = 'Add clothes',
  scrollElement,
  limit,
}: ItemPickerProps) {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  const prefs = usePickerPrefs();
  const ownScroll = useRef<HTMLDivElement>(null);
  // The standalone picker's own choice, in the order of the taps.
  const [picked, setPicked] = useState<string[]>([]);
  const pickedSet = useMemo(() => new Set(picked), [picked]);
  // Standalone, the picker is a screen of its own: keyboard and screen-reader users start at its
  // heading instead of the page's top.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);

  const controlled = selected !== undefined && onToggle !== undefined;
  const selection = controlled
    ? { selected, onToggle }
    : {
        selected: pickedSet,
        onToggle: (id: string) => {
          if (pickedSet.has(id)) setPicked((list) => list.filter((x) => x !== id));
          else if (limit && picked.length >= limit.room) limit.notice();
          else setPicked((list) => [...list, id]);
        },
      };

  // The "Collection" filter (docs/collections.md): only the pieces of one collection.
  const collections = useCollections();
  const [collectionId, setCollectionId] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (collections === null) void loadCollections();
  }, [collections]);
  const chosenCollection = collections?.find((c) => c.id === collectionId);
  const limitedExclude = useMemo(() => {
    if (!chosenCollection || !data) return exclude;
    const pieces = new Set(collectionPieceIds(chosenCollection, data));
    const out = new Set(exclude);
    for (const id of Object.keys(data.clothes)) if (!pieces.has(id)) out.add(id);
    return out;
  }, [chosenCollection, data, exclude]);

  const { filters, setFilters, clearFilters } = prefs;
  const category = filters.category;
  const subs = category && settings ? (settings.subcategories[category] ?? []) : [];

  if (!data || !settings) return null;

  const chips = (
    <div className="flex flex-col gap-3">
      <ChipGroup
        layout="scroll"
        legend="Category"
        chips={CATEGORY_CHIPS}
        value={category}
        onChange={(c) => setFilters(withCategory(filters, c))}
      />
      {subs.length > 0 && (
        <ChipGroup
          layout="scroll"
          legend="Subcategory"
          size="sm"
          chips={subcategoryChips(subs)}
          value={filters.subCategory}
          onChange={(sub) => setFilters(withSubcategory(filters, sub))}
        />
      )}
      {collections && collections.length > 0 && (
        <ChipGroup
          layout="scroll"
          legend="Collection"
          size="sm"
          chips={[
            { value: undefined, label: 'Any collection' },
            ...collections.map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={chosenCollection?.id}
          onChange={setCollectionId}
        />
      )}
    </div>
  );

  const allItems = Object.values(data.clothes);
  const empty =
    allItems.length === 0 ? (
      <EmptyWardrobe
        icon={Shirt}
        title="No clothes to choose from yet"
        description="Add a few pieces to your closet first, then come back to put them together."
      />
    ) : filterItems(allItems, filters).length > 0 ? (
      <EmptyState
        icon={CheckCheck}
        title="All of these are added already"
        description="Every piece that matches has been chosen before. Try another category or filter."
      />
    ) : (
      <EmptyState
        icon={Shirt}
        title="Nothing here"
        description="No pieces with this status. Use Filters to look at archived, loaned or wishlist pieces."
      />
    );

  const browser = (scroll: RefObject<HTMLElement | null> | undefined) => (
    <WardrobeBrowser
      kind="items"
      filters={filters}
      onFiltersChange={setFilters}
      onClearFilters={clearFilters}
      sort={{
        option: prefs.sortOption,
        direction: prefs.sortDirection,
        onOptionChange: prefs.setSortOption,
        onDirectionChange: prefs.setSortDirection,
      }}
      statusOptions="picker"
      columns="picker"
      captions={false}
      selection={selection}
      exclude={limitedExclude}
      header={chips}
      empty={empty}
      label="Items to choose from"
      stickTo="top"
      scrollElement={scroll}
    />
  );

  if (controlled || !onAdd) return browser(scrollElement);

  const count = picked.length;
  return (
    <section aria-label={title} className="flex h-full flex-col bg-canvas">
      <header className="shrink-0 border-b border-line pt-safe">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 md:px-8">
          {onBack && (
            <IconButton
              label="Back"
              icon={<ArrowLeft className="size-5" />}
              onClick={onBack}
              className="-ml-2.5"
            />
          )}
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="truncate text-base font-semibold tracking-tight outline-none"
          >
            {title}
          </h2>
        </div>
      </header>
      <div ref={ownScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {browser(ownScroll)}
      </div>
      {count > 0 && (
        <div
          data-toast-floor="bar"
          className="shrink-0 border-t border-line bg-surface/95 pb-safe shadow-float backdrop-blur-md"
        >
          <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-3 px-4 md:px-8">
            <Button variant="ghost" className="-ml-3" onClick={() => setPicked([])}>
              Clear
            </Button>
            <Button size="lg" className="min-w-40" onClick={() => onAdd(picked)}>
              Add {count}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** The subcategory choice; undefined is 'All'. */
function withSubcategory(filters: ItemFilters, sub: string | undefined): ItemFilters {
  const { subCategory: _old, ...rest } = filters;
  return sub === undefined ? rest : { ...rest, subCategory: sub };
}
