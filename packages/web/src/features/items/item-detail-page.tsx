import { itemStatusLabel } from '@hanger/domain';
import { SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** /items/{id} (and the wishlist and loaned variants): one piece, photo first. */
export default function ItemDetailPage() {
  const { id = '' } = useParams();
  const item = useWardrobeStore((s) => s.data?.clothes[id]);

  if (!item) {
    return (
      <Page>
        <PageHeader title="Item" back />
        <EmptyState
          icon={SearchX}
          title="This item isn't in your wardrobe"
          description="It may have been deleted on another device. Go back to see everything you own."
        />
      </Page>
    );
  }

  return (
    <Page className="max-w-5xl">
      <PageHeader title={item.brand ? item.brand : titleCase(item.category)} subtitle={titleCase(itemStatusLabel(item.status))} back />
      <div className="grid gap-8 md:grid-cols-2">
        <div className="overflow-hidden rounded-3xl bg-surface-2">
          <img src={item.image} alt={`Photo of ${item.brand ?? 'the'} ${item.category}`} crossOrigin="anonymous" className="aspect-square w-full object-cover" />
        </div>
        <dl className="grid content-start gap-4 text-sm">
          <div className="flex justify-between border-b border-line pb-4">
            <dt className="text-fg-muted">Category</dt>
            <dd className="font-medium">{titleCase(item.category)}</dd>
          </div>
          <div className="flex justify-between border-b border-line pb-4">
            <dt className="text-fg-muted">Status</dt>
            <dd className="font-medium">{titleCase(itemStatusLabel(item.status))}</dd>
          </div>
          {item.brand && (
            <div className="flex justify-between border-b border-line pb-4">
              <dt className="text-fg-muted">Brand</dt>
              <dd className="font-medium">{item.brand}</dd>
            </div>
          )}
        </dl>
      </div>
    </Page>
  );
}
