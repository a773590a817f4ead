import { cropPixels, viewSize, type EditState } from './edit-geometry';

/**
 * Drawing the edited photo with a 2D canvas. The photo is loaded cross-origin anonymously
 * (docs/spec.md §7) so that a canvas it was drawn on can still be read back as a file.
 */

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.decoding = 'async';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`The photo could not be loaded (${src})`));
    img.src = src;
  });
}

type Transform = Pick<EditState, 'rotation' | 'flipH' | 'flipV'>;

/**
 * Draws flip(rotate(photo)) filling a `width` x `height` area of the context, the view's size
 * at some scale. Mirroring is applied in screen axes, after the turn.
 */
export function drawView(
  ctx: CanvasRenderingContext2D,
  img: CanvasImageSource,
  t: Transform,
  width: number,
  height: number,
): void {
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.scale(t.flipH ? -1 : 1, t.flipV ? -1 : 1);
  ctx.rotate((t.rotation * Math.PI) / 180);
  // Before the turn the photo's own width lies along the view's height for quarter turns.
  const quarter = t.rotation % 180 !== 0;
  const w = quarter ? height : width;
  const h = quarter ? width : height;
  ctx.drawImage(img, -w / 2, -h / 2, w, h);
  ctx.restore();
}

/** The pixel size of a loaded photo or a canvas. */
export function sourceSize(source: HTMLImageElement | HTMLCanvasElement) {
  return source instanceof HTMLImageElement
    ? { width: source.naturalWidth, height: source.naturalHeight }
    : { width: source.width, height: source.height };
}

/**
 * The edited photo (or cut-out: its transparency is kept) at full resolution, cropped, as a PNG.
 */
export async function renderEditedPng(
  source: HTMLImageElement | HTMLCanvasElement,
  state: EditState,
): Promise<Blob> {
  const { width, height } = sourceSize(source);
  const view = viewSize(width, height, state.rotation);
  const crop = cropPixels(state.crop, view);
  const canvas = document.createElement('canvas');
  canvas.width = crop.width;
  canvas.height = crop.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images');
  ctx.translate(-crop.x, -crop.y);
  drawView(ctx, source, state, view.width, view.height);
  return canvasPng(canvas);
}

/** A canvas as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The edited photo could not be saved'))),
        'image/png',
      );
    } catch (err) {
      // A photo served without CORS headers taints the canvas; reading it back then throws.
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
