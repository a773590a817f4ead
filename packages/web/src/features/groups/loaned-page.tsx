import { GroupItems } from './group-items';

/** /groups/loaned: items with status loaned, with a back button to Groups (docs/spec.md §2). */
export default function LoanedPage() {
  return <GroupItems group="loaned" title="Loaned" addLabel="Add loaned item" back="/groups" />;
}
