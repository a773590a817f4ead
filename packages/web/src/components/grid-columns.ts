import { GRID_COLS_RESPONSIVE, clampGridCols } from '@hanger/domain';
import { useSyncExternalStore } from 'react';

/**
 * The responsive default of SPEC §2 (2/3/4/5 columns) switches at the same viewport widths as
 * the stylesheet's sm, md and lg breakpoints, so skeletons and grids change together.
 */
const BREAKPOINTS_PX = [640, 768, 1024] as const;

export function autoGridColumns(viewportWidth: number): number {
  let cols: number = GRID_COLS_RESPONSIVE[0];
  BREAKPOINTS_PX.forEach((bp, i) => {
    if (viewportWidth >= bp) cols = GRID_COLS_RESPONSIVE[i + 1] ?? cols;
  });
  return cols;
}

/** Space between tiles: tighter on phones, where every pixel goes to the photos. */
export function gridGapPx(viewportWidth: number): number {
  return viewportWidth >= BREAKPOINTS_PX[0] ? 16 : 8;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1024,
  );
}

export interface GridColumns {
  /** Columns the grid shows now. */
  cols: number;
  /** The user has not chosen: the responsive default applies. */
  auto: boolean;
  /** What 'auto' would show at this width (the slider's resting position). */
  autoCols: number;
}

/** The columns for a saved preference (null = auto), following the window's width. */
export function useGridColumns(chosen: number | null | undefined): GridColumns {
  const autoCols = autoGridColumns(useViewportWidth());
  const explicit = clampGridCols(chosen ?? undefined);
  return explicit === undefined
    ? { cols: autoCols, auto: true, autoCols }
    : { cols: explicit, auto: false, autoCols };
}
