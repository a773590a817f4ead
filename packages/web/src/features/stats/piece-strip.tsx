import type { ClothingItem } from '@hanger/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { itemPath } from '../../lib/paths';
import { MissingPhoto, PhotoOr } from '../../components/thumbnail';

export interface StripPiece {
  item: ClothingItem;
  /** What the piece is, e.g. "Uniqlo T-shirt". */
  name: string;
  /** The figure that put it on the list, e.g. "24 wears". */
  figure: string;
  /** A quieter second line, e.g. "Last worn 3 May 2025". */
  detail?: string;
}

/** The piece's photo, decorative: the tile's text names the piece. */
function Thumb({ item }: { item: ClothingItem }) {
  return (
    <div className="relative aspect-square overflow-hidden rounded-tile bg-surface-2">
      <PhotoOr
        fallback={<MissingPhoto size="size-5" />}
        src={item.thumbnail || item.image}
        alt=""
        loading="lazy"
        draggable={false}
        className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
    </div>
  );
}

/**
 * Pieces as photo tiles, each opening the piece: a sideways strip on a phone, a row on wider
 * screens. `ranked` numbers them (a leader board); a long list shows its first few until asked.
 */
export function PieceStrip({
  label,
  pieces,
  ranked = false,
  initial = pieces.length,
  total = pieces.length,
}: {
  label: string;
  pieces: readonly StripPiece[];
  ranked?: boolean;
  /** Tiles shown before "Show more". */
  initial?: number;
  /** How many there are in all, when `pieces` holds only the first of them. */
  total?: number;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? pieces : pieces.slice(0, initial);
  const more = pieces.length - shown.length;
  return (
    <div className="flex flex-col gap-3">
      <ol
        aria-label={label}
        className={
          all
            ? 'grid grid-cols-3 gap-3 sm:grid-cols-4'
            : '-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-4 sm:overflow-visible sm:px-0'
        }
      >
        {shown.map((p, i) => (
          <li
            key={p.item.id}
            className={all ? 'min-w-0' : 'w-[38%] shrink-0 snap-start sm:w-auto sm:min-w-0'}
          >
            <Link
              to={itemPath(p.item.id)}
              className="group block rounded-tile focus-visible:outline-offset-4"
            >
              {/* The tile reads as one line, "1. Uniqlo T-shirt, 24 wears, Last 3 May", which holds
                  every word it shows (WCAG 2.5.3); the photo and the lines drawn are not read again. */}
              <span className="sr-only">
                {`${ranked ? `${i + 1}. ` : ''}${p.name}, ${p.figure}${p.detail ? `, ${p.detail}` : ''}`}
              </span>
              <div className="relative">
                <Thumb item={p.item} />
                {ranked && (
                  <span
                    aria-hidden="true"
                    className="absolute top-2 left-2 grid size-6 place-items-center rounded-full bg-surface/90 text-xs font-semibold text-fg shadow-sm tabular-nums backdrop-blur"
                  >
                    {i + 1}
                  </span>
                )}
              </div>
              <div aria-hidden="true" className="pt-2">
                <p className="truncate text-sm font-semibold text-fg tabular-nums">{p.figure}</p>
                <p className="truncate text-xs text-fg-muted">{p.name}</p>
                {p.detail && <p className="truncate text-xs text-fg-subtle">{p.detail}</p>}
              </div>
            </Link>
          </li>
        ))}
      </ol>
      {(more > 0 || all) && pieces.length > initial && (
        <button
          type="button"
          onClick={() => setAll((v) => !v)}
          className="self-start rounded text-sm font-semibold text-accent-ink underline-offset-4 hover:underline"
        >
          {all ? 'Show fewer' : pieces.length < total ? 'Show more' : `Show all ${pieces.length}`}
        </button>
      )}
      {all && pieces.length < total && (
        <p className="text-xs text-fg-subtle">
          Showing {pieces.length} of {total}.
        </p>
      )}
    </div>
  );
}

/** A list's quiet empty line: why it is empty and what would fill it. */
export function StripEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-fg-muted">
      {children}
    </p>
  );
}
