import {
  ITEM_SORT_OPTIONS,
  filterItems,
  hasActiveItemFilters,
  sortCaption,
  sortItems,
  subcategoryName,
  type ClothingItem,
  type ItemFilters,
  type Settings,
} from '@hanger/domain';
import { Handshake, Heart, Shirt, type LucideIcon } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSessionStore } from '../lib/stores/session-store';
import { useUiPrefsStore } from '../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { useItemStats } from '../lib/use-wardrobe-stats';
import { displayLabel } from './chip-group';
import { AddLink, EmptyState, NoFilterMatches } from './empty-state';
import { ItemFilterPanel } from './filter-panel';
import { useGridColumns } from './grid-columns';
import { SortBar } from './sort-bar';
import { WardrobeGrid } from './wardrobe-grid';
import { WardrobeLoading } from './wardrobe-loading';

/** 'closet' is the Items tab, with its status filter; a group shows only items of that status. */
export type ItemScope = 'closet' | 'wishlist' | 'loaned';

interface EmptyCopy {
  icon: LucideIcon;
  title: string;
  description: string;
  action: string;
}

/** What an empty screen says, so a new user knows what to do next. */
const EMPTY: Record<ItemScope, EmptyCopy> = {
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

/** "Uniqlo T-shirt", "Top": brand, then the subcategory's name or else the category. */
export function itemTileLabel(item: ClothingItem, settings: Settings): string {
  const kind = displayLabel(subcategoryName(item, settings) ?? item.category);
  const brand = item.brand?.trim();
  return brand ? `${brand} ${kind}` : kind;
}

interface ItemBrowserProps {
  scope: ItemScope;
  filters: ItemFilters;
  onFiltersChange: (filters: ItemFilters) => void;
  onClearFilters: () => void;
  /** The plus button's name. */
  addLabel: string;
  /** Above the sort bar, e.g. a group's title and back button. */
  header?: ReactNode;
}

/**
 * An item grid with its sort bar and filter panel: the Items tab and the wishlist and loaned
 * screens. Sort, direction and columns are the user's saved item preferences (SPEC §3).
 */
export function ItemBrowser({
  scope,
  filters,
  onFiltersChange,
  onClearFilters,
  addLabel,
  header,
}: ItemBrowserProps) {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  const stats = useItemStats();
  const option = useUiPrefsStore((s) => s.itemSortOption);
  const direction = useUiPrefsStore((s) => s.itemSortDirection);
  const gridCols = useUiPrefsStore((s) => s.itemGridCols);
  const setSort = useUiPrefsStore((s) => s.setItemSort);
  const setDirection = useUiPrefsStore((s) => s.setItemSortDirection);
  const setGridCols = useUiPrefsStore((s) => s.setItemGridCols);
  const columns = useGridColumns(gridCols);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const groupScreen = scope !== 'closet';
  // A group is its status: the status filter is replaced by it, not offered (SPEC §2).
  const effective = useMemo<ItemFilters>(
    () => (groupScreen ? { ...filters, status: scope } : filters),
    [filters, groupScreen, scope],
  );
  const active = hasActiveItemFilters(filters, groupScreen);

  const items = useMemo(() => {
    if (!data || !settings || !stats) return null;
    return sortItems(
      filterItems(Object.values(data.clothes), effective),
      option,
      direction,
      stats,
      { settings },
    );
  }, [data, settings, stats, effective, option, direction]);

  const caption = useCallback(
    (item: ClothingItem) =>
      stats && settings ? sortCaption(option, item, stats.get(item.id), { settings }) : '',
    [option, stats, settings],
  );
  const tileLabel = useCallback(
    (item: ClothingItem) => (settings ? itemTileLabel(item, settings) : item.category),
    [settings],
  );

  let body: ReactNode;
  if (items === null || !settings) {
    body = <WardrobeLoading shape="square" label="Loading your items" />;
  } else if (items.length === 0 && active) {
    body = (
      <NoFilterMatches
        title="No items match these filters"
        description="Try a different combination, or clear the filters to see everything again."
        onClear={onClearFilters}
      />
    );
  } else if (items.length === 0) {
    const copy =
      scope === 'closet' && data && Object.keys(data.clothes).length > 0
        ? CLOSET_EMPTY_WITH_OTHERS
        : EMPTY[scope];
    body = (
      <EmptyState
        icon={copy.icon}
        title={copy.title}
        description={copy.description}
        action={<AddLink to="upload">{copy.action}</AddLink>}
      />
    );
  } else {
    body = (
      <WardrobeGrid
        records={items}
        shape="square"
        cols={columns.cols}
        label="Items"
        tileLabel={tileLabel}
        caption={caption}
      />
    );
  }

  return (
    <>
      {header && (
        <div className="mx-auto max-w-7xl px-4 pt-6 pb-2 md:px-8 md:pt-8 md:pb-4">{header}</div>
      )}
      <SortBar
        options={ITEM_SORT_OPTIONS}
        option={option}
        onOptionChange={(o) => setSort(o)}
        direction={direction}
        onDirectionChange={setDirection}
        filtersActive={active}
        filtersOpen={filtersOpen}
        onOpenFilters={() => setFiltersOpen(true)}
        addLabel={addLabel}
        columns={{ value: gridCols, autoCols: columns.autoCols, onChange: setGridCols }}
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-8 md:px-8 md:pt-6">{body}</div>
      {settings && (
        <ItemFilterPanel
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          filters={filters}
          onChange={onFiltersChange}
          onClearAll={onClearFilters}
          subcategories={settings.subcategories}
          showStatus={!groupScreen}
          resultCount={items?.length ?? 0}
        />
      )}
    </>
  );
}
