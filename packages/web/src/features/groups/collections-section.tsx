import {
  COLLECTION_KIND_LABELS,
  collectionPieceIds,
  packingProgress,
  packingProgressText,
  type Collection,
} from '@hanger/domain';
import { Backpack, Luggage } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Skeleton } from '../../components/skeleton';
import {
  loadCollections,
  useCollections,
  useCollectionsStore,
} from '../../lib/stores/collections-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { CollectionDialog } from './collection-dialog';
import { GroupCard } from './group-card';

const STRIP = 4;

function tripLine(c: Collection): string | null {
  const fmt = (d: string) =>
    new Date(`${d}T00:00:00`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  const dates =
    c.startDate && c.endDate
      ? `${fmt(c.startDate)} – ${fmt(c.endDate)}`
      : c.startDate
        ? `From ${fmt(c.startDate)}`
        : null;
  return [c.destination, dates].filter(Boolean).join(' · ') || null;
}

function CollectionCard({ collection }: { collection: Collection }) {
  const data = useWardrobeStore((s) => s.data);
  const pieces = data ? collectionPieceIds(collection, data) : collection.itemIds;
  const photos = data
    ? [
        ...collection.outfitIds.flatMap((id) => data.outfits[id] ?? []),
        ...pieces.flatMap((id) => data.clothes[id] ?? []),
      ].slice(0, STRIP)
    : [];
  const count =
    collection.kind === 'packing' && data
      ? packingProgressText(packingProgress(collection, data))
      : `${pieces.length} ${pieces.length === 1 ? 'piece' : 'pieces'}`;
  const sub = collection.kind === 'packing' ? tripLine(collection) : null;
  return (
    <GroupCard
      to={`collections/${encodeURIComponent(collection.id)}`}
      icon={collection.kind === 'packing' ? Luggage : Backpack}
      photos={photos}
      className="min-w-0 md:p-5"
    >
      <span className="block truncate text-base font-semibold text-fg">{collection.name}</span>
      <span className="mt-0.5 block truncate text-sm text-fg-muted">
        {COLLECTION_KIND_LABELS[collection.kind]} · <span className="tabular-nums">{count}</span>
        {sub ? ` · ${sub}` : ''}
      </span>
    </GroupCard>
  );
}

/** Groups → Custom Collections: the list and "+ Add packing or capsule" (docs/collections.md). */
export function CollectionsSection() {
  const collections = useCollections();
  const error = useCollectionsStore((s) => s.error);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    void loadCollections();
  }, []);

  return (
    <section aria-labelledby="custom-collections" className="mt-12">
      <h2 id="custom-collections" className="text-lg font-semibold tracking-tight">
        Custom Collections
      </h2>
      <p className="mt-1 text-sm text-fg-muted">Group pieces for a trip or a capsule wardrobe.</p>
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {collections === null && !error && (
          <>
            <Skeleton className="h-20 rounded-2xl" />
            <Skeleton className="h-20 rounded-2xl" />
          </>
        )}
        {collections?.map((c) => (
          <CollectionCard key={c.id} collection={c} />
        ))}
        <button
          type="button"
          onClick={() => setAdding(true)}
          className="flex w-full items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line-strong px-4 py-7 text-sm font-semibold text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
        >
          <Luggage aria-hidden="true" className="size-5" strokeWidth={1.75} />+ Add packing or
          capsule
        </button>
      </div>
      {collections === null && error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          Couldn’t load your collections: {error}
        </p>
      )}
      <CollectionDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(id) => navigate(`collections/${encodeURIComponent(id)}`)}
      />
    </section>
  );
}
