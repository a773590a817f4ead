import {
  ArrowDown,
  ArrowUp,
  Lock,
  LockOpen,
  Redo2,
  Trash2,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { CSSProperties } from 'react';

interface ToolProps {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  /** Drawn highlighted (a locked piece's lock); the label already says what a tap does. */
  active?: boolean;
  tone?: 'default' | 'danger';
  /** The keyboard shortcut, shown in the tooltip on desktop. */
  shortcut?: string;
}

function Tool({
  label,
  icon: Icon,
  onClick,
  disabled,
  active,
  tone = 'default',
  shortcut,
}: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      onClick={onClick}
      className={
        'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors ' +
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ' +
        'disabled:pointer-events-none disabled:opacity-35 ' +
        (active
          ? 'bg-accent-soft text-accent-ink'
          : tone === 'danger'
            ? 'text-danger hover:bg-danger-soft'
            : 'text-fg hover:bg-surface-2')
      }
    >
      <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
    </button>
  );
}

function Divider({ vertical }: { vertical: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={vertical ? 'mx-auto my-1 h-px w-6 bg-line' : 'mx-1 h-6 w-px bg-line'}
    />
  );
}

interface CanvasToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  /** The selected piece's tools; absent when nothing is selected. */
  selection?: {
    locked: boolean;
    atTop: boolean;
    atBottom: boolean;
    onDelete: () => void;
    onForward: () => void;
    onBackward: () => void;
    onToggleLock: () => void;
  };
  disabled?: boolean;
  vertical: boolean;
  /** Mac users read ⌘, everyone else Ctrl. */
  mod: string;
  style?: CSSProperties;
  className?: string;
}

/**
 * The floating tool pill: undo and redo always (touch users have no keyboard), and for the
 * selected piece delete, move forward, move backward and lock/unlock (docs/spec.md §2). A locked
 * piece cannot be reordered, so its forward and backward tools are off.
 */
export function CanvasToolbar({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  selection,
  disabled = false,
  vertical,
  mod,
  style,
  className = '',
}: CanvasToolbarProps) {
  return (
    <div
      role="toolbar"
      aria-label="Canvas tools"
      aria-orientation={vertical ? 'vertical' : 'horizontal'}
      style={style}
      className={
        'flex items-center gap-0.5 rounded-full border border-line bg-surface/95 p-1 shadow-float backdrop-blur-md ' +
        (vertical ? 'flex-col' : 'flex-row') +
        ` ${className}`
      }
    >
      <Tool
        label="Undo"
        icon={Undo2}
        onClick={onUndo}
        disabled={disabled || !canUndo}
        shortcut={`${mod}Z`}
      />
      <Tool
        label="Redo"
        icon={Redo2}
        onClick={onRedo}
        disabled={disabled || !canRedo}
        shortcut={`Shift+${mod}Z`}
      />
      {selection && (
        <>
          <Divider vertical={vertical} />
          <Tool
            label="Move backward"
            icon={ArrowDown}
            onClick={selection.onBackward}
            disabled={disabled || selection.locked || selection.atBottom}
          />
          <Tool
            label="Move forward"
            icon={ArrowUp}
            onClick={selection.onForward}
            disabled={disabled || selection.locked || selection.atTop}
          />
          <Tool
            label={selection.locked ? 'Unlock' : 'Lock'}
            icon={selection.locked ? Lock : LockOpen}
            onClick={selection.onToggleLock}
            active={selection.locked}
            disabled={disabled}
          />
          <Tool
            label="Delete"
            icon={Trash2}
            onClick={selection.onDelete}
            tone="danger"
            disabled={disabled}
            shortcut="Delete"
          />
        </>
      )}
    </div>
  );
}
