import { Heart } from 'lucide-react';
import { GroupItems } from './group-items';

/** /groups/wishlist: items with status wishlist; back goes one step back (SPEC §2). */
export default function WishlistPage() {
  return (
    <GroupItems
      title="Wishlist"
      status="wishlist"
      icon={Heart}
      back
      emptyTitle="Your wishlist is empty"
      emptyDescription="Save pieces you're considering. Seeing them beside what you own makes it easier to decide."
    />
  );
}
