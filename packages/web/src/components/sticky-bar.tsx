import type { HTMLAttributes } from 'react';

/**
 * Where a bar sticks: under the app shell's top bar (the tab screens), or at the very top of a
 * full-screen flow without it.
 */
export type StickTo = 'shell' | 'top';

/** The bar at the top of a list screen (its sort bar, or its select bar in Select mode). */
export function StickyBar({
  stickTo,
  children,
  ...attributes
}: { stickTo: StickTo } & HTMLAttributes<HTMLDivElement>) {
  return (
    // Opaque, not translucent over a backdrop blur: the blur of what scrolls under the bar was
    // redrawn every frame and cost 10 ms a frame at desktop width (bench/grid-scroll.bench.ts).
    <div
      {...attributes}
      className={`sticky top-0 z-30 border-b border-line bg-canvas pt-safe ${
        stickTo === 'shell' ? 'md:top-16 md:pt-0' : ''
      }`}
    >
      {children}
    </div>
  );
}
