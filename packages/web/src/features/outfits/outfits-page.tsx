import { WardrobeBrowser } from '../../components/wardrobe-browser';
import { useOutfitsFilters } from '../../lib/stores/filters-store';

/** /outfits: saved outfits as 2:3 cards in the user's sort, with the session's filters. */
export default function OutfitsPage() {
  const filters = useOutfitsFilters((s) => s.filters);
  const setFilters = useOutfitsFilters((s) => s.setFilters);
  const reset = useOutfitsFilters((s) => s.reset);
  return (
    <WardrobeBrowser
      kind="outfits"
      filters={filters}
      onFiltersChange={setFilters}
      onClearFilters={reset}
      addLabel="New outfit"
      selectable
    />
  );
}
