import { Handshake } from 'lucide-react';
import { GroupItems } from './group-items';

/** /groups/loaned: items with status loaned, with a back button (SPEC §2). */
export default function LoanedPage() {
  return (
    <GroupItems
      title="Loaned"
      status="loaned"
      icon={Handshake}
      back="/groups"
      emptyTitle="Nothing on loan"
      emptyDescription="When you lend something out, add it here so you always know where it is."
    />
  );
}
