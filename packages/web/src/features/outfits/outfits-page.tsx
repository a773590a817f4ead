import {
  OUTFIT_SORT_OPTIONS,
  filterOutfits,
  hasActiveOutfitFilters,
  outfitSortCaption,
  sortOutfits,
  type Outfit,
} from '@hanger/domain';
import { Layers } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AddLink, EmptyState, NoFilterMatches } from '../../components/empty-state';
import { OutfitFilterPanel } from '../../components/filter-panel';
import { useGridColumns } from '../../components/grid-columns';
import { SortBar } from '../../components/sort-bar';
import { WardrobeGrid } from '../../components/wardrobe-grid';
import { WardrobeLoading } from '../../components/wardrobe-loading';
import { useOutfitsFilters } from '../../lib/stores/filters-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { useOutfitStats } from '../../lib/use-wardrobe-stats';

function outfitLabel(numItems: number | undefined): string {
  if (numItems === undefined) return 'Outfit';
  return `Outfit with ${numItems} ${numItems === 1 ? 'item' : 'items'}`;
}

/** /outfits: saved outfits as 2:3 cards in the user's sort, with the session's filters. */
export default function OutfitsPage() {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  const stats = useOutfitStats();
  const filters = useOutfitsFilters((s) => s.filters);
  const setFilters = useOutfitsFilters((s) => s.setFilters);
  const resetFilters = useOutfitsFilters((s) => s.reset);
  const option = useUiPrefsStore((s) => s.outfitSortOption);
  const direction = useUiPrefsStore((s) => s.outfitSortDirection);
  const setSort = useUiPrefsStore((s) => s.setOutfitSort);
  const setDirection = useUiPrefsStore((s) => s.setOutfitSortDirection);
  const { cols } = useGridColumns(useUiPrefsStore((s) => s.outfitGridCols));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = hasActiveOutfitFilters(filters);

  const outfits = useMemo(() => {
    if (!data || !stats) return null;
    return sortOutfits(
      filterOutfits(Object.values(data.outfits), filters, stats),
      option,
      direction,
      stats,
    );
  }, [data, stats, filters, option, direction]);

  const caption = useCallback(
    (outfit: Outfit) =>
      stats && settings ? outfitSortCaption(option, outfit, stats.get(outfit.id), settings) : '',
    [option, stats, settings],
  );
  const tileLabel = useCallback(
    (outfit: Outfit) => outfitLabel(stats?.get(outfit.id)?.numItems),
    [stats],
  );

  let body: ReactNode;
  if (outfits === null || !settings) {
    body = <WardrobeLoading shape="portrait" label="Loading your outfits" />;
  } else if (outfits.length === 0 && active) {
    body = (
      <NoFilterMatches
        title="No outfits match these filters"
        description="Try a different combination, or clear the filters to see every outfit again."
        onClear={resetFilters}
      />
    );
  } else if (outfits.length === 0) {
    const hasItems = data ? Object.keys(data.clothes).length > 0 : false;
    const hasOutfits = data ? Object.keys(data.outfits).length > 0 : false;
    body = hasItems ? (
      <EmptyState
        icon={Layers}
        title={hasOutfits ? 'No outfits in your closet' : 'No outfits yet'}
        description="Put pieces together on the canvas to save a look you love — then log it on the calendar when you wear it."
        action={<AddLink to="upload">Create an outfit</AddLink>}
      />
    ) : (
      <EmptyState
        icon={Layers}
        title="No outfits yet"
        description="Outfits are made from your items. Add a few pieces first, then combine them here."
        action={<AddLink to="/items/upload">Add your first item</AddLink>}
      />
    );
  } else {
    body = (
      <WardrobeGrid
        records={outfits}
        shape="portrait"
        cols={cols}
        label="Outfits"
        tileLabel={tileLabel}
        caption={caption}
      />
    );
  }

  return (
    <>
      <SortBar
        options={OUTFIT_SORT_OPTIONS}
        option={option}
        onOptionChange={(o) => setSort(o)}
        direction={direction}
        onDirectionChange={setDirection}
        filtersActive={active}
        filtersOpen={filtersOpen}
        onOpenFilters={() => setFiltersOpen(true)}
        addLabel="New outfit"
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-8 md:px-8 md:pt-6">{body}</div>
      <OutfitFilterPanel
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={filters}
        onChange={setFilters}
        onClearAll={resetFilters}
        resultCount={outfits?.length ?? 0}
      />
    </>
  );
}
