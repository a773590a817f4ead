import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { BrushMode, Stroke } from './brush-history';
import { paintStroke, restorePattern } from './brush-paint';
import { viewSize, viewToPhoto, type EditState } from './edit-geometry';
import { drawView } from './render-edit';

interface TouchUpCanvasProps {
  /** The cut-out being touched up, at its own pixel size; strokes are painted on it. */
  work: HTMLCanvasElement;
  /** The original photo: Restore paints its pixels back, and shows it faintly beneath. */
  original: HTMLImageElement | null;
  /** The turn and mirror the view shows (the crop is not shown while touching up). */
  edit: EditState;
  /** Size of the view on screen. */
  width: number;
  height: number;
  mode: BrushMode;
  /** Brush diameter on screen, in CSS pixels. */
  size: number;
  /** Changes whenever `work` was drawn afresh (an undo or redo). */
  version: number;
  onStroke: (stroke: Stroke) => void;
}

interface Painting {
  pointerId: number;
  stroke: Stroke;
  /** Points already painted on `work`. */
  painted: number;
}

/** How strongly the original shows beneath the cut-out while restoring. */
const GHOST_ALPHA = 0.35;

/**
 * The touch-up brush's surface: one finger, a pen or the mouse paints on the cut-out, in the
 * view's turn and mirror. `touch-action: none` keeps the browser from scrolling or zooming while a
 * finger paints; a second finger is ignored rather than drawing a line between the two.
 */
export function TouchUpCanvas({
  work,
  original,
  edit,
  width,
  height,
  mode,
  size,
  version,
  onStroke,
}: TouchUpCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const painting = useRef<Painting | null>(null);
  const frame = useRef<number | null>(null);
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const pattern = useRef<CanvasPattern | null>(null);

  useEffect(() => {
    const ctx = work.getContext('2d');
    pattern.current =
      ctx && original ? restorePattern(ctx, original, work.width, work.height) : null;
  }, [work, original]);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (mode === 'restore' && original) {
      ctx.globalAlpha = GHOST_ALPHA;
      drawView(ctx, original, edit, canvas.width, canvas.height);
      ctx.globalAlpha = 1;
    }
    drawView(ctx, work, edit, canvas.width, canvas.height);
  }, [work, original, edit, mode]);

  const requestDraw = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      draw();
    });
  }, [draw]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    draw();
  }, [draw, width, height, version]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** The pointer's place on the cut-out's own pixels. */
  function photoPoint(e: { clientX: number; clientY: number }): [number, number] {
    const rect = canvasRef.current!.getBoundingClientRect();
    const u = (e.clientX - rect.left) / rect.width;
    const v = (e.clientY - rect.top) / rect.height;
    const { x, y } = viewToPhoto(u, v, edit);
    return [x * work.width, y * work.height];
  }

  function paint() {
    const current = painting.current;
    const ctx = work.getContext('2d');
    if (!current || !ctx) return;
    paintStroke(ctx, current.stroke, current.painted, pattern.current);
    current.painted = current.stroke.points.length / 2;
    requestDraw();
  }

  function onPointerDown(e: PointerEvent<HTMLCanvasElement>) {
    if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0) || painting.current) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const rect = e.currentTarget.getBoundingClientRect();
    // The brush is sized on screen; on the photo it is as many of its pixels as that covers.
    const view = viewSize(work.width, work.height, edit.rotation);
    const perCssPixel = rect.width > 0 ? view.width / rect.width : 1;
    painting.current = {
      pointerId: e.pointerId,
      stroke: { mode, size: Math.max(1, size * perCssPixel), points: photoPoint(e) },
      painted: 0,
    };
    paint();
  }

  function onPointerMove(e: PointerEvent<HTMLCanvasElement>) {
    if (e.pointerType !== 'touch') {
      const rect = e.currentTarget.getBoundingClientRect();
      setPointer({ x: e.clientX - rect.left, y: e.clientY - rect.top });
    }
    const current = painting.current;
    if (!current || current.pointerId !== e.pointerId) return;
    // Fast strokes deliver several positions per frame; all of them make the line.
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const event of events.length > 0 ? events : [e]) {
      current.stroke.points.push(...photoPoint(event));
    }
    paint();
  }

  function finish(e: PointerEvent<HTMLCanvasElement>) {
    const current = painting.current;
    if (!current || current.pointerId !== e.pointerId) return;
    painting.current = null;
    onStroke(current.stroke);
  }

  return (
    <>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={mode === 'erase' ? 'Cut-out: paint to erase' : 'Cut-out: paint to restore'}
        data-touch-up=""
        style={{ width, height, touchAction: 'none' }}
        className="block cursor-none select-none [-webkit-touch-callout:none]"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        onPointerLeave={(e) => e.pointerType !== 'touch' && setPointer(null)}
        onContextMenu={(e) => e.preventDefault()}
      />
      {pointer && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgb(0_0_0/0.6)]"
          style={{
            width: size,
            height: size,
            left: pointer.x - size / 2,
            top: pointer.y - size / 2,
          }}
        />
      )}
    </>
  );
}
