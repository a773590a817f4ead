import type { ImgHTMLAttributes } from 'react';

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
