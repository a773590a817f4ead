import type { Category } from '@hanger/domain';
import { ChipGroup, chips } from '../../components/chip-group';

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
  return (
    <ChipGroup
      layout="scroll-on-phone"
      legend="Category"
      chips={chips(categories, 'All')}
      value={value}
      onChange={onChange}
      mark={(category) =>
        category && (
          <span
            aria-hidden="true"
            className="size-2.5 rounded-full ring-2 ring-surface"
            style={{ backgroundColor: colours[category] }}
          />
        )
      }
    />
  );
}
