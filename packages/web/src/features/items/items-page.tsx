import { DEFAULT_ITEM_FILTERS, ITEMS_COLOUR_QUERY, isColourName } from '@hanger/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { WardrobeBrowser } from '../../components/wardrobe-browser';
import { useClothesFilters } from '../../lib/stores/filters-store';

/** /items: the closet as a photo grid in the user's sort, with the session's filters. */
export default function ItemsPage() {
  const filters = useClothesFilters((s) => s.filters);
  const setFilters = useClothesFilters((s) => s.setFilters);
  const reset = useClothesFilters((s) => s.reset);
  const [params, setParams] = useSearchParams();
  const colour = params.get(ITEMS_COLOUR_QUERY);

  // /items?colour=navy: the closet's items of that colour, every other filter back to its
  // default; the query is then dropped so that Back and a reload keep the filters, not re-apply.
  useEffect(() => {
    if (colour === null) return;
    if (isColourName(colour)) setFilters({ ...DEFAULT_ITEM_FILTERS, colours: [colour] });
    setParams(
      (p) => {
        p.delete(ITEMS_COLOUR_QUERY);
        return p;
      },
      { replace: true },
    );
  }, [colour, setFilters, setParams]);

  return (
    <WardrobeBrowser
      kind="items"
      filters={filters}
      onFiltersChange={setFilters}
      onClearFilters={reset}
      addLabel="Add item"
      selectable
    />
  );
}
