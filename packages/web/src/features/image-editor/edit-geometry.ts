/**
 * The image editor's state and geometry, free of the DOM so that it can be tested.
 *
 * What the user sees is flip(rotate(photo)): the photo turned by a quarter-turn multiple, then
 * mirrored along the screen's axes. The crop is a rectangle in that view, in fractions (0..1) of
 * its width and height, so it follows the photo through later turns and flips.
 */

export type QuarterTurn = 0 | 90 | 180 | 270;

export interface CropRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface EditState {
  rotation: QuarterTurn;
  flipH: boolean;
  flipV: boolean;
  crop: CropRect;
}

export const FULL_CROP: CropRect = { x: 0, y: 0, w: 1, h: 1 };
/** The crop never gets smaller than this fraction of either side. */
export const MIN_CROP = 0.05;

export const INITIAL_EDIT: EditState = { rotation: 0, flipH: false, flipV: false, crop: FULL_CROP };

export function isUnchanged(state: EditState): boolean {
  const { crop } = state;
  return (
    state.rotation === 0 &&
    !state.flipH &&
    !state.flipV &&
    crop.x === 0 &&
    crop.y === 0 &&
    crop.w === 1 &&
    crop.h === 1
  );
}

/** Width and height of the view of a photo of the given size after the turn. */
export function viewSize(
  width: number,
  height: number,
  rotation: QuarterTurn,
): { width: number; height: number } {
  return rotation % 180 === 0 ? { width, height } : { width: height, height: width };
}

const turn = (rotation: QuarterTurn, by: 90 | -90): QuarterTurn =>
  ((rotation + by + 360) % 360) as QuarterTurn;

/**
 * A quarter-turn clockwise of what is seen. Turning a mirrored view equals mirroring along the
 * other axis after the turn, so the flips swap; the crop turns with the picture.
 */
export function rotateClockwise(state: EditState): EditState {
  const { x, y, w, h } = state.crop;
  return {
    rotation: turn(state.rotation, 90),
    flipH: state.flipV,
    flipV: state.flipH,
    crop: { x: 1 - (y + h), y: x, w: h, h: w },
  };
}

export function rotateCounterClockwise(state: EditState): EditState {
  const { x, y, w, h } = state.crop;
  return {
    rotation: turn(state.rotation, -90),
    flipH: state.flipV,
    flipV: state.flipH,
    crop: { x: y, y: 1 - (x + w), w: h, h: w },
  };
}

export function flipHorizontal(state: EditState): EditState {
  const { crop } = state;
  return { ...state, flipH: !state.flipH, crop: { ...crop, x: 1 - crop.x - crop.w } };
}

export function flipVertical(state: EditState): EditState {
  const { crop } = state;
  return { ...state, flipV: !state.flipV, crop: { ...crop, y: 1 - crop.y - crop.h } };
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** Moves the crop by a fraction of the view, stopping at the edges. */
export function moveCrop(crop: CropRect, dx: number, dy: number): CropRect {
  return { ...crop, x: clamp(crop.x + dx, 0, 1 - crop.w), y: clamp(crop.y + dy, 0, 1 - crop.h) };
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/**
 * Drags one corner by a fraction of the view; the opposite corner stays put. The crop stays
 * inside the view and at least MIN_CROP on each side. With `aspect` (width / height of the crop
 * in view fractions) the shape is kept, following the larger movement.
 */
export function resizeCrop(
  crop: CropRect,
  corner: Corner,
  dx: number,
  dy: number,
  aspect?: number,
): CropRect {
  const west = corner === 'nw' || corner === 'sw';
  const north = corner === 'nw' || corner === 'ne';
  // The fixed corner, and the room the moving corner has towards the edges.
  const fixedX = west ? crop.x + crop.w : crop.x;
  const fixedY = north ? crop.y + crop.h : crop.y;
  const maxW = west ? fixedX : 1 - fixedX;
  const maxH = north ? fixedY : 1 - fixedY;
  let w = clamp(crop.w + (west ? -dx : dx), MIN_CROP, maxW);
  let h = clamp(crop.h + (north ? -dy : dy), MIN_CROP, maxH);
  if (aspect !== undefined && aspect > 0) {
    // Follow the side that moved most, then shrink both until the shape fits.
    if (Math.abs(dx) >= Math.abs(dy)) h = w / aspect;
    else w = h * aspect;
    const fit = Math.min(1, maxW / w, maxH / h);
    w *= fit;
    h *= fit;
  }
  return { x: west ? fixedX - w : fixedX, y: north ? fixedY - h : fixedY, w, h };
}

/**
 * The largest centred crop of the given shape (width / height in pixels) inside a view of the
 * given pixel size; `undefined` shape is the whole view.
 */
export function centredCrop(
  view: { width: number; height: number },
  shape: number | undefined,
): CropRect {
  if (shape === undefined) return FULL_CROP;
  const viewShape = view.width / view.height;
  const w = shape >= viewShape ? 1 : shape / viewShape;
  const h = shape >= viewShape ? viewShape / shape : 1;
  return { x: (1 - w) / 2, y: (1 - h) / 2, w, h };
}

/** The crop in whole pixels of a view of the given size, at least 1 x 1. */
export function cropPixels(crop: CropRect, view: { width: number; height: number }) {
  const x = Math.round(crop.x * view.width);
  const y = Math.round(crop.y * view.height);
  const width = Math.max(1, Math.min(view.width - x, Math.round(crop.w * view.width)));
  const height = Math.max(1, Math.min(view.height - y, Math.round(crop.h * view.height)));
  return { x, y, width, height };
}

/**
 * Where a point of the view (fractions of its width and height) lies on the photo itself
 * (fractions of the photo's own width and height): the inverse of flip(rotate(photo)), so that a
 * brush on the turned, mirrored view paints the photo's own pixels.
 */
export function viewToPhoto(
  u: number,
  v: number,
  t: Pick<EditState, 'rotation' | 'flipH' | 'flipV'>,
): { x: number; y: number } {
  const a = t.flipH ? 1 - u : u;
  const b = t.flipV ? 1 - v : v;
  switch (t.rotation) {
    case 90:
      return { x: b, y: 1 - a };
    case 180:
      return { x: 1 - a, y: 1 - b };
    case 270:
      return { x: 1 - b, y: a };
    default:
      return { x: a, y: b };
  }
}
