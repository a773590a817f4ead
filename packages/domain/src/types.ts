import type { Category, Source } from './categories.js';
import type { ColourName } from './colour-names.js';
import type { ItemStatus, OutfitStatus } from './status.js';

/** A cut-out's state (docs/cutouts.md): queued or running, shown, or given up after retries. */
export const CUTOUT_STATES = ['pending', 'done', 'failed'] as const;
export type CutoutState = (typeof CUTOUT_STATES)[number];

/**
 * Entities of docs/spec.md §3 as the app reads them (camelCase). On the wire the same records are
 * snake_case (see wire.ts) and the category 'full body' is keyed 'full_body'.
 *
 * Dates: `dateCreated` is an ISO 8601 timestamp; `dateObtained`, `dateArchived` and calendar keys
 * are `YYYY-MM-DD` day keys. Money fields are plain numbers in the currency named beside them;
 * `convertedPrice` / `convertedSoldPrice` are in the user's settings currency.
 */
export interface ClothingItem {
  id: string;
  /** URL of the display-size photo (the server resolves its storage path). */
  image: string;
  /** URL of the grid thumbnail; grids never load `image`. */
  thumbnail?: string;
  category: Category;
  subCategoryId?: string;
  status?: ItemStatus;
  source?: Source;
  brand?: string;
  dateCreated: string;
  dateObtained?: string;
  dateArchived?: string;
  price?: number;
  currency?: string;
  convertedPrice?: number;
  soldPrice?: number;
  soldCurrency?: string;
  convertedSoldPrice?: number;
  manualTimesWorn?: number;
  /** Scale the item last had on an outfit canvas, in outfit coordinates. */
  scale?: number;
  /** URL of the original photo while `image` and `thumbnail` show its cut-out (docs/cutouts.md). */
  original?: string;
  /** The cut-out's state; absent when the item has none. */
  cutout?: CutoutState;
  /** Up to three palette colours, the main one first (colours.ts); absent when none is known. */
  colors?: ColourName[];
}

/** One placed item on an outfit canvas, in outfit (unscaled 720x1080) coordinates. */
export interface CanvasEntry {
  clothingId: string;
  x: number;
  y: number;
  scale: number;
  rotation: number;
  /** UI-only: never sent to the server. */
  locked?: boolean;
}

export interface Outfit {
  id: string;
  image: string;
  thumbnail?: string;
  status?: OutfitStatus;
  dateCreated: string;
  manualTimesWorn?: number;
  canvasData: CanvasEntry[];
}

export interface CalendarEntry {
  clothes: string[];
  outfits: string[];
  displayItem?: string;
}

/** Calendar keyed by `YYYY-MM-DD`. */
export type Calendar = Record<string, CalendarEntry>;

export interface Subcategory {
  id: string;
  name: string;
}

export interface Settings {
  locale: string;
  currency: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekStart: number;
  /** Every category is always present (possibly with an empty list). */
  subcategories: Record<Category, Subcategory[]>;
  dataConsent: boolean;
  trackingStartDate?: string;
  /** A new photo is cut out (docs/cutouts.md); absent means DEFAULT_CUT_OUT_NEW_PHOTOS. */
  cutOutNewPhotos?: boolean;
  /** Read only: the server can cut out photos; absent means it cannot. */
  cutoutsAvailable?: boolean;
}

export interface User {
  uid: string;
  displayName: string;
  email: string;
  photoURL?: string;
  settings: Settings;
}

/** What `GET users` answers, read into camelCase, maps keyed by id. */
export interface WardrobeData {
  clothes: Record<string, ClothingItem>;
  outfits: Record<string, Outfit>;
  calendar: Calendar;
}

export type NotificationType = 'success' | 'error' | 'warning' | 'info';

export interface NotificationAction {
  label: string;
  handler: () => void;
}

export interface Notification {
  id: string;
  type: NotificationType;
  title: string;
  message?: string;
  action?: NotificationAction;
  /** Milliseconds before auto-dismiss; 0 or less means it stays (docs/spec.md §9). */
  duration?: number;
}

export type SortDirection = 'asc' | 'desc';
