import { Waypoints } from 'lucide-react';
import { Page, PageHeader } from '../../components/page';
import { EmptyState } from '../../components/empty-state';

/** /graph: items as nodes, joined by the outfits that pair them. */
export default function GraphPage() {
  return (
    <Page>
      <PageHeader title="Graph" />
      <EmptyState
        icon={Waypoints}
        title="See how your pieces connect"
        description="Every outfit links the items in it. Save a few outfits and the pieces you pair most will gather in the middle."
      />
    </Page>
  );
}
