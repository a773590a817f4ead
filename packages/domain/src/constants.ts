import type { NotificationType, SortDirection } from './types.js';

/** Business constants and limits of docs/spec.md §9, and the toast titles of docs/spec.md §8. */

// Toasts -----------------------------------------------------------------------------------------

/** Auto-dismiss after this many ms; 0 or less means the toast stays until closed. */
export const TOAST_DURATIONS: Record<NotificationType, number> = {
  success: 4000,
  info: 5000,
  warning: 6000,
  error: 8000,
};
/** The slide-in starts this long after a toast is added. */
export const TOAST_APPEAR_DELAY_MS = 50;
/** A dismissed toast leaves the list this long after its dismiss animation starts. */
export const TOAST_DISMISS_ANIMATION_MS = 200;

/** Whether a toast with this duration dismisses itself. */
export function toastAutoDismisses(duration: number): boolean {
  return duration > 0;
}

export const SUCCESS_TOASTS = {
  settingsSaved: 'Settings Saved',
  itemAdded: 'Clothing item added',
  outfitCreated: 'Outfit created successfully',
  deleted: 'Delete successful',
  itemUpdated: 'Item updated successfully',
  imageUpdated: 'Clothing image updated successfully',
  calendarUpdated: 'Calendar updated successfully',
  calendarItemDeleted: 'Calendar item deleted successfully',
} as const;

export const ERROR_TOASTS = {
  loadSettings: 'Failed to Load Settings',
  saveSettings: 'Failed to Save Settings',
  loadWardrobe: 'Failed to load wardrobe data',
  uploadItem: 'Clothing upload failed',
  uploadOutfit: 'Outfit Upload Failed',
  deleteItem: 'Failed to delete item',
  updateItem: 'Failed to update item',
  updateImage: 'Failed to update clothing image',
  updateCalendar: 'Failed to update calendar',
  deleteCalendarItem: 'Failed to delete calendar item',
} as const;

export const CRASH_TITLE = 'Something went wrong';
export const CRASH_MESSAGE =
  "We're sorry, but something unexpected happened. Please try refreshing the page.";
export const REFRESH_PAGE_LABEL = 'Refresh Page';
export const STARTUP_ERROR_TITLE = 'Application Error';
export const STARTUP_ERROR_MESSAGE = 'Failed to load the application. Please refresh the page.';

// Grids and sorting ------------------------------------------------------------------------------

export const GRID_COLS_MIN = 2;
export const GRID_COLS_MAX = 10;
/** Responsive default columns when the user has not chosen (docs/spec.md §2): 2/3/4/5 by width. */
export const GRID_COLS_RESPONSIVE = [2, 3, 4, 5] as const;
/** Under this many columns a caption under each tile shows the sort value. */
export const GRID_CAPTION_MAX_COLS = 4;
export const PICKER_COLS_MIN = 3;
export const PICKER_COLS_MAX = 7;
/** The calendar day grid: 2/3/4 columns by width. */
export const DAY_GRID_COLS = [2, 3, 4] as const;

/**
 * Viewport widths (px) at which the responsive default gains a column; they match the web
 * stylesheet's sm, md and lg breakpoints so skeletons and grids switch together.
 */
export const GRID_COLS_BREAKPOINTS_PX = [640, 768, 1024] as const;

/** The responsive default columns for a viewport width: 2 on phones up to 5 from 1024 px. */
export function responsiveGridCols(viewportWidth: number): number {
  let cols: number = GRID_COLS_RESPONSIVE[0];
  GRID_COLS_BREAKPOINTS_PX.forEach((bp, i) => {
    if (viewportWidth >= bp) cols = GRID_COLS_RESPONSIVE[i + 1] ?? cols;
  });
  return cols;
}

/** Viewport widths (px) at which the item picker gains a column, from 3 up to 7 (docs/spec.md §2, §9). */
export const PICKER_COLS_BREAKPOINTS_PX = [640, 768, 1024, 1536] as const;

/** The item picker's columns for a viewport width: 3 on phones up to 7 on very wide screens. */
export function pickerGridCols(viewportWidth: number): number {
  const gained = PICKER_COLS_BREAKPOINTS_PX.filter((bp) => viewportWidth >= bp).length;
  return Math.min(PICKER_COLS_MAX, PICKER_COLS_MIN + gained);
}

/** Clamp a chosen column count into the slider's range; undefined stays 'auto'. */
export function clampGridCols(cols: number | undefined): number | undefined {
  if (cols === undefined || !Number.isFinite(cols)) return undefined;
  return Math.min(GRID_COLS_MAX, Math.max(GRID_COLS_MIN, Math.round(cols)));
}

export const DEFAULT_SORT_OPTION = 'Date Created';
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

// Outfit composer --------------------------------------------------------------------------------

export const CANVAS_WIDTH = 720;
export const CANVAS_HEIGHT = 1080;
/** Height units kept free for the composer's toolbar. */
export const CANVAS_TOOLBAR_HEIGHT = 100;
/** Time between deselecting and rendering the canvas to an image, so the transformer is gone. */
export const CANVAS_SAVE_DELAY_MS = 100;
export const PINCH_SCALE_MIN = 0.1;
export const PINCH_SCALE_MAX = 5;
/** Extra units around an item that still count as touching it for a pinch. */
export const PINCH_HIT_MARGIN = 50;
/** Transformer anchors are this many units, times the display scale. */
export const TRANSFORMER_ANCHOR_SIZE = 24;
/** Outfit cards are 2 wide by 3 high. */
export const OUTFIT_ASPECT_RATIO = 2 / 3;
export const OUTFIT_IMAGE_MIME = 'image/jpeg';

// Stats screen -----------------------------------------------------------------------------------

/** The wear-frequency x-axis runs at least to this many wears. */
export const WEAR_CHART_MIN_X = 5;
/** ... or to the wear count at this percentile of items, whichever is larger. */
export const WEAR_CHART_PERCENTILE = 0.9;
export const WEAR_CHART_Y_MAX = 100;
export const WEAR_CHART_Y_TICKS = 6;
export const CHART_HEIGHT_PX = 400;
/** Brands below this share of items are grouped together. */
export const BRAND_GROUP_THRESHOLD = 0.03;
export const OTHER_BRANDS_LABEL = 'All other brands (<3% each)';
export const NO_BRAND_LABEL = 'None specified';

export const STATS_EMPTY_RANGE = 'No items match the selected time range.';
export const STATS_EMPTY_WEARS = 'No wear data available.';
export const STATS_EMPTY_BRANDS = 'No brand data available.';

/** Pie colours by source (docs/spec.md §9); 'unknown' is the not-specified slice. */
export const SOURCE_COLORS = {
  'bought new': '#3b82f6',
  preloved: '#22c55e',
  gifted: '#a855f7',
  'self made': '#92400e',
  unknown: '#9ca3af',
} as const;

/** Length of a month when a use frequency is read in months (docs/spec.md §9). */
export const DAYS_PER_MONTH = 30.4167;
/** Gaps longer than this many days read in months. */
export const USE_FREQUENCY_MONTH_THRESHOLD_DAYS = 28;

// Wear day ---------------------------------------------------------------------------------------

/** Before this local hour the wear day is still yesterday (docs/spec.md §4). */
export const WEAR_DAY_START_HOUR = 5;

// Identity and requests --------------------------------------------------------------------------

/** Access tokens are refreshed this long before they expire. */
export const TOKEN_REFRESH_LEAD_MS = 5 * 60 * 1000;
export const REQUEST_TIMEOUT_DESKTOP_MS = 30_000;
export const REQUEST_TIMEOUT_MOBILE_MS = 60_000;

export function requestTimeoutMs(isMobile: boolean): number {
  return isMobile ? REQUEST_TIMEOUT_MOBILE_MS : REQUEST_TIMEOUT_DESKTOP_MS;
}
