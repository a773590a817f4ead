import { filterOutfits, sortOutfits } from '@hanger/domain';
import { Layers, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';
import { SkeletonGrid } from '../../components/skeleton';
import { useOutfitsFilters } from '../../lib/stores/filters-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { useOutfitStats } from '../../lib/use-wardrobe-stats';

/** /outfits: saved outfits as 2:3 cards, in the user's sort and filters. */
export default function OutfitsPage() {
  const data = useWardrobeStore((s) => s.data);
  const syncing = useSessionStore((s) => s.syncing);
  const filters = useOutfitsFilters((s) => s.filters);
  const option = useUiPrefsStore((s) => s.outfitSortOption);
  const direction = useUiPrefsStore((s) => s.outfitSortDirection);
  const stats = useOutfitStats();

  const outfits = useMemo(() => {
    if (!data || !stats) return null;
    return sortOutfits(filterOutfits(Object.values(data.outfits), filters, stats), option, direction, stats);
  }, [data, stats, filters, option, direction]);

  const hasItems = data ? Object.keys(data.clothes).length > 0 : false;
  const createButton = (
    <Link to="upload" className={buttonClass('primary', 'md')}>
      <Plus aria-hidden="true" className="size-4" />
      New outfit
    </Link>
  );

  return (
    <Page>
      <div className="mb-6 flex items-center justify-end">{outfits && outfits.length > 0 && createButton}</div>
      {outfits === null ? (
        syncing || !data ? (
          <SkeletonGrid shape="portrait" label="Loading your outfits" />
        ) : null
      ) : outfits.length === 0 ? (
        <EmptyState
          icon={Layers}
          title="No outfits yet"
          description={
            hasItems
              ? 'Put pieces together on the canvas to save a look you love.'
              : 'Add a few items first, then combine them into outfits here.'
          }
          action={
            hasItems ? (
              createButton
            ) : (
              <Link to="/items/upload" className={buttonClass('primary', 'md')}>
                <Plus aria-hidden="true" className="size-4" />
                Add item
              </Link>
            )
          }
        />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5">
          {outfits.map((outfit) => (
            <li key={outfit.id}>
              <Link
                to={outfit.id}
                aria-label="Outfit"
                className="block overflow-hidden rounded-tile border border-line bg-white transition-opacity hover:opacity-90"
              >
                <img
                  src={outfit.thumbnail ?? outfit.image}
                  alt=""
                  crossOrigin="anonymous"
                  loading="lazy"
                  decoding="async"
                  className="aspect-[2/3] w-full object-contain"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
