import type { CutoutState } from '@hanger/domain';
import { ImageOff, RotateCw, SquarePen, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { CuttingOutMark } from '../../../components/wardrobe-grid';
import { PhotoOr } from '../../../components/thumbnail';

interface ItemPhotoProps {
  src: string;
  alt: string;
  editTo: string;
  /** The item's cut-out (docs/cutouts.md), when the server can make them; else undefined. */
  cutout?: CutoutState;
  /** "Try again" of a failed cut-out. */
  onRetry?: () => void;
}

/**
 * The large photo, with the way into the image editor on its corner. A cut-out is transparent:
 * it shows on the frame's neutral colour; one being made is marked, one that failed says so.
 */
export function ItemPhoto({ src, alt, editTo, cutout, onRetry }: ItemPhotoProps) {
  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-3xl bg-surface-2">
        <PhotoOr
          // A new photo (after an edit) is tried afresh.
          key={src}
          fallback={
            <div className="grid aspect-square place-items-center text-fg-subtle">
              <span className="flex flex-col items-center gap-2 text-sm">
                <ImageOff aria-hidden="true" className="size-8" strokeWidth={1.5} />
                The photo could not be loaded
              </span>
            </div>
          }
          src={src}
          alt={alt}
          className={`aspect-square w-full object-contain ${cutout === 'done' ? 'p-[6%]' : ''}`}
        />
        {cutout === 'pending' && (
          <div role="status">
            <CuttingOutMark className="top-4 left-4 px-3 py-1.5" />
          </div>
        )}
        <Link
          to={editTo}
          className="absolute right-4 bottom-4 inline-flex h-10 items-center gap-2 rounded-full bg-surface/90 px-4 text-sm font-medium text-fg shadow-float backdrop-blur transition-colors hover:bg-surface"
        >
          <SquarePen aria-hidden="true" className="size-4" />
          Edit image
        </Link>
      </div>
      {cutout === 'failed' && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl bg-surface-2 px-4 py-3 text-sm text-fg-muted"
        >
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-warning" />
          <span>Couldn't cut out</span>
          <span aria-hidden="true">—</span>
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex items-center gap-1 rounded-full font-semibold text-accent-ink underline-offset-4 hover:underline"
          >
            <RotateCw aria-hidden="true" className="size-3.5" />
            Try again
          </button>
        </div>
      )}
    </div>
  );
}
