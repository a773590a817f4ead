import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Thumbnail, type Photographed } from '../../components/thumbnail';

interface GroupCardProps extends Omit<LinkProps, 'children' | 'className'> {
  /** Classes added to the card's own (its padding on wider screens). */
  className: string;
  icon: LucideIcon;
  /** The first few photos of what the group holds, stacked on wider screens. */
  photos: readonly (Photographed & { id: string })[];
  /** The card's name and lines, beside its icon. */
  children: ReactNode;
  /** What is read first, before the icon (a name and count said as one phrase). */
  spoken?: ReactNode;
}

/** A card of the Groups screen that opens a group: a wishlist, loaned pieces, a collection. */
export function GroupCard({
  icon: Icon,
  photos,
  children,
  spoken,
  className,
  ...link
}: GroupCardProps) {
  return (
    <Link
      {...link}
      className={`group flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong hover:bg-surface-2 ${className}`}
    >
      {spoken}
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-ink">
        <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <span className="min-w-0 flex-1">{children}</span>
      {photos.length > 0 && (
        <span aria-hidden="true" className="hidden shrink-0 -space-x-4 sm:flex">
          {photos.map((p) => (
            <Thumbnail
              key={p.id}
              of={p}
              className="size-12 rounded-xl border-2 border-surface bg-surface-2 object-cover"
            />
          ))}
        </span>
      )}
      <ChevronRight
        aria-hidden="true"
        className="size-5 shrink-0 text-fg-subtle transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}
