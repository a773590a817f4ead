import { EllipsisVertical } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';

/**
 * The popover's slider and Reset: loaded when the menu first opens (or once the first screen has
 * settled, app/router.tsx), not in the first load (bench/web-bundle.mjs; docs/design.md,
 * Performance targets: initial JS within 150 kB gzip).
 */
export const loadGridColumnsPanel = () => import('./grid-columns-panel');
const GridColumnsPanel = lazy(loadGridColumnsPanel);

export interface GridColumnsMenuProps {
  /** The chosen column count, or null for the responsive default ('auto'). */
  value: number | null;
  /** What auto shows at the current width: where the slider rests while unset. */
  autoCols: number;
  onChange: (cols: number | null) => void;
}

/**
 * The Items view's more-options menu: a Grid Columns slider from 2 to 10 and a Reset back to the
 * responsive default. A small popover rather than a menu, because it holds a slider.
 */
export function GridColumnsMenu({ value, autoCols, onChange }: GridColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
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
        <Suspense fallback={null}>
          <GridColumnsPanel id={panelId} value={value} autoCols={autoCols} onChange={onChange} />
        </Suspense>
      )}
    </div>
  );
}
