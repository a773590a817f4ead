import type { Stroke } from './brush-history';

/**
 * Painting the touch-up brush on the cut-out's own pixels (a canvas of the cut-out's size). Erase
 * clears what the brush passes over; Restore paints the original photo's pixels back there, with
 * the original as the stroke's pattern, so each pixel comes back exactly as it was photographed.
 * The same function paints a stroke live and replays it after an undo.
 */

/** The original as a pattern laid over the cut-out's pixels (scaled if its size differs). */
export function restorePattern(
  ctx: CanvasRenderingContext2D,
  original: HTMLImageElement,
  width: number,
  height: number,
): CanvasPattern | null {
  const pattern = ctx.createPattern(original, 'no-repeat');
  const { naturalWidth: w, naturalHeight: h } = original;
  if (pattern && w > 0 && h > 0 && (w !== width || h !== height)) {
    pattern.setTransform(new DOMMatrix().scale(width / w, height / h));
  }
  return pattern;
}

/**
 * Paints `stroke` from its point `from` on (0: the whole stroke, starting with a dot where it
 * began, so that a tap paints too). Restore needs `pattern`; without it nothing is painted.
 */
export function paintStroke(
  ctx: CanvasRenderingContext2D,
  stroke: Stroke,
  from: number,
  pattern: CanvasPattern | null,
): void {
  const { points, size, mode } = stroke;
  const count = points.length / 2;
  if (count === 0 || (mode === 'restore' && !pattern)) return;
  ctx.save();
  ctx.globalCompositeOperation = mode === 'erase' ? 'destination-out' : 'source-over';
  const style = mode === 'erase' ? '#000' : pattern!;
  ctx.fillStyle = style;
  ctx.strokeStyle = style;
  ctx.lineWidth = size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (from === 0) {
    ctx.beginPath();
    ctx.arc(points[0]!, points[1]!, size / 2, 0, Math.PI * 2);
    ctx.fill();
  }
  const start = Math.max(0, from - 1);
  if (count - start >= 2) {
    ctx.beginPath();
    ctx.moveTo(points[start * 2]!, points[start * 2 + 1]!);
    for (let i = start + 1; i < count; i++) ctx.lineTo(points[i * 2]!, points[i * 2 + 1]!);
    ctx.stroke();
  }
  ctx.restore();
}

/** The cut-out with `strokes` painted on it, drawn afresh (after an undo or redo). */
export function renderTouchedUp(
  canvas: HTMLCanvasElement,
  base: HTMLImageElement,
  strokes: readonly Stroke[],
  original: HTMLImageElement | null,
): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(base, 0, 0, canvas.width, canvas.height);
  const pattern = original ? restorePattern(ctx, original, canvas.width, canvas.height) : null;
  for (const stroke of strokes) paintStroke(ctx, stroke, 0, pattern);
}
