import {
  DEFAULT_ITEM_SORT,
  DEFAULT_SORT_DIRECTION,
  filterItems,
  groupCounts,
  sortItems,
  type ClothingItem,
} from '@hanger/domain';
import { Handshake, Heart, type LucideIcon } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { CollectionsSection } from './collections-section';
import { GroupCard } from './group-card';

/** The groups with a screen of their own, each named after the status it lists (docs/spec.md §2). */
const GROUPS: {
  status: 'wishlist' | 'loaned';
  label: string;
  description: string;
  icon: LucideIcon;
}[] = [
  {
    status: 'wishlist',
    label: 'Wishlist',
    description: "Pieces you're thinking about buying.",
    icon: Heart,
  },
  {
    status: 'loaned',
    label: 'Loaned',
    description: 'Lent out, so you always know where they are.',
    icon: Handshake,
  },
];

/** Photos shown on a group's card. */
const PREVIEW_COUNT = 3;

interface GroupLinkProps {
  to: string;
  label: string;
  description: string;
  count: number | null;
  icon: LucideIcon;
  preview: readonly ClothingItem[];
}

function GroupLink({ to, label, description, count, icon, preview }: GroupLinkProps) {
  const descriptionId = useId();
  return (
    <GroupCard
      to={to}
      aria-describedby={descriptionId}
      icon={icon}
      photos={preview}
      className="md:p-6"
      spoken={
        // Reads "Wishlist, 2 items", the name and count shown, with the line under them as its
        // description: every word on the card is in what is read (WCAG 2.5.3).
        <span className="sr-only">
          {count === null ? label : `${label}, ${count} ${count === 1 ? 'item' : 'items'}`}
        </span>
      }
    >
      <span aria-hidden="true" className="flex items-baseline gap-2">
        <span className="text-base font-semibold text-fg">{label}</span>
        {count !== null && (
          <span className="text-sm font-medium text-fg-subtle tabular-nums">{count}</span>
        )}
      </span>
      <span id={descriptionId} aria-hidden="true" className="mt-1 block text-sm text-fg-muted">
        {description}
      </span>
    </GroupCard>
  );
}

/** /groups: the wishlist, loaned items and custom collections (docs/spec.md §2, docs/collections.md). */
export default function GroupsPage() {
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  const counts = useMemo(() => (data ? groupCounts(data) : null), [data]);
  // The newest few of each group, in the default order.
  const previews = useMemo(() => {
    if (!data || !settings) return { wishlist: [], loaned: [] };
    const newest = (status: 'wishlist' | 'loaned') =>
      sortItems(
        filterItems(Object.values(data.clothes), { status }),
        DEFAULT_ITEM_SORT,
        DEFAULT_SORT_DIRECTION,
        new Map(),
        { settings },
      ).slice(0, PREVIEW_COUNT);
    return { wishlist: newest('wishlist'), loaned: newest('loaned') };
  }, [data, settings]);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 md:px-8 md:py-8">
      <div className="grid gap-4 lg:grid-cols-2">
        {GROUPS.map((group) => (
          <GroupLink
            key={group.status}
            to={group.status}
            label={group.label}
            description={group.description}
            count={counts?.[group.status] ?? null}
            icon={group.icon}
            preview={previews[group.status]}
          />
        ))}
      </div>

      <CollectionsSection />
    </div>
  );
}
