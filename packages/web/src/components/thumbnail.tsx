import { ImageOff } from 'lucide-react';
import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

/** A record with a photo: a piece or an outfit. */
export interface Photographed {
  image: string;
  thumbnail?: string;
}

type ThumbnailProps = { of: Photographed } & Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'crossOrigin'
>;

/**
 * A record's small photo in a list or on a card: its thumbnail (the photo itself where it has
 * none), requested in CORS mode as every photo of the app is, and loaded lazily. Decorative
 * (`alt=""`) unless given an `alt`.
 */
export function Thumbnail({ of, alt = '', ...img }: ThumbnailProps) {
  return (
    <img
      src={of.thumbnail || of.image}
      alt={alt}
      crossOrigin="anonymous"
      loading="lazy"
      decoding="async"
      {...img}
    />
  );
}

/**
 * A photo that gives way to `fallback` when it cannot be loaded (a file gone, no network);
 * requested in CORS mode and decoded off the main thread, as every photo of the app is.
 */
export function PhotoOr({
  fallback,
  ...img
}: { fallback: ReactNode } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'crossOrigin' | 'onError'>) {
  const [failed, setFailed] = useState(false);
  if (failed) return fallback;
  return <img crossOrigin="anonymous" decoding="async" {...img} onError={() => setFailed(true)} />;
}

/** The quiet mark where a photo could not be loaded, over its frame; `children` say what it was. */
export function MissingPhoto({
  size,
  children,
}: {
  size: 'size-5' | 'size-6';
  children?: ReactNode;
}) {
  return (
    <span className="absolute inset-0 grid place-items-center text-fg-subtle">
      <ImageOff aria-hidden="true" className={size} strokeWidth={1.5} />
      {children}
    </span>
  );
}
