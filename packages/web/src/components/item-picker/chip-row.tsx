import { useId } from 'react';
import type { Chip } from '../chip-group';

interface ChipRowProps<V extends string> {
  /** Read by screen readers as the group's name, e.g. "Category". */
  legend: string;
  chips: readonly Chip<V>[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  size?: 'md' | 'sm';
}

/**
 * One line of choice chips that scrolls sideways on phones instead of wrapping: the picker's
 * category and subcategory rows. Radio buttons underneath, so arrow keys move the choice.
 */
export function ChipRow<V extends string>({
  legend,
  chips,
  value,
  onChange,
  size = 'md',
}: ChipRowProps<V>) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{legend}</legend>
      <div className="-mx-4 flex [scrollbar-width:none] gap-2 overflow-x-auto px-4 md:-mx-8 md:px-8 [&::-webkit-scrollbar]:hidden">
        {chips.map((chip) => {
          const checked = chip.value === value;
          return (
            <label key={chip.value ?? ''} className="relative shrink-0">
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
                  'inline-flex cursor-pointer items-center rounded-full border font-medium whitespace-nowrap transition-colors ' +
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ' +
                  (size === 'md' ? 'h-9 px-4 text-sm ' : 'h-8 px-3 text-[0.8125rem] ') +
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
