import { useId, type ReactNode } from 'react';

export interface Chip<V extends string> {
  /** Undefined is the "no filter" choice (All, Any time). */
  value: V | undefined;
  label: string;
}

interface ChipGroupProps<V extends string> {
  legend: string;
  chips: readonly Chip<V>[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}

/** Sentence case for values the domain spells in lower case: the domain's rule. */
export { displayLabel } from '@hanger/domain';

/**
 * One filter as a row of chips that behave as radio buttons: arrow keys move between them and
 * screen readers announce "Category, radio group".
 */
export function ChipGroup<V extends string>({ legend, chips, value, onChange }: ChipGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-sm font-semibold text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          return (
            <RadioChip
              key={chip.value ?? ''}
              name={name}
              value={chip.value ?? ''}
              checked={chip.value === value}
              onSelect={() => onChange(chip.value)}
            >
              {chip.label}
            </RadioChip>
          );
        })}
      </div>
    </fieldset>
  );
}

interface RadioChipProps {
  /** The radio group's name (one `useId()` per row). */
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  size?: 'md' | 'sm';
  /** Extra classes for the chip itself, e.g. `whitespace-nowrap` or `gap-2`. */
  className?: string;
  /** Extra classes for the wrapping label, e.g. `shrink-0` in a row that scrolls. */
  labelClassName?: string;
  children: ReactNode;
}

/**
 * One chip of a radio row: a visually hidden radio button with the chip drawn beside it, so the
 * arrow keys move the choice and the focus ring follows the keyboard. Every chip row uses it.
 */
export function RadioChip({
  name,
  value,
  checked,
  onSelect,
  size = 'md',
  className = '',
  labelClassName = '',
  children,
}: RadioChipProps) {
  return (
    <label className={`relative ${labelClassName}`}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="peer sr-only"
      />
      <span
        className={
          'inline-flex cursor-pointer items-center rounded-full border font-medium transition-colors ' +
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ' +
          (size === 'md' ? 'h-9 px-4 text-sm ' : 'h-8 px-3 text-[0.8125rem] ') +
          (checked
            ? 'border-fg bg-fg text-canvas '
            : 'border-line-strong bg-surface text-fg hover:border-fg-subtle hover:bg-surface-2 ') +
          className
        }
      >
        {children}
      </span>
    </label>
  );
}
