import { Layers } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';

/** /outfits/upload and /outfits/{id}/edit: the outfit canvas, full screen. */
export default function ComposerPage() {
  const { id } = useParams();
  return (
    <div className="min-h-dvh bg-canvas pt-safe">
      <Page width="md">
        <PageHeader title={id ? 'Edit outfit' : 'New outfit'} back />
        <EmptyState
          icon={Layers}
          title="Arrange pieces on the canvas"
          description="Add clothes from your closet, then move, resize and layer them into a look."
        />
      </Page>
    </div>
  );
}
