import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { GroupItems } from './group-items';

/** /groups/wishlist: items with status wishlist; back goes one step back; nothing without data (docs/spec.md §2). */
export default function WishlistPage() {
  const hasData = useWardrobeStore((s) => s.data !== null);
  if (!hasData) return null;
  return <GroupItems group="wishlist" title="Wishlist" addLabel="Add to wishlist" back="history" />;
}
