import {
  CATEGORIES,
  SUBCATEGORY_NONE,
  SUBCATEGORY_NONE_LABEL,
  displayLabel,
  type Category,
} from '@hanger/domain';
import { useId, type ReactNode } from 'react';

export interface Chip<V extends string> {
  /** Undefined is the "no filter" choice (All, Any time). */
  value: V | undefined;
  label: string;
}

/**
 * How a row of chips sits on the page. `wrap`: a panel's filter under its visible legend.
 * `scroll`: one line that scrolls sideways on every width (the item picker's rows). `scroll-on-phone`:
 * one scrolling line on a phone that wraps from md up (the graph's categories).
 */
type ChipLayout = 'wrap' | 'scroll' | 'scroll-on-phone';

const LAYOUTS: Record<
  ChipLayout,
  { fieldset: string; legend: string; row: string; chip: string; label: string }
> = {
  wrap: {
    fieldset: 'min-w-0',
    legend: 'mb-3 text-sm font-semibold text-fg',
    row: 'flex flex-wrap gap-2',
    chip: '',
    label: '',
  },
  scroll: {
    fieldset: 'min-w-0',
    legend: 'sr-only',
    row: '-mx-4 flex [scrollbar-width:none] gap-2 overflow-x-auto px-4 md:-mx-8 md:px-8 [&::-webkit-scrollbar]:hidden',
    chip: 'whitespace-nowrap',
    label: 'shrink-0',
  },
  'scroll-on-phone': {
    fieldset: '-mx-4 min-w-0 md:mx-0',
    legend: 'sr-only',
    row: 'flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:flex-wrap md:px-0',
    chip: 'gap-2',
    label: 'shrink-0',
  },
};

interface ChipGroupProps<V extends string> {
  /** The group's name; shown above a wrapping row, read only by screen readers on a scrolling one. */
  legend: string;
  chips: readonly Chip<V>[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  layout?: ChipLayout;
  size?: 'md' | 'sm';
  /** Drawn before a chip's label, e.g. the graph's category colour. */
  mark?: (value: V | undefined) => ReactNode;
}

/** Sentence case for values the domain spells in lower case: the domain's rule. */
export { displayLabel };

/** A chip per value, labelled in sentence case, after an `all` chip (no filter) when given. */
export function chips<V extends string>(values: readonly V[], all?: string): Chip<V>[] {
  const list: Chip<V>[] = values.map((v) => ({ value: v, label: displayLabel(v) }));
  return all === undefined ? list : [{ value: undefined, label: all }, ...list];
}

export const CATEGORY_CHIPS: readonly Chip<Category>[] = chips(CATEGORIES, 'All');

/** "All", a category's subcategories, then the items filed under none of them. */
export function subcategoryChips(subs: readonly { id: string; name: string }[]): Chip<string>[] {
  return [
    { value: undefined, label: 'All' },
    ...subs.map((s) => ({ value: s.id, label: s.name })),
    { value: SUBCATEGORY_NONE, label: SUBCATEGORY_NONE_LABEL },
  ];
}

/**
 * One choice as a row of chips that behave as radio buttons: arrow keys move between them and
 * screen readers announce "Category, radio group". Every chip row of the app is one of these.
 */
export function ChipGroup<V extends string>({
  legend,
  chips,
  value,
  onChange,
  layout = 'wrap',
  size = 'md',
  mark,
}: ChipGroupProps<V>) {
  const name = useId();
  const look = LAYOUTS[layout];
  return (
    <fieldset className={look.fieldset}>
      <legend className={look.legend}>{legend}</legend>
      <div className={look.row}>
        {chips.map((chip) => {
          return (
            <RadioChip
              key={chip.value ?? ''}
              name={name}
              value={chip.value ?? ''}
              checked={chip.value === value}
              onSelect={() => onChange(chip.value)}
              size={size}
              className={look.chip}
              labelClassName={look.label}
            >
              {mark?.(chip.value)}
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
 * arrow keys move the choice and the focus ring follows the keyboard.
 */
function RadioChip({
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
