import {
  CANVAS_HEIGHT,
  CANVAS_TOOLBAR_HEIGHT,
  CANVAS_WIDTH,
  PINCH_HIT_MARGIN,
  PINCH_SCALE_MAX,
  PINCH_SCALE_MIN,
  TRANSFORMER_ANCHOR_SIZE,
} from './constants.js';
import type { OutfitStatus } from './status.js';
import type { CanvasEntry, ClothingItem } from './types.js';

/**
 * Outfit composer geometry (docs/spec.md §2, §4, §5, §9). The canvas is 720×1080 outfit units drawn
 * at a display scale; on screen, positions and scales are outfit values times the display scale.
 * The stack is an array: index 0 is the bottom, the last entry is on top.
 */

/** A placed item on screen. Width and height are the image's natural pixel size. */
export interface ComposerItem extends CanvasEntry {
  width: number;
  height: number;
}

/** Smallest scale returned for a window too small to show anything, so nothing divides by 0. */
const MIN_DISPLAY_SCALE = 0.01;

/**
 * Scale that fits the canvas in a window: the smaller of the width ratio and the height ratio,
 * with 100 units of height kept for the toolbar.
 */
export function displayScale(windowWidth: number, windowHeight: number): number {
  const scale = Math.min(
    windowWidth / CANVAS_WIDTH,
    (windowHeight - CANVAS_TOOLBAR_HEIGHT) / CANVAS_HEIGHT,
  );
  return Number.isFinite(scale) && scale > MIN_DISPLAY_SCALE ? scale : MIN_DISPLAY_SCALE;
}

/** The canvas size on screen. */
export function displaySize(scale: number): { width: number; height: number } {
  return { width: CANVAS_WIDTH * scale, height: CANVAS_HEIGHT * scale };
}

/**
 * Scale of an item newly put on the canvas: the scale it had on its last outfit times the
 * display scale, else the largest that fits a third of the canvas in width and height.
 */
export function initialItemScale(
  item: Pick<ClothingItem, 'scale'>,
  imageWidth: number,
  imageHeight: number,
  scale: number,
): number {
  if (item.scale !== undefined && item.scale > 0) return item.scale * scale;
  if (!(imageWidth > 0) || !(imageHeight > 0)) return scale;
  return Math.min(CANVAS_WIDTH / 3 / imageWidth, CANVAS_HEIGHT / 3 / imageHeight) * scale;
}

/** Position that puts an item of this on-screen size in the canvas's bottom-right corner. */
export function bottomRightPosition(
  imageWidth: number,
  imageHeight: number,
  itemScale: number,
  scale: number,
): { x: number; y: number } {
  const { width, height } = displaySize(scale);
  return {
    x: Math.max(0, width - imageWidth * itemScale),
    y: Math.max(0, height - imageHeight * itemScale),
  };
}

/**
 * Adds an item at the bottom right, on top of the stack. An item already on the canvas is not
 * added twice (docs/spec.md §5).
 */
export function addToCanvas(
  items: readonly ComposerItem[],
  item: Pick<ClothingItem, 'id' | 'scale'>,
  imageWidth: number,
  imageHeight: number,
  scale: number,
): ComposerItem[] {
  if (items.some((i) => i.clothingId === item.id)) return [...items];
  const itemScale = initialItemScale(item, imageWidth, imageHeight, scale);
  const { x, y } = bottomRightPosition(imageWidth, imageHeight, itemScale, scale);
  return [
    ...items,
    {
      clothingId: item.id,
      x,
      y,
      scale: itemScale,
      rotation: 0,
      locked: false,
      width: imageWidth,
      height: imageHeight,
    },
  ];
}

function indexOf(items: readonly ComposerItem[], id: string): number {
  return items.findIndex((i) => i.clothingId === id);
}

/** Selecting or changing an item brings it to the top, unless it is locked. */
export function bringToTop(items: readonly ComposerItem[], id: string): ComposerItem[] {
  const i = indexOf(items, id);
  const item = items[i];
  if (!item || item.locked || i === items.length - 1) return [...items];
  return [...items.slice(0, i), ...items.slice(i + 1), item];
}

function swap(items: readonly ComposerItem[], i: number, j: number): ComposerItem[] {
  const next = [...items];
  const a = next[i]!;
  next[i] = next[j]!;
  next[j] = a;
  return next;
}

/** One step up the stack; nothing at the top or when locked. */
export function moveForward(items: readonly ComposerItem[], id: string): ComposerItem[] {
  const i = indexOf(items, id);
  if (i === -1 || i === items.length - 1 || items[i]!.locked) return [...items];
  return swap(items, i, i + 1);
}

/** One step down the stack; nothing at the bottom or when locked. */
export function moveBackward(items: readonly ComposerItem[], id: string): ComposerItem[] {
  const i = indexOf(items, id);
  if (i <= 0 || items[i]!.locked) return [...items];
  return swap(items, i, i - 1);
}

/** Deleting from the canvas; the caller also drops the id from the picked set. */
export function removeFromCanvas(items: readonly ComposerItem[], id: string): ComposerItem[] {
  return items.filter((i) => i.clothingId !== id);
}

export function toggleLock(items: readonly ComposerItem[], id: string): ComposerItem[] {
  return items.map((i) => (i.clothingId === id ? { ...i, locked: !i.locked } : i));
}

/**
 * Applies a move or transform unless the item is locked (a lock blocks drag, resize and rotate),
 * then brings it to the top.
 */
export function updateCanvasItem(
  items: readonly ComposerItem[],
  id: string,
  change: Partial<Pick<ComposerItem, 'x' | 'y' | 'scale' | 'rotation'>>,
): ComposerItem[] {
  const i = indexOf(items, id);
  const item = items[i];
  if (!item || item.locked) return [...items];
  const next = [...items];
  next[i] = { ...item, ...change };
  return bringToTop(next, id);
}

/** Pinch scale clamped to 0.1–5. */
export function clampPinchScale(scale: number): number {
  if (Number.isNaN(scale)) return PINCH_SCALE_MIN;
  return Math.min(PINCH_SCALE_MAX, Math.max(PINCH_SCALE_MIN, scale));
}

/** Scale after a pinch: the start scale times the change in finger distance, clamped. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0)) return clampPinchScale(startScale);
  return clampPinchScale((startScale * distance) / startDistance);
}

/**
 * Whether a screen point touches an item, with a 50-unit margin around it. The item rotates
 * about its top-left corner (its x, y), so the point is turned into the item's own frame first.
 */
export function hitTest(
  item: Pick<ComposerItem, 'x' | 'y' | 'scale' | 'rotation' | 'width' | 'height'>,
  point: { x: number; y: number },
  margin: number = PINCH_HIT_MARGIN,
): boolean {
  const angle = (-item.rotation * Math.PI) / 180;
  const dx = point.x - item.x;
  const dy = point.y - item.y;
  const localX = dx * Math.cos(angle) - dy * Math.sin(angle);
  const localY = dx * Math.sin(angle) + dy * Math.cos(angle);
  const w = item.width * item.scale;
  const h = item.height * item.scale;
  return localX >= -margin && localX <= w + margin && localY >= -margin && localY <= h + margin;
}

/** The topmost item under a point (for a pinch), or undefined. */
export function topItemAt(
  items: readonly ComposerItem[],
  point: { x: number; y: number },
  margin: number = PINCH_HIT_MARGIN,
): ComposerItem | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (hitTest(item, point, margin)) return item;
  }
  return undefined;
}

/** Transformer anchors: 24 units times the display scale. */
export function anchorSize(scale: number): number {
  return TRANSFORMER_ANCHOR_SIZE * scale;
}

/** Screen values to the outfit coordinates that are stored (divide by the display scale). */
export function toOutfitCoordinates(items: readonly ComposerItem[], scale: number): CanvasEntry[] {
  return items.map((i) => ({
    clothingId: i.clothingId,
    x: i.x / scale,
    y: i.y / scale,
    scale: i.scale / scale,
    rotation: i.rotation,
  }));
}

/** Stored outfit coordinates to screen values, for editing an outfit. */
export function fromOutfitCoordinates(
  entries: readonly CanvasEntry[],
  scale: number,
  sizes: ReadonlyMap<string, { width: number; height: number }>,
): ComposerItem[] {
  const out: ComposerItem[] = [];
  for (const e of entries) {
    const size = sizes.get(e.clothingId);
    if (!size) continue;
    out.push({
      clothingId: e.clothingId,
      x: e.x * scale,
      y: e.y * scale,
      scale: e.scale * scale,
      rotation: e.rotation,
      locked: false,
      width: size.width,
      height: size.height,
    });
  }
  return out;
}

/** Canvas entries are kept only for clothes that still exist (docs/spec.md §5). */
export function keepExistingEntries<T extends Pick<CanvasEntry, 'clothingId'>>(
  entries: readonly T[],
  clothes: Readonly<Record<string, unknown>>,
): T[] {
  return entries.filter((e) => clothes[e.clothingId] !== undefined);
}

/**
 * The `selected` query of the composer: comma-separated ids to pre-place; ids not in the
 * wardrobe are ignored, and each id is placed once (docs/spec.md §2).
 */
export function parseSelectedQuery(
  query: string | null | undefined,
  clothes: Readonly<Record<string, unknown>>,
): string[] {
  if (!query) return [];
  const out: string[] = [];
  for (const raw of query.split(',')) {
    const id = raw.trim();
    if (id && clothes[id] !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * A saved outfit holding any wishlist item is a wishlist outfit, otherwise an outfit in the
 * closet (docs/spec.md §3). Saving a new layout over an archived outfit keeps it archived: editing
 * is not taking it out of the archive. A wishlist status that only followed from a wishlist item
 * does not outlive that item.
 */
export function outfitStatusForItems(
  clothingIds: readonly string[],
  clothes: Readonly<Record<string, Pick<ClothingItem, 'status'> | undefined>>,
  previous?: OutfitStatus,
): OutfitStatus {
  if (clothingIds.some((id) => clothes[id]?.status === 'wishlist')) return 'wishlist';
  return previous === 'archived' ? 'archived' : 'outfits';
}

/** The scale each used item keeps for its next outfit, in outfit units (docs/spec.md §7 POST outfit). */
export function itemScalesFromCanvas(entries: readonly CanvasEntry[]): Map<string, number> {
  return new Map(entries.map((e) => [e.clothingId, e.scale]));
}

/** Arrow keys move the selected item by this many outfit units; with Shift, by the larger step. */
export const NUDGE_STEP = 1;
export const NUDGE_STEP_LARGE = 10;

/** Moves an item by (dx, dy) like a drag: nothing when locked, and it comes to the top. */
export function nudge(
  items: readonly ComposerItem[],
  id: string,
  dx: number,
  dy: number,
): ComposerItem[] {
  const item = items.find((i) => i.clothingId === id);
  if (!item) return [...items];
  return updateCanvasItem(items, id, { x: item.x + dx, y: item.y + dy });
}

/** The point a rotated item turns and scales about: the middle of its image. */
export function itemCenter(
  item: Pick<ComposerItem, 'x' | 'y' | 'scale' | 'rotation' | 'width' | 'height'>,
): { x: number; y: number } {
  const angle = (item.rotation * Math.PI) / 180;
  const hw = (item.width * item.scale) / 2;
  const hh = (item.height * item.scale) / 2;
  return {
    x: item.x + hw * Math.cos(angle) - hh * Math.sin(angle),
    y: item.y + hw * Math.sin(angle) + hh * Math.cos(angle),
  };
}

/**
 * The item at a new scale with its middle where it was: a pinch grows or shrinks the piece in
 * place instead of away from its top-left corner. The scale is clamped to the pinch range.
 */
export function scaleAboutCenter<T extends ComposerItem>(item: T, scale: number): T {
  const next = clampPinchScale(scale);
  const center = itemCenter(item);
  const angle = (item.rotation * Math.PI) / 180;
  const hw = (item.width * next) / 2;
  const hh = (item.height * next) / 2;
  return {
    ...item,
    scale: next,
    x: center.x - (hw * Math.cos(angle) - hh * Math.sin(angle)),
    y: center.y - (hw * Math.sin(angle) + hh * Math.cos(angle)),
  };
}

/** Distance between two touch points. */
export function touchDistance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function sameEntry(a: ComposerItem, b: ComposerItem): boolean {
  return (
    a.clothingId === b.clothingId &&
    a.x === b.x &&
    a.y === b.y &&
    a.scale === b.scale &&
    a.rotation === b.rotation
  );
}

/**
 * Whether two canvases would save the same outfit: same items in the same order at the same
 * places. Locks are left out: they are never saved.
 */
export function sameSavedLayout(a: readonly ComposerItem[], b: readonly ComposerItem[]): boolean {
  return a.length === b.length && a.every((item, i) => sameEntry(item, b[i]!));
}

/** Whether two canvases look and behave the same, locks included (one undo step each). */
export function sameCanvas(a: readonly ComposerItem[], b: readonly ComposerItem[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, i) => sameEntry(item, b[i]!) && !!item.locked === !!b[i]!.locked)
  );
}

/**
 * JPEG quality of the saved outfit image: a 720×1080 card of photos on white stays far under
 * 250 kB at this setting (bench/composer.bench.ts) with no visible blocking around edges.
 */
export const OUTFIT_JPEG_QUALITY = 0.86;
