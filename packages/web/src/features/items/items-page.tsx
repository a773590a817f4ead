import { WardrobeBrowser } from '../../components/wardrobe-browser';
import { useClothesFilters } from '../../lib/stores/filters-store';

/** /items: the closet as a photo grid in the user's sort, with the session's filters. */
export default function ItemsPage() {
  const filters = useClothesFilters((s) => s.filters);
  const setFilters = useClothesFilters((s) => s.setFilters);
  const reset = useClothesFilters((s) => s.reset);
  return (
    <WardrobeBrowser
      kind="items"
      filters={filters}
      onFiltersChange={setFilters}
      onClearFilters={reset}
      addLabel="Add item"
    />
  );
}
