import type { ItemStatus } from '@hanger/domain';
import { Plus, type LucideIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

interface GroupItemsProps {
  title: string;
  status: Extract<ItemStatus, 'wishlist' | 'loaned'>;
  icon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  /** Wishlist goes one step back; loaned has a plain back button to Groups (SPEC §2). */
  back: true | string;
}

/** A group's items: the photos of every item with the group's status, no status filter. */
export function GroupItems({ title, status, icon, emptyTitle, emptyDescription, back }: GroupItemsProps) {
  const data = useWardrobeStore((s) => s.data);
  const items = useMemo(
    () => (data ? Object.values(data.clothes).filter((item) => item.status === status) : []),
    [data, status],
  );
  if (!data) return null;

  const add = (
    <Link to="upload" className={buttonClass('primary', 'md')}>
      <Plus aria-hidden="true" className="size-4" />
      Add item
    </Link>
  );
  return (
    <Page>
      <PageHeader
        title={title}
        subtitle={`${items.length} ${items.length === 1 ? 'item' : 'items'}`}
        back={back}
        backLabel={typeof back === 'string' ? 'Back to groups' : 'Back'}
        actions={items.length > 0 ? add : undefined}
      />
      {items.length === 0 ? (
        <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} action={add} />
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={item.id} aria-label={`${item.brand ? `${item.brand} ` : ''}${item.category}`} className="block overflow-hidden rounded-tile bg-surface-2 hover:opacity-90">
                <img src={item.thumbnail ?? item.image} alt="" crossOrigin="anonymous" loading="lazy" decoding="async" className="aspect-square w-full object-cover" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
