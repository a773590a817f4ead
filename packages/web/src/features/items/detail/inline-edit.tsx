import { Pencil } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Button } from '../../../components/button';

/** A row of the details list: the label, then its value or its control. */
export function DetailRow({
  label,
  children,
  hint,
}: {
  label: string;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-line py-2 last:border-b-0">
      <dt className="text-sm text-fg-muted">
        {label}
        {hint && <span className="block text-xs text-fg-subtle">{hint}</span>}
      </dt>
      <dd className="flex min-w-0 items-center justify-end">{children}</dd>
    </div>
  );
}

interface InlineEditProps {
  label: string;
  /** The value as read out and shown; empty shows `placeholder` instead. */
  text: string;
  placeholder: string;
  /** Extra line under the value, e.g. the converted price. */
  note?: ReactNode;
  hint?: ReactNode;
  /** The editor; `done` closes it. It receives focus when it opens. */
  editor: (done: () => void) => ReactNode;
}

/**
 * A value that turns into its editor in place: tap the value, change it, Enter or Save keeps it,
 * Escape or Cancel leaves it as it was. Focus returns to the value afterwards.
 */
export function InlineEdit({ label, text, placeholder, note, hint, editor }: InlineEditProps) {
  const [editing, setEditing] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      trigger.current?.focus();
    }
  }, [editing]);

  if (editing) {
    return (
      // Still a term and its definition of the details list while it is edited.
      <div className="flex flex-col gap-2 border-b border-line py-4 last:border-b-0">
        <dt className="text-sm text-fg-muted">{label}</dt>
        <dd>
          {editor(() => {
            returnFocus.current = true;
            setEditing(false);
          })}
        </dd>
      </div>
    );
  }
  return (
    <DetailRow label={label} hint={hint}>
      <div className="flex min-w-0 flex-col items-end">
        <button
          ref={trigger}
          type="button"
          onClick={() => setEditing(true)}
          className="group -mr-2 inline-flex min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-right text-sm font-medium transition-colors hover:bg-surface-2"
        >
          {/* The button reads "Brand: Uniqlo" or "Brand: Add brand": the row's label, shown
              beside it, then what it shows (WCAG 2.5.3, the visible text is in the name). */}
          <span className="sr-only">{label}: </span>
          {/* A long value (a 200-character brand) is cut short within the card, not beside it. */}
          <span
            className={`max-w-[55vw] truncate md:max-w-80 ${text ? 'text-fg' : 'text-accent-ink'}`}
          >
            {text || placeholder}
          </span>
          <Pencil
            aria-hidden="true"
            className="size-3.5 shrink-0 text-fg-subtle opacity-60 group-hover:opacity-100"
          />
        </button>
        {note && <span className="text-xs text-fg-subtle">{note}</span>}
      </div>
    </DetailRow>
  );
}

interface EditorFormProps {
  /** Answers an error message to keep the editor open, or null when the value was accepted. */
  onSave: () => string | null;
  onCancel: () => void;
  /** Offers a Clear button that saves an empty value. */
  onClear?: () => void;
  error: string | null;
  children: (ids: { errorId: string }) => ReactNode;
}

/** The editor's form: its controls, the error, and Save / Clear / Cancel. */
export function EditorForm({ onSave, onCancel, onClear, error, children }: EditorFormProps) {
  const errorId = useId();
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('input, select, button');
    first?.focus();
    if (first instanceof HTMLInputElement && first.type !== 'date') first.select();
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    onSave();
  }

  function onKeyDown(e: KeyboardEvent) {
    // Escape inside a dialog opened from the editor (the currency selector) closes only that.
    const target = e.target as Element;
    if (target.closest('dialog') !== (ref.current?.closest('dialog') ?? null)) return;
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      onCancel();
    }
  }

  return (
    <form
      ref={ref}
      noValidate
      onSubmit={submit}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2"
    >
      {children({ errorId })}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onClear && (
          <Button variant="ghost" size="sm" onClick={onClear} className="mr-auto">
            Clear
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Save
        </Button>
      </div>
    </form>
  );
}

interface InlineSelectProps<T extends string> {
  label: string;
  value: T | '';
  options: readonly { value: T | ''; label: string }[];
  onChange: (value: T | '') => void;
  disabled?: boolean;
}

/** A choice edited right where it is shown: a quiet native select, changed in one tap. */
export function InlineSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  disabled,
}: InlineSelectProps<T>) {
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as T | '')}
      className={
        'max-w-[14rem] cursor-pointer appearance-none truncate rounded-lg border border-transparent bg-transparent py-1 pr-2 pl-2 text-right text-sm font-medium text-fg ' +
        'transition-colors hover:border-line-strong hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-default disabled:text-fg-subtle disabled:hover:border-transparent disabled:hover:bg-transparent ' +
        '[text-align-last:right]'
      }
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
