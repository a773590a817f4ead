/**
 * WardrobeBrowser: the one browser for items and outfits. The Items tab, the wishlist and loaned
 * screens and the Outfits tab are built on it, and so are the pickers' grids (the composer's item
 * picker, the calendar day picker's Items and Outfits tabs). It draws the sort bar, the filter
 * panel, the loading / no-match / empty states and a virtualized grid of thumbnails (2,000+
 * records scroll smoothly: only the rows near the screen are in the DOM).
 *
 *   <WardrobeBrowser kind="items" filters={f} onFiltersChange={setF} onClearFilters={reset}
 *                    addLabel="Add item" />
 *
 * Props (`kind` and the three filter props are required, the rest optional):
 * - kind: 'items' (square tiles) | 'outfits' (2:3 tiles).
 * - filters, onFiltersChange, onClearFilters: the view's ItemFilters / OutfitFilters, controlled:
 *   the caller keeps them (the tabs in the session filter stores, a picker under its own key).
 * - sort: { option, direction, onOptionChange, onDirectionChange }. Default: the user's saved
 *   sort for the kind (ui-prefs-store); pass one to keep a picker's sort apart.
 * - columns: 'saved' (default: the user's Grid Columns preference 2-10, responsive 2/3/4/5 while
 *   auto; items also get the more-options menu with the slider) | 'picker' (3 on phones up to 7
 *   on very wide screens, no menu) | (viewportWidth) => number.
 * - selection: { selected: ReadonlySet<string>; onToggle(id) }. Selection mode: tapping a tile
 *   toggles it instead of opening it; tiles are buttons with aria-pressed, and chosen ones are
 *   dimmed under a check mark. The caller owns the set.
 * - exclude: ReadonlySet<string> of ids left out of the grid (already picked, already on the day).
 * - scope (items only): 'closet' (default, with the status filter) | 'wishlist' | 'loaned' (the
 *   screen is that status; the status filter is not offered).
 * - statusOptions (items only): 'items' (default: in closet, archived) | 'picker' (adds loaned
 *   and wishlist, docs/spec.md §9).
 * - addLabel: the plus button's name; it links to the relative route 'upload'. Omit for none.
 * - header: shown above the sort bar (a title, a back button, a picker's category chips).
 * - empty: shown when nothing is there to browse at all; default: the tab's empty state with its
 *   link to 'upload' (a picker should pass its own).
 * - captions: false to hide the sort value under the tiles (default: shown under 5 columns).
 * - label: the grid's accessible name (default 'Items' / 'Outfits').
 * - stickTo: 'shell' (default: the sort bar sticks under the app's top bar) | 'top' (full-screen
 *   flows outside the shell).
 * - scrollElement: a ref to the element that scrolls when it is not the window (a picker inside a
 *   scrolling overlay); the grid virtualizes against it.
 * - selectable: Select mode (docs/select-many.md): a Select button in the sort bar, a long press
 *   on a tile (phones) or its hover checkbox (desktop) starts it; shift-click takes a range; the
 *   select bar (loaded when first needed) replaces the sort bar with "n selected" and the
 *   actions. Not with `selection` (a picker owns its own).
 */
import {
  ITEM_SORT_OPTIONS,
  OUTFIT_SORT_OPTIONS,
  filterItems,
  filterOutfits,
  filterPickerItems,
  hasActiveItemFilters,
  hasActiveOutfitFilters,
  itemSortNeedsStats,
  outfitSortCaption,
  pickerGridCols,
  sortCaption,
  sortItems,
  sortOutfits,
  itemTileLabel,
  type ClothingItem,
  type ItemFilters,
  type ItemStats,
  type ItemSortOption,
  type Outfit,
  type OutfitFilters,
  type OutfitSortOption,
  type SortDirection,
} from '@hanger/domain';
import { Handshake, Heart, Layers, Shirt, type LucideIcon } from 'lucide-react';
import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useMemo,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { previewServes } from '../lib/api/first-view';
import { useFirstViewStore } from '../lib/stores/first-view';
import { useSessionStore } from '../lib/stores/session-store';
import { useUiPrefsStore } from '../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { useSelectMode, type GridSelection } from '../lib/use-select-mode';
import { useItemStats, useOutfitStats } from '../lib/use-wardrobe-stats';
import { AddLink, EmptyState, EmptyWardrobe, NoFilterMatches } from './empty-state';
import { LazyItemFilterPanel, LazyOutfitFilterPanel } from './filter-panel-lazy';
import { useGridColumns, useViewportWidth } from './grid-columns';
import type { GridColumnsMenuProps } from './grid-columns-menu';
import { SortBar } from './sort-bar';
import { WardrobeGrid, type GridRecord, type TileShape } from './wardrobe-grid';
import { WardrobeLoading } from './wardrobe-loading';

/** The select bar and its actions: loaded when Select mode first starts, never in the first load. */
const SelectBar = lazy(() => import('./select-bar'));

/** 'closet' is the Items tab, with its status filter; a group shows only items of that status. */
export type ItemScope = 'closet' | 'wishlist' | 'loaned';

/** A view's sort, controlled by whoever keeps it. */
export interface SortState<O extends string> {
  option: O;
  direction: SortDirection;
  onOptionChange: (option: O) => void;
  onDirectionChange: (direction: SortDirection) => void;
}

export type BrowserColumns = 'saved' | 'picker' | ((viewportWidth: number) => number);

export type BrowserSelection = GridSelection;

interface SharedProps {
  columns?: BrowserColumns;
  selection?: BrowserSelection;
  exclude?: ReadonlySet<string>;
  addLabel?: string;
  header?: ReactNode;
  empty?: ReactNode;
  captions?: boolean;
  label?: string;
  stickTo?: 'shell' | 'top';
  scrollElement?: RefObject<HTMLElement | null>;
  selectable?: boolean;
}

export interface ItemsBrowserProps extends SharedProps {
  kind: 'items';
  filters: ItemFilters;
  onFiltersChange: (filters: ItemFilters) => void;
  onClearFilters: () => void;
  sort?: SortState<ItemSortOption>;
  scope?: ItemScope;
  statusOptions?: 'items' | 'picker';
}

export interface OutfitsBrowserProps extends SharedProps {
  kind: 'outfits';
  filters: OutfitFilters;
  onFiltersChange: (filters: OutfitFilters) => void;
  onClearFilters: () => void;
  sort?: SortState<OutfitSortOption>;
}

export type WardrobeBrowserProps = ItemsBrowserProps | OutfitsBrowserProps;

export function WardrobeBrowser(props: WardrobeBrowserProps) {
  return props.kind === 'items' ? <ItemsBrowser {...props} /> : <OutfitsBrowser {...props} />;
}

// Items ------------------------------------------------------------------------------------------

interface EmptyCopy {
  icon: LucideIcon;
  title: string;
  description: string;
  action: string;
}

/** What an empty screen says, so a new user knows what to do next. */
const EMPTY_ITEMS: Record<ItemScope, EmptyCopy> = {
  closet: {
    icon: Shirt,
    title: 'Your closet is empty',
    description:
      'Photograph a favourite piece to start. Add the rest whenever you have a minute — a few at a time is fine.',
    action: 'Add your first item',
  },
  wishlist: {
    icon: Heart,
    title: 'Your wishlist is empty',
    description:
      "Save pieces you're considering. Seeing them beside what you already own makes it easier to decide.",
    action: 'Add a piece you want',
  },
  loaned: {
    icon: Handshake,
    title: 'Nothing on loan',
    description: 'When you lend something out, add it here so you always know where it is.',
    action: 'Add something you lent',
  },
};

/** The closet is empty but other items exist (archived, wishlist, loaned). */
const CLOSET_EMPTY_WITH_OTHERS: EmptyCopy = {
  icon: Shirt,
  title: 'Nothing in your closet right now',
  description:
    'Archived, wishlist and loaned pieces live elsewhere. Add what you wear now, or look under the archived filter.',
  action: 'Add an item',
};

/**
 * The wardrobe as the browsers show it: a new wardrobe (the whole answer arriving, a sync) is drawn
 * in a deferred render, which React may split and interrupt, after the store's synchronous update
 * has been handled (docs/performance.md: the arrival of a 1,000-item wardrobe was one long task of
 * filtering, sorting and mounting the grid). At start-up the browsers mount inside the screens' own
 * deferred render (RequireAuth, startup-render.ts), so a stored copy is drawn in that one.
 */
function useWardrobeData() {
  return useDeferredValue(useWardrobeStore((s) => s.data));
}

/** What a sort that does not read stats is given instead of them. */
const NO_ITEM_STATS: ReadonlyMap<string, ItemStats> = new Map();

function useSavedItemSort(): SortState<ItemSortOption> {
  const option = useUiPrefsStore((s) => s.itemSortOption);
  const direction = useUiPrefsStore((s) => s.itemSortDirection);
  const setSort = useUiPrefsStore((s) => s.setItemSort);
  const onDirectionChange = useUiPrefsStore((s) => s.setItemSortDirection);
  return { option, direction, onOptionChange: (o) => setSort(o), onDirectionChange };
}

function ItemsBrowser({
  filters,
  onFiltersChange,
  onClearFilters,
  sort,
  scope = 'closet',
  statusOptions = 'items',
  exclude,
  columns = 'saved',
  ...shared
}: ItemsBrowserProps) {
  const data = useWardrobeData();
  const settings = useSessionStore((s) => s.user?.settings);
  const saved = useSavedItemSort();
  const { option, direction } = sort ?? saved;
  // The default sort (Date Created) and the other item-only sorts neither order nor caption by
  // stats: the first screen does not wait for every item's wear history to be computed.
  const needsStats = itemSortNeedsStats(option);
  const computedStats = useItemStats(needsStats);
  const stats = needsStats ? computedStats : NO_ITEM_STATS;
  const gridCols = useUiPrefsStore((s) => s.itemGridCols);
  const setGridCols = useUiPrefsStore((s) => s.setItemGridCols);
  const grid = useBrowserColumns(columns, gridCols, setGridCols);

  const groupScreen = scope !== 'closet';
  // A group is its status: the status filter is replaced by it, not offered (docs/spec.md §2).
  const effective = useMemo<ItemFilters>(
    () => (groupScreen ? { ...filters, status: scope } : filters),
    [filters, groupScreen, scope],
  );

  // Before the wardrobe is in on a first load: the head of this view, read ahead of the rest
  // (lib/stores/first-view.ts), when it was picked for this very view (the Items tab as opened).
  const preview = useFirstViewStore((s) =>
    data || sort || exclude || groupScreen ? null : s.preview,
  );

  const items = useMemo(() => {
    if (
      !data &&
      preview &&
      settings &&
      previewServes(preview, effective, option, direction, settings.locale)
    )
      return sortItems(filterItems(preview.clothes, effective), option, direction, NO_ITEM_STATS, {
        settings,
      });
    if (!data || !settings || !stats) return null;
    const all = Object.values(data.clothes);
    const kept = exclude ? filterPickerItems(all, effective, exclude) : filterItems(all, effective);
    return sortItems(kept, option, direction, stats, { settings });
  }, [data, preview, settings, stats, effective, exclude, option, direction]);

  const caption = useCallback(
    (item: ClothingItem) =>
      stats && settings ? sortCaption(option, item, stats.get(item.id), { settings }) : '',
    [option, stats, settings],
  );
  const tileLabel = useCallback(
    (item: ClothingItem) => (settings ? itemTileLabel(item, settings) : item.category),
    [settings],
  );

  const copy =
    scope === 'closet' && data && Object.keys(data.clothes).length > 0
      ? CLOSET_EMPTY_WITH_OTHERS
      : EMPTY_ITEMS[scope];

  return (
    <BrowserFrame
      {...shared}
      kind="clothes"
      shape="square"
      records={settings ? items : null}
      gridLabel="Items"
      loadingLabel="Loading your items"
      sortOptions={ITEM_SORT_OPTIONS}
      sort={sort ?? saved}
      filtersActive={hasActiveItemFilters(filters, groupScreen)}
      onClearFilters={onClearFilters}
      noMatch={{
        title: 'No items match these filters',
        description: 'Try a different combination, or clear the filters to see everything again.',
      }}
      defaultEmpty={
        <EmptyState
          icon={copy.icon}
          title={copy.title}
          description={copy.description}
          action={<AddLink to="upload">{copy.action}</AddLink>}
        />
      }
      cols={grid.cols}
      // The Grid Columns menu is the Items view's only (docs/spec.md §2).
      columnsMenu={grid.menu}
      tileLabel={tileLabel}
      caption={caption}
      filterPanel={(open, onClose) =>
        settings && (
          <LazyItemFilterPanel
            open={open}
            onClose={onClose}
            filters={filters}
            onChange={onFiltersChange}
            onClearAll={onClearFilters}
            subcategories={settings.subcategories}
            showStatus={!groupScreen}
            statusOptions={statusOptions}
            resultCount={items?.length ?? 0}
          />
        )
      }
    />
  );
}

// Outfits ----------------------------------------------------------------------------------------

function outfitLabel(numItems: number | undefined): string {
  if (numItems === undefined) return 'Outfit';
  return `Outfit with ${numItems} ${numItems === 1 ? 'item' : 'items'}`;
}

function useSavedOutfitSort(): SortState<OutfitSortOption> {
  const option = useUiPrefsStore((s) => s.outfitSortOption);
  const direction = useUiPrefsStore((s) => s.outfitSortDirection);
  const setSort = useUiPrefsStore((s) => s.setOutfitSort);
  const onDirectionChange = useUiPrefsStore((s) => s.setOutfitSortDirection);
  return { option, direction, onOptionChange: (o) => setSort(o), onDirectionChange };
}

function OutfitsBrowser({
  filters,
  onFiltersChange,
  onClearFilters,
  sort,
  exclude,
  columns = 'saved',
  ...shared
}: OutfitsBrowserProps) {
  const data = useWardrobeData();
  const settings = useSessionStore((s) => s.user?.settings);
  const stats = useOutfitStats();
  const saved = useSavedOutfitSort();
  const { option, direction } = sort ?? saved;
  const gridCols = useUiPrefsStore((s) => s.outfitGridCols);
  const grid = useBrowserColumns(columns, gridCols);

  const outfits = useMemo(() => {
    if (!data || !stats) return null;
    return sortOutfits(
      filterOutfits(Object.values(data.outfits), filters, stats, exclude, data.clothes),
      option,
      direction,
      stats,
    );
  }, [data, stats, filters, exclude, option, direction]);

  const caption = useCallback(
    (outfit: Outfit) =>
      stats && settings ? outfitSortCaption(option, outfit, stats.get(outfit.id), settings) : '',
    [option, stats, settings],
  );
  const tileLabel = useCallback(
    (outfit: Outfit) => outfitLabel(stats?.get(outfit.id)?.numItems),
    [stats],
  );

  const hasItems = data ? Object.keys(data.clothes).length > 0 : false;
  const hasOutfits = data ? Object.keys(data.outfits).length > 0 : false;

  return (
    <BrowserFrame
      {...shared}
      kind="outfits"
      shape="portrait"
      records={settings ? outfits : null}
      gridLabel="Outfits"
      loadingLabel="Loading your outfits"
      sortOptions={OUTFIT_SORT_OPTIONS}
      sort={sort ?? saved}
      filtersActive={hasActiveOutfitFilters(filters)}
      onClearFilters={onClearFilters}
      noMatch={{
        title: 'No outfits match these filters',
        description: 'Try a different combination, or clear the filters to see every outfit again.',
      }}
      defaultEmpty={
        hasItems ? (
          <EmptyState
            icon={Layers}
            title={hasOutfits ? 'No outfits in your closet' : 'No outfits yet'}
            description="Put pieces together on the canvas to save a look you love — then log it on the calendar when you wear it."
            action={<AddLink to="upload">Create an outfit</AddLink>}
          />
        ) : (
          <EmptyWardrobe
            icon={Layers}
            title="No outfits yet"
            description="Outfits are made from your items. Add a few pieces first, then combine them here."
          />
        )
      }
      cols={grid.cols}
      tileLabel={tileLabel}
      caption={caption}
      filterPanel={(open, onClose) => (
        <LazyOutfitFilterPanel
          open={open}
          onClose={onClose}
          filters={filters}
          onChange={onFiltersChange}
          onClearAll={onClearFilters}
          resultCount={outfits?.length ?? 0}
        />
      )}
    />
  );
}

// Shared -----------------------------------------------------------------------------------------

/**
 * The columns for a browser: the saved preference (with the slider menu when it can be changed
 * here), the picker's 3-7, or the caller's own rule.
 */
function useBrowserColumns(
  choice: BrowserColumns,
  saved: number | null,
  onSavedChange?: (cols: number | null) => void,
): { cols: number; menu?: GridColumnsMenuProps } {
  const width = useViewportWidth();
  const savedCols = useGridColumns(saved);
  if (choice === 'picker') return { cols: pickerGridCols(width) };
  if (typeof choice === 'function') return { cols: choice(width) };
  return {
    cols: savedCols.cols,
    menu: onSavedChange && { value: saved, autoCols: savedCols.autoCols, onChange: onSavedChange },
  };
}

interface BrowserFrameProps<T extends GridRecord, O extends string> extends Omit<
  SharedProps,
  'columns' | 'exclude'
> {
  kind: 'clothes' | 'outfits';
  shape: TileShape;
  /** The records to show in order, or null while the wardrobe is not there yet. */
  records: readonly T[] | null;
  gridLabel: string;
  loadingLabel: string;
  sortOptions: readonly O[];
  sort: SortState<O>;
  filtersActive: boolean;
  onClearFilters: () => void;
  noMatch: { title: string; description: string };
  defaultEmpty: ReactNode;
  cols: number;
  columnsMenu?: GridColumnsMenuProps;
  tileLabel: (record: T) => string;
  caption: (record: T) => string;
  filterPanel: (open: boolean, onClose: () => void) => ReactNode;
}

/** Header, sort bar, then skeletons, a no-match notice, the empty state or the grid; the filter panel. */
function BrowserFrame<T extends GridRecord, O extends string>({
  kind,
  shape,
  records,
  gridLabel,
  loadingLabel,
  sortOptions,
  sort,
  filtersActive,
  onClearFilters,
  noMatch,
  defaultEmpty,
  cols,
  columnsMenu,
  tileLabel,
  caption,
  filterPanel,
  selection,
  addLabel,
  header,
  empty,
  captions = true,
  label = gridLabel,
  stickTo = 'shell',
  scrollElement,
  selectable = false,
}: BrowserFrameProps<T, O>) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const order = useMemo(() => (records ?? []).map((r) => r.id), [records]);
  const select = useSelectMode(order, selectable && !selection);

  let body: ReactNode;
  if (records === null) {
    body = <WardrobeLoading shape={shape} label={loadingLabel} />;
  } else if (records.length === 0 && filtersActive) {
    body = <NoFilterMatches {...noMatch} onClear={onClearFilters} />;
  } else if (records.length === 0) {
    body = empty ?? defaultEmpty;
  } else {
    body = (
      <WardrobeGrid
        records={records}
        shape={shape}
        cols={cols}
        label={label}
        tileLabel={tileLabel}
        caption={captions ? caption : undefined}
        selection={selection ?? select.selection}
        onStartSelect={select.enabled ? select.start : undefined}
        scrollElement={scrollElement}
      />
    );
  }

  return (
    <>
      {header && (
        <div className="mx-auto max-w-7xl px-4 pt-6 pb-2 md:px-8 md:pt-8 md:pb-4">{header}</div>
      )}
      {select.selection ? (
        <Suspense fallback={<div className="h-16 border-b border-line bg-canvas" />}>
          <SelectBar
            kind={kind}
            selectedIds={select.shownIds}
            total={records?.length ?? 0}
            onSelectAll={select.selectAll}
            onSelectNone={select.clear}
            onDone={select.stop}
            stickTo={stickTo}
          />
        </Suspense>
      ) : (
        <SortBar
          options={sortOptions}
          option={sort.option}
          onOptionChange={sort.onOptionChange}
          direction={sort.direction}
          onDirectionChange={sort.onDirectionChange}
          filtersActive={filtersActive}
          filtersOpen={filtersOpen}
          onOpenFilters={() => setFiltersOpen(true)}
          addLabel={addLabel}
          columns={columnsMenu}
          onSelect={
            select.enabled && records && records.length > 0 ? () => select.start() : undefined
          }
          stickTo={stickTo}
        />
      )}
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-8 md:px-8 md:pt-6">{body}</div>
      {filterPanel(filtersOpen, () => setFiltersOpen(false))}
    </>
  );
}
