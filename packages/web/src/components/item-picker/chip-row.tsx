import { useId } from 'react';
import { RadioChip, type Chip } from '../chip-group';

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
          return (
            <RadioChip
              key={chip.value ?? ''}
              name={name}
              value={chip.value ?? ''}
              checked={chip.value === value}
              onSelect={() => onChange(chip.value)}
              size={size}
              className="whitespace-nowrap"
              labelClassName="shrink-0"
            >
              {chip.label}
            </RadioChip>
          );
        })}
      </div>
    </fieldset>
  );
}
