import { SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

/** /outfits/{id}: the outfit's picture. */
export default function OutfitDetailPage() {
  const { id = '' } = useParams();
  const outfit = useWardrobeStore((s) => s.data?.outfits[id]);

  if (!outfit) {
    return (
      <Page>
        <PageHeader title="Outfit" back />
        <EmptyState
          icon={SearchX}
          title="This outfit isn't in your wardrobe"
          description="It may have been deleted on another device."
        />
      </Page>
    );
  }
  return (
    <Page className="max-w-3xl">
      <PageHeader title="Outfit" subtitle={`${outfit.canvasData.length} pieces`} back />
      <div className="mx-auto max-w-md overflow-hidden rounded-3xl border border-line bg-white">
        <img src={outfit.image} alt="The outfit" crossOrigin="anonymous" className="aspect-[2/3] w-full object-contain" />
      </div>
    </Page>
  );
}
