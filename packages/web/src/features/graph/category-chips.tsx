import type { Category } from '@hanger/domain';
import { useId } from 'react';
import { RadioChip, displayLabel } from '../../components/chip-group';

interface CategoryChipsProps {
  categories: readonly Category[];
  value: Category | undefined;
  onChange: (value: Category | undefined) => void;
  colours: Record<Category, string>;
}

/**
 * "All" plus the categories in the graph, as one row of radio chips that scrolls sideways on a
 * phone. Each chip carries its category's ring colour, so the filter doubles as the legend.
 */
export function CategoryChips({ categories, value, onChange, colours }: CategoryChipsProps) {
  const name = useId();
  const chips: { value: Category | undefined; label: string }[] = [
    { value: undefined, label: 'All' },
    ...categories.map((c) => ({ value: c, label: displayLabel(c) })),
  ];
  return (
    <fieldset className="-mx-4 min-w-0 md:mx-0">
      <legend className="sr-only">Category</legend>
      <div className="flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:flex-wrap md:px-0">
        {chips.map((chip) => {
          return (
            <RadioChip
              key={chip.value ?? ''}
              name={name}
              value={chip.value ?? ''}
              checked={chip.value === value}
              onSelect={() => onChange(chip.value)}
              className="gap-2"
              labelClassName="shrink-0"
            >
              {chip.value && (
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full ring-2 ring-surface"
                  style={{ backgroundColor: colours[chip.value] }}
                />
              )}
              {chip.label}
            </RadioChip>
          );
        })}
      </div>
    </fieldset>
  );
}
