import { groupCounts } from '@hanger/domain';
import { ChevronRight, Handshake, Heart, Luggage, type LucideIcon } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

interface GroupLinkProps {
  to: string;
  label: string;
  description: string;
  count: number | null;
  icon: LucideIcon;
}

function GroupLink({ to, label, description, count, icon: Icon }: GroupLinkProps) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2 md:p-6"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-ink">
        <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className="text-base font-semibold text-fg">{label}</span>
          {count !== null && (
            <span className="text-sm font-medium text-fg-subtle tabular-nums" aria-label={`${count} items`}>
              {count}
            </span>
          )}
        </span>
        <span className="mt-1 block text-sm text-fg-muted">{description}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-fg-subtle transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

/** /groups: the wishlist, loaned items and (soon) custom collections (SPEC §2). */
export default function GroupsPage() {
  const data = useWardrobeStore((s) => s.data);
  const counts = useMemo(() => (data ? groupCounts(data) : null), [data]);

  return (
    <Page className="max-w-3xl">
      <div className="grid gap-4 sm:grid-cols-2">
        <GroupLink
          to="wishlist"
          label="Wishlist"
          description="Pieces you're thinking about buying."
          count={counts?.wishlist ?? null}
          icon={Heart}
        />
        <GroupLink
          to="loaned"
          label="Loaned"
          description="Lent out, and who has them."
          count={counts?.loaned ?? null}
          icon={Handshake}
        />
      </div>

      <section aria-labelledby="custom-collections" className="mt-12">
        <h2 id="custom-collections" className="text-lg font-semibold tracking-tight">
          Custom Collections
        </h2>
        <p className="mt-1 text-sm text-fg-muted">Group pieces for a trip or a capsule wardrobe.</p>
        <button
          type="button"
          className="mt-4 flex w-full items-center justify-center gap-2 rounded-2xl border-2 border-dashed border-line-strong px-4 py-8 text-sm font-semibold text-fg-muted transition-colors hover:border-fg-subtle hover:text-fg"
        >
          <Luggage aria-hidden="true" className="size-5" strokeWidth={1.75} />
          + Add packing or capsule
        </button>
      </section>
    </Page>
  );
}
