import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { moveCrop, resizeCrop, type Corner, type CropRect } from './edit-geometry';

interface CropBoxProps {
  crop: CropRect;
  onChange: (crop: CropRect) => void;
  /** Size of the picture on screen, to turn pointer movement into fractions. */
  width: number;
  height: number;
  /** Crop shape as width / height in view fractions, or undefined for free. */
  aspect?: number;
}

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  start: CropRect;
  corner: Corner | null;
}

const CORNERS: { corner: Corner; className: string; label: string }[] = [
  { corner: 'nw', className: '-top-3 -left-3 cursor-nwse-resize', label: 'top left' },
  { corner: 'ne', className: '-top-3 -right-3 cursor-nesw-resize', label: 'top right' },
  { corner: 'sw', className: '-bottom-3 -left-3 cursor-nesw-resize', label: 'bottom left' },
  { corner: 'se', className: '-right-3 -bottom-3 cursor-nwse-resize', label: 'bottom right' },
];

/** Keyboard steps, in fractions of the picture. */
const STEP = 0.01;
const BIG_STEP = 0.05;

/**
 * The crop frame over the picture: drag inside to move it, drag a corner to resize it. With
 * the keyboard, arrows move it and Shift+arrows resize it from the bottom-right corner.
 */
export function CropBox({ crop, onChange, width, height, aspect }: CropBoxProps) {
  const drag = useRef<Drag | null>(null);
  const [active, setActive] = useState(false);

  function begin(e: PointerEvent<HTMLElement>, corner: Corner | null) {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      pointerId: e.pointerId,
      startX: e.clientX,
      startY: e.clientY,
      start: crop,
      corner,
    };
    setActive(true);
  }

  function move(e: PointerEvent<HTMLElement>) {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId || width === 0 || height === 0) return;
    const dx = (e.clientX - d.startX) / width;
    const dy = (e.clientY - d.startY) / height;
    onChange(d.corner ? resizeCrop(d.start, d.corner, dx, dy, aspect) : moveCrop(d.start, dx, dy));
  }

  function end(e: PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== e.pointerId) return;
    drag.current = null;
    setActive(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const step = e.altKey ? BIG_STEP : STEP;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[e.key];
    if (!d) return;
    e.preventDefault();
    onChange(e.shiftKey ? resizeCrop(crop, 'se', d[0], d[1], aspect) : moveCrop(crop, d[0], d[1]));
  }

  const percent = (v: number) => `${v * 100}%`;
  return (
    <div
      role="group"
      tabIndex={0}
      aria-label="Crop area. Arrow keys move it, Shift and arrow keys resize it."
      aria-roledescription="crop frame"
      onKeyDown={onKeyDown}
      onPointerDown={(e) => begin(e, null)}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
      style={{
        left: percent(crop.x),
        top: percent(crop.y),
        width: percent(crop.w),
        height: percent(crop.h),
      }}
      className="absolute cursor-move touch-none border-2 border-white shadow-[0_0_0_9999px_rgb(0_0_0/0.55)] outline-none focus-visible:border-amber-300"
    >
      {/* Thirds, shown while adjusting, help line up the piece. */}
      <div
        aria-hidden="true"
        className={`pointer-events-none absolute inset-0 transition-opacity ${active ? 'opacity-100' : 'opacity-0'}`}
      >
        <div className="absolute inset-y-0 left-1/3 w-px bg-white/60" />
        <div className="absolute inset-y-0 left-2/3 w-px bg-white/60" />
        <div className="absolute inset-x-0 top-1/3 h-px bg-white/60" />
        <div className="absolute inset-x-0 top-2/3 h-px bg-white/60" />
      </div>
      {CORNERS.map(({ corner, className, label }) => (
        <span
          key={corner}
          aria-label={`Resize from the ${label} corner`}
          onPointerDown={(e) => begin(e, corner)}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          className={`absolute grid size-6 touch-none place-items-center ${className}`}
        >
          <span
            aria-hidden="true"
            className="size-3.5 rounded-sm border-2 border-neutral-900 bg-white"
          />
        </span>
      ))}
    </div>
  );
}
