import type { SortDirection } from '@hanger/domain';
import {
  ArrowDownWideNarrow,
  ArrowUpNarrowWide,
  ChevronDown,
  Plus,
  SquareCheck,
  SlidersHorizontal,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { GridColumnsMenu, type GridColumnsMenuProps } from './grid-columns-menu';
import { StickyBar, type StickTo } from './sticky-bar';

interface SortBarProps<O extends string> {
  /** The sort options in the order the dropdown lists them. */
  options: readonly O[];
  option: O;
  onOptionChange: (option: O) => void;
  direction: SortDirection;
  onDirectionChange: (direction: SortDirection) => void;
  /** Shows the red dot on the filter button. */
  filtersActive: boolean;
  filtersOpen: boolean;
  onOpenFilters: () => void;
  /**
   * The plus button's name, e.g. "Add item"; it links to the relative route 'upload'. Without
   * it there is no plus button (pickers).
   */
  addLabel?: string;
  /** The Items view's more-options menu; other views leave it out. */
  columns?: GridColumnsMenuProps;
  /** Starts Select mode (docs/select-many.md); without it there is no Select button. */
  onSelect?: () => void;
  /** Where the bar sticks (the shell's tab screens by default). */
  stickTo?: StickTo;
}

const PILL =
  'inline-flex h-10 items-center rounded-full border border-line-strong bg-surface text-sm font-medium text-fg ' +
  'transition-colors hover:border-fg-subtle hover:bg-surface-2';

/**
 * The bar that stays at the top of the Items, Outfits and group screens (docs/spec.md §2): sort
 * option and direction, the filter button with its red dot, the more-options menu (items only) and
 * the plus button to the upload screen.
 */
export function SortBar<O extends string>({
  options,
  option,
  onOptionChange,
  direction,
  onDirectionChange,
  filtersActive,
  filtersOpen,
  onOpenFilters,
  addLabel,
  columns,
  onSelect,
  stickTo = 'shell',
}: SortBarProps<O>) {
  const selectId = useId();
  const ascending = direction === 'asc';
  const DirectionIcon = ascending ? ArrowUpNarrowWide : ArrowDownWideNarrow;

  return (
    <StickyBar data-sort-bar stickTo={stickTo}>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 md:px-8">
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Sort by
          </label>
          <div className="relative min-w-0">
            <select
              id={selectId}
              value={option}
              onChange={(e) => onOptionChange(e.target.value as O)}
              className={`${PILL} w-full min-w-0 max-w-[11rem] appearance-none truncate pr-9 pl-4 sm:max-w-none`}
            >
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-subtle"
            />
          </div>
          <button
            type="button"
            aria-label={`Sort direction: ${ascending ? 'ascending' : 'descending'}`}
            title={
              ascending ? 'Ascending — switch to descending' : 'Descending — switch to ascending'
            }
            onClick={() => onDirectionChange(ascending ? 'desc' : 'asc')}
            className={`${PILL} w-10 shrink-0 justify-center sm:w-auto sm:gap-2 sm:px-4`}
          >
            <DirectionIcon aria-hidden="true" className="size-4" />
            <span aria-hidden="true" className="hidden sm:inline">
              {ascending ? 'Ascending' : 'Descending'}
            </span>
          </button>
        </div>

        <div className="ml-auto flex shrink-0 items-center gap-2">
          <button
            type="button"
            aria-label={filtersActive ? 'Filters (active)' : 'Filters'}
            aria-haspopup="dialog"
            aria-expanded={filtersOpen}
            onClick={onOpenFilters}
            className={`${PILL} relative w-10 justify-center sm:w-auto sm:gap-2 sm:px-4 ${
              filtersActive ? 'border-fg-subtle' : ''
            }`}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            <span aria-hidden="true" className="hidden sm:inline">
              Filters
            </span>
            {filtersActive && (
              <span
                data-testid="filter-dot"
                aria-hidden="true"
                className="absolute top-1 right-1 size-2.5 rounded-full bg-dot ring-2 ring-canvas"
              />
            )}
          </button>
          {onSelect && (
            <button
              type="button"
              aria-label="Select"
              title="Select several"
              onClick={onSelect}
              className={`${PILL} w-10 justify-center sm:w-auto sm:gap-2 sm:px-4`}
            >
              <SquareCheck aria-hidden="true" className="size-4" />
              <span aria-hidden="true" className="hidden sm:inline">
                Select
              </span>
            </button>
          )}
          {columns && <GridColumnsMenu {...columns} />}
          {addLabel !== undefined && (
            <Link
              to="upload"
              aria-label={addLabel}
              title={addLabel}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent shadow-sm transition-colors hover:bg-accent-hover sm:w-auto sm:gap-2 sm:px-4 sm:text-sm sm:font-medium"
            >
              <Plus aria-hidden="true" className="size-5 sm:size-4" strokeWidth={2.25} />
              <span aria-hidden="true" className="hidden sm:inline">
                {addLabel}
              </span>
            </Link>
          )}
        </div>
      </div>
    </StickyBar>
  );
}
