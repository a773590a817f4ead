import { useId } from 'react';

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

/** Sentence case for values the domain spells in lower case ("in closet" -> "In closet"). */
export function displayLabel(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

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
          const checked = chip.value === value;
          return (
            <label key={chip.value ?? ''} className="relative">
              <input
                type="radio"
                name={name}
                value={chip.value ?? ''}
                checked={checked}
                onChange={() => onChange(chip.value)}
                className="peer sr-only"
              />
              <span
                className={
                  'inline-flex h-9 cursor-pointer items-center rounded-full border px-4 text-sm font-medium transition-colors ' +
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ' +
                  (checked
                    ? 'border-fg bg-fg text-canvas'
                    : 'border-line-strong bg-surface text-fg hover:border-fg-subtle hover:bg-surface-2')
                }
              >
                {chip.label}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
