import { filterItems, sortItems } from '@hanger/domain';
import { Plus, Shirt } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { SkeletonGrid } from '../../components/skeleton';
import { useClothesFilters } from '../../lib/stores/filters-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { useItemStats } from '../../lib/use-wardrobe-stats';

/** /items: the closet as a photo grid, in the user's sort and filters. */
export default function ItemsPage() {
  const data = useWardrobeStore((s) => s.data);
  const syncing = useSessionStore((s) => s.syncing);
  const settings = useSessionStore((s) => s.user?.settings);
  const filters = useClothesFilters((s) => s.filters);
  const option = useUiPrefsStore((s) => s.itemSortOption);
  const direction = useUiPrefsStore((s) => s.itemSortDirection);
  const stats = useItemStats();

  const items = useMemo(() => {
    if (!data || !settings || !stats) return null;
    return sortItems(filterItems(Object.values(data.clothes), filters), option, direction, stats, { settings });
  }, [data, settings, stats, filters, option, direction]);

  const addButton = (
    <Link to="upload" className={buttonClass('primary', 'md')}>
      <Plus aria-hidden="true" className="size-4" />
      Add item
    </Link>
  );

  return (
    <Page>
      <div className="mb-6 flex items-center justify-end">{items && items.length > 0 && addButton}</div>
      {items === null ? (
        syncing || !data ? (
          <SkeletonGrid label="Loading your items" />
        ) : null
      ) : items.length === 0 ? (
        <EmptyState
          icon={Shirt}
          title="Your closet is empty"
          description="Photograph a favourite piece to start. Add the rest whenever you have a minute — a few at a time is fine."
          action={addButton}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.id}
                aria-label={`${item.brand ? `${item.brand} ` : ''}${item.category}`}
                className="block overflow-hidden rounded-tile bg-surface-2 transition-opacity hover:opacity-90"
              >
                <img
                  src={item.thumbnail ?? item.image}
                  alt=""
                  crossOrigin="anonymous"
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
