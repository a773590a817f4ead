import { itemTileLabel, type ClothingItem } from '@hanger/domain';
import { useSessionStore } from '../lib/stores/session-store';
import { MissingPhoto, PhotoOr } from './thumbnail';

interface FlatLayProps {
  items: readonly ClothingItem[];
  /** 'card' on the calendar (one row of small tiles), 'full' on the suggestions screen. */
  size?: 'card' | 'full';
  className?: string;
}

/**
 * A suggestion's pieces laid side by side, as a flat lay: each piece's thumbnail (its cut-out
 * when it has one) on the neutral tile colour, a cut-out drawn whole, a photo filling its tile.
 */
export function FlatLay({ items, size = 'full', className = '' }: FlatLayProps) {
  const columns =
    size === 'card'
      ? 'grid-cols-[repeat(auto-fill,minmax(3.5rem,1fr))] sm:grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))]'
      : // Three pieces in a row, four as a square, more in rows of three: no empty corner.
        items.length === 4
        ? 'grid-cols-2'
        : 'grid-cols-3';
  return (
    <ul className={`grid gap-2 ${columns} ${className}`} aria-label={`${items.length} pieces`}>
      {items.map((item) => (
        <FlatLayPiece key={item.id} item={item} />
      ))}
    </ul>
  );
}

function FlatLayPiece({ item }: { item: ClothingItem }) {
  const cutout = item.cutout === 'done';
  const settings = useSessionStore((s) => s.user?.settings);
  const label = settings ? itemTileLabel(item, settings) : item.category;
  return (
    <li className="relative aspect-square overflow-hidden rounded-tile bg-surface-2 ring-1 ring-black/5 ring-inset">
      <PhotoOr
        fallback={
          <MissingPhoto size="size-5">
            <span className="sr-only">{label}</span>
          </MissingPhoto>
        }
        src={item.thumbnail ?? item.image}
        alt={label}
        draggable={false}
        className={
          'absolute inset-0 size-full ' + (cutout ? 'object-contain p-[8%]' : 'object-cover')
        }
      />
    </li>
  );
}
