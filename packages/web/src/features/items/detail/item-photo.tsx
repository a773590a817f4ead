import { ImageOff, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

/** The large photo, with the way into the image editor on its corner. */
export function ItemPhoto({ src, alt, editTo }: { src: string; alt: string; editTo: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="relative overflow-hidden rounded-3xl bg-surface-2">
      {failed ? (
        <div className="grid aspect-square place-items-center text-fg-subtle">
          <span className="flex flex-col items-center gap-2 text-sm">
            <ImageOff aria-hidden="true" className="size-8" strokeWidth={1.5} />
            The photo could not be loaded
          </span>
        </div>
      ) : (
        <img
          key={src}
          src={src}
          alt={alt}
          crossOrigin="anonymous"
          decoding="async"
          onError={() => setFailed(true)}
          className="aspect-square w-full object-contain"
        />
      )}
      <Link
        to={editTo}
        className="absolute right-4 bottom-4 inline-flex h-10 items-center gap-2 rounded-full bg-surface/90 px-4 text-sm font-medium text-fg shadow-float backdrop-blur transition-colors hover:bg-surface"
      >
        <SquarePen aria-hidden="true" className="size-4" />
        Edit image
      </Link>
    </div>
  );
}
