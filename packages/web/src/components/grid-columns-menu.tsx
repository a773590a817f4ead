import { GRID_COLS_MAX, GRID_COLS_MIN } from '@hanger/domain';
import { EllipsisVertical, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

export interface GridColumnsMenuProps {
  /** The chosen column count, or null for the responsive default ('auto'). */
  value: number | null;
  /** What auto shows at the current width: where the slider rests while unset. */
  autoCols: number;
  onChange: (cols: number | null) => void;
}

/** "Columns: Auto" while unset, else the chosen count (docs/spec.md §2). */
export function columnsLabel(value: number | null): string {
  return value === null ? 'Columns: Auto' : `Columns: ${value}`;
}

/**
 * The Items view's more-options menu: a Grid Columns slider from 2 to 10 and a Reset back to the
 * responsive default. A small popover rather than a menu, because it holds a slider.
 */
export function GridColumnsMenu({ value, autoCols, onChange }: GridColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sliderRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const sliderId = useId();

  useEffect(() => {
    if (!open) return;
    sliderRef.current?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const shown = value ?? autoCols;
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="More options"
        title="More options"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={
          'inline-flex size-10 items-center justify-center rounded-full border border-line-strong bg-surface text-fg ' +
          'transition-colors hover:border-fg-subtle hover:bg-surface-2 aria-expanded:bg-surface-2'
        }
      >
        <EllipsisVertical aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <div
          id={panelId}
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
      )}
    </div>
  );
}
