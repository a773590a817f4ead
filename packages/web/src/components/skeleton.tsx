interface SkeletonProps {
  className?: string;
}

/** A placeholder block in the shape of content that is still loading. */
export function Skeleton({ className = '' }: SkeletonProps) {
  return (
    <div aria-hidden="true" className={`animate-pulse rounded-tile bg-surface-2 ${className}`} />
  );
}

interface SkeletonGridProps {
  count?: number;
  /** 'square' for items, 'portrait' (2:3) for outfits. */
  shape?: 'square' | 'portrait';
  label?: string;
}

/** A grid of tile placeholders in the default responsive 2/3/4/5 columns. */
export function SkeletonGrid({
  count = 10,
  shape = 'square',
  label = 'Loading',
}: SkeletonGridProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5"
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={shape === 'square' ? 'aspect-square' : 'aspect-[2/3]'} />
      ))}
    </div>
  );
}
