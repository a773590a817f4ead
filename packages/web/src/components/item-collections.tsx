import { COLLECTION_KIND_LABELS, collectionPieceIds } from '@hanger/domain';
import { Backpack, Luggage } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { addToCollection, loadCollections, useCollections } from '../lib/stores/collections-store';
import { toast } from '../lib/stores/toast-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { Button } from './button';
import { Select } from './field';
import { Section } from './worn-and-outfits';

/** An item page's collections (docs/collections.md): those it is in, and a way to add it to one. */
export function ItemCollections({ itemId }: { itemId: string }) {
  const collections = useCollections();
  const data = useWardrobeStore((s) => s.data);
  const [target, setTarget] = useState('');
  useEffect(() => {
    void loadCollections();
  }, []);
  if (!collections || !data) return null;
  const holding = collections.filter((c) => collectionPieceIds(c, data).includes(itemId));
  const others = collections.filter((c) => !c.itemIds.includes(itemId));
  return (
    <Section id="item-collections" title="Collections" count={holding.length}>
      {holding.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {holding.map((c) => {
            const Icon = c.kind === 'packing' ? Luggage : Backpack;
            return (
              <li key={c.id}>
                <Link
                  to={`/groups/collections/${encodeURIComponent(c.id)}`}
                  className="inline-flex items-center gap-2 rounded-full border border-line-strong bg-surface px-3 py-1.5 text-sm hover:bg-surface-2"
                >
                  <Icon aria-hidden="true" className="size-4 text-accent-ink" />
                  {c.name}
                  <span className="sr-only">({COLLECTION_KIND_LABELS[c.kind]})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">Not in any packing list or capsule yet.</p>
      )}
      {others.length > 0 ? (
        <form
          className="flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const chosen = others.find((c) => c.id === target);
            if (!chosen) return;
            void addToCollection(chosen.id, [itemId]);
            toast.success('Added to collection', `Added to “${chosen.name}”.`);
            setTarget('');
          }}
        >
          <Select
            aria-label="Collection to add it to"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="min-w-0 flex-1 sm:max-w-xs"
          >
            <option value="">Choose a collection…</option>
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} · {COLLECTION_KIND_LABELS[c.kind]}
              </option>
            ))}
          </Select>
          <Button type="submit" variant="secondary" disabled={!target}>
            Add to collection
          </Button>
        </form>
      ) : (
        collections.length === 0 && (
          <p className="text-sm text-fg-muted">
            <Link to="/groups" className="font-medium text-accent-ink underline">
              Create a packing list or capsule
            </Link>{' '}
            in Groups.
          </p>
        )
      )}
    </Section>
  );
}
