import type { Collection } from '@hanger/domain';
import { useEffect, useState } from 'react';
import { loadCollections, useCollections } from '../lib/stores/collections-store';
import { Select } from './field';

/**
 * A screen limited to one collection (README, "Packing lists and capsules"): the account's
 * collections, loaded once the screen opens, and the one chosen (undefined: the whole wardrobe).
 */
export function useCollectionFilter(): {
  collections: Collection[] | null;
  collection: Collection | undefined;
  choose: (id: string) => void;
} {
  const collections = useCollections();
  const [id, choose] = useState('');
  useEffect(() => {
    void loadCollections();
  }, []);
  return { collections, collection: collections?.find((c) => c.id === id), choose };
}

/** The "Collection" dropdown of Stats and the Graph; nothing while the account has none. */
export function CollectionFilter({
  collections,
  collection,
  choose,
  className = '',
}: ReturnType<typeof useCollectionFilter> & { className?: string }) {
  if (!collections || collections.length === 0) return null;
  return (
    <label className={`flex items-center gap-2 text-sm text-fg-muted ${className}`}>
      <span>Collection</span>
      <Select
        value={collection?.id ?? ''}
        onChange={(e) => choose(e.target.value)}
        className="w-56"
      >
        <option value="">Whole wardrobe</option>
        {collections.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </label>
  );
}
