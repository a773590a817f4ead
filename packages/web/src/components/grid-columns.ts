import { GRID_COLS_BREAKPOINTS_PX, clampGridCols, responsiveGridCols } from '@hanger/domain';
import { useSyncExternalStore } from 'react';

/** Space between tiles: tighter on phones, where every pixel goes to the photos. */
export function gridGapPx(viewportWidth: number): number {
  return viewportWidth >= GRID_COLS_BREAKPOINTS_PX[0] ? 16 : 8;
}

// The width is read once and then kept current by a resize listener: reading window.innerWidth
// while React commits a grid forces a synchronous layout, and every grid and menu reads it on each
// render (about 0.3 s of a 1,000-item first screen under 4× CPU throttling; docs/performance.md).
let width: number | null = null;

function readWidth(): number {
  if (width === null) {
    width = window.innerWidth;
    // Added before any subscriber's: the kept width is current when they read it.
    window.addEventListener('resize', () => {
      width = window.innerWidth;
    });
  }
  return width;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, readWidth, () => 1024);
}

export interface GridColumns {
  /** Columns the grid shows now. */
  cols: number;
  /** What 'auto' would show at this width (the slider's resting position). */
  autoCols: number;
}

/** The columns for a saved preference (null = auto), following the window's width. */
export function useGridColumns(chosen: number | null | undefined): GridColumns {
  const autoCols = responsiveGridCols(useViewportWidth());
  const explicit = clampGridCols(chosen ?? undefined);
  return explicit === undefined ? { cols: autoCols, autoCols } : { cols: explicit, autoCols };
}
