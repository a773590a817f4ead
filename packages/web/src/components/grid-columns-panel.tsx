import { GRID_COLS_MAX, GRID_COLS_MIN } from '@hanger/domain';
import { RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { GridColumnsMenuProps } from './grid-columns-menu';

/** "Columns: Auto" while unset, else the chosen count (docs/spec.md §2). */
export function columnsLabel(value: number | null): string {
  return value === null ? 'Columns: Auto' : `Columns: ${value}`;
}

/**
 * The more-options popover of grid-columns-menu.tsx: a Grid Columns slider from 2 to 10 and a
 * Reset back to the responsive default. The slider takes the focus when the popover opens.
 */
export default function GridColumnsPanel({
  id,
  value,
  autoCols,
  onChange,
}: GridColumnsMenuProps & { id: string }) {
  const sliderRef = useRef<HTMLInputElement>(null);
  const sliderId = useId();
  useEffect(() => sliderRef.current?.focus(), []);
  const shown = value ?? autoCols;
  return (
    <div
      id={id}
      role="dialog"
      aria-label="View options"
      className="absolute top-12 right-0 z-40 w-72 animate-fade-in rounded-2xl border border-line bg-surface p-4 text-fg shadow-float"
    >
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={sliderId} className="text-sm font-semibold">
          Grid Columns
        </label>
        <output
          htmlFor={sliderId}
          aria-live="polite"
          className="text-sm text-fg-muted tabular-nums"
        >
          {columnsLabel(value)}
        </output>
      </div>
      <input
        ref={sliderRef}
        id={sliderId}
        type="range"
        min={GRID_COLS_MIN}
        max={GRID_COLS_MAX}
        step={1}
        value={shown}
        aria-valuetext={value === null ? `Auto (${autoCols} columns)` : `${value} columns`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-4 w-full cursor-pointer accent-[var(--hg-accent)]"
      />
      <div
        aria-hidden="true"
        className="mt-1 flex justify-between text-xs text-fg-subtle tabular-nums"
      >
        <span>{GRID_COLS_MIN}</span>
        <span>{GRID_COLS_MAX}</span>
      </div>
      <button
        type="button"
        onClick={() => onChange(null)}
        disabled={value === null}
        className={
          'mt-4 inline-flex h-9 w-full items-center justify-center gap-2 rounded-full border border-line-strong text-sm font-medium ' +
          'transition-colors hover:bg-surface-2 disabled:cursor-default disabled:opacity-50 disabled:hover:bg-transparent'
        }
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        Reset
      </button>
    </div>
  );
}
