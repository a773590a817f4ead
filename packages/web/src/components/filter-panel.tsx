import {
  DATE_OBTAINED_THIS_YEAR,
  DEFAULT_ITEM_STATUS_FILTER,
  DEFAULT_OUTFIT_STATUS_FILTER,
  ITEM_STATUS_FILTERS,
  OUTFIT_STATUS_FILTERS,
  OUTFIT_TIMES_WORN_FILTERS,
  PICKER_STATUS_FILTERS,
  SOURCES,
  SOURCE_NOT_SPECIFIED,
  hasActiveItemFilters,
  hasActiveOutfitFilters,
  withCategory,
  type ColourName,
  type ItemFilters,
  type OutfitFilters,
  type Settings,
} from '@hanger/domain';
import type { ReactNode } from 'react';
import { Button } from './button';
import { ColourChecks } from './colour-chips';
import { CATEGORY_CHIPS, ChipGroup, chips, subcategoryChips, type Chip } from './chip-group';
import { Dialog } from './dialog';

/** The same filters with one key set, or removed when the value is the "no filter" choice. */
function withValue<F extends object, K extends keyof F>(
  filters: F,
  key: K,
  value: F[K] | undefined,
): F {
  const next = { ...filters };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

const SOURCE_CHIPS = chips([...SOURCES, SOURCE_NOT_SPECIFIED], 'All');
const DATE_CHIPS = chips([DATE_OBTAINED_THIS_YEAR], 'Any time');
const ITEM_STATUS_CHIPS = chips(ITEM_STATUS_FILTERS);
const PICKER_STATUS_CHIPS = chips(PICKER_STATUS_FILTERS);
const TIMES_WORN_CHIPS = chips(OUTFIT_TIMES_WORN_FILTERS, 'Any');
const OUTFIT_STATUS_CHIPS = chips(OUTFIT_STATUS_FILTERS);

/** One key of the filters as a row of chips; the "no filter" chip removes the key. */
function KeyChips<F extends object, K extends keyof F>({
  legend,
  chips,
  filters,
  name,
  fallback,
  onChange,
}: {
  legend: string;
  chips: readonly Chip<F[K] & string>[];
  filters: F;
  name: K;
  /** Shown as chosen when the key is absent, e.g. the default status. */
  fallback?: F[K] & string;
  onChange: (filters: F) => void;
}) {
  return (
    <ChipGroup
      legend={legend}
      chips={chips}
      value={(filters[name] ?? fallback) as (F[K] & string) | undefined}
      onChange={(value) => onChange(withValue(filters, name, value as F[K] | undefined))}
    />
  );
}

/** The colours of the filters as checks (any of them); none checked removes the key. */
function ColourFilter<F extends { colours?: ColourName[] }>({
  legend,
  filters,
  onChange,
}: {
  legend: string;
  filters: F;
  onChange: (filters: F) => void;
}) {
  return (
    <ColourChecks
      legend={legend}
      value={filters.colours}
      onChange={(colours) =>
        onChange(withValue(filters, 'colours', colours.length > 0 ? colours : undefined))
      }
    />
  );
}

interface PanelFrameProps extends Omit<FilterPanelProps<unknown>, 'filters' | 'onChange'> {
  active: boolean;
  noun: readonly [one: string, many: string];
  children: ReactNode;
}

/** The sheet (phones) or dialog (desktop) around a view's filters, with Clear All and a live count. */
function PanelFrame({
  open,
  onClose,
  active,
  onClearAll,
  resultCount,
  noun,
  children,
}: PanelFrameProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Filters"
      className="sm:max-w-lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClearAll} disabled={!active}>
            Clear All
          </Button>
          <Button onClick={onClose}>
            Show {resultCount} {resultCount === 1 ? noun[0] : noun[1]}
          </Button>
        </>
      }
    >
      <div className="-mx-6 flex max-h-[60dvh] flex-col gap-6 overflow-y-auto border-t border-line px-6 pt-6">
        {children}
      </div>
    </Dialog>
  );
}

/** What the item and outfit panels share: the dialog's state and the filters they edit. */
interface FilterPanelProps<F> {
  open: boolean;
  onClose: () => void;
  filters: F;
  onChange: (filters: F) => void;
  onClearAll: () => void;
  /** Records the current filters let through, for the "Show n items" button. */
  resultCount: number;
}

interface ItemFilterPanelProps extends FilterPanelProps<ItemFilters> {
  /** The user's subcategories; the chips for the chosen category come from here. */
  subcategories: Settings['subcategories'];
  /** False on the wishlist and loaned screens, which are one status already (docs/spec.md §2). */
  showStatus?: boolean;
  /** The status choices: the Items view's, or the picker's, which adds loaned and wishlist (docs/spec.md §9). */
  statusOptions?: 'items' | 'picker';
}

/**
 * Every item filter of docs/spec.md §9 (category, subcategory, source, date obtained, status) and
 * the colours (README, "Colours": any of the chosen).
 */
export function ItemFilterPanel({
  filters,
  onChange,
  subcategories,
  showStatus = true,
  statusOptions = 'items',
  ...frame
}: ItemFilterPanelProps) {
  const subs = filters.category ? (subcategories[filters.category] ?? []) : [];
  return (
    <PanelFrame
      {...frame}
      active={hasActiveItemFilters(filters, !showStatus)}
      noun={['item', 'items']}
    >
      <ChipGroup
        legend="Category"
        chips={CATEGORY_CHIPS}
        value={filters.category}
        onChange={(category) => onChange(withCategory(filters, category))}
      />
      {subs.length > 0 && (
        <KeyChips
          legend="Subcategory"
          chips={subcategoryChips(subs)}
          filters={filters}
          name="subCategory"
          onChange={onChange}
        />
      )}
      <KeyChips
        legend="Source"
        chips={SOURCE_CHIPS}
        filters={filters}
        name="source"
        onChange={onChange}
      />
      <ColourFilter legend="Colour" filters={filters} onChange={onChange} />
      <KeyChips
        legend="Date obtained"
        chips={DATE_CHIPS}
        filters={filters}
        name="dateObtained"
        onChange={onChange}
      />
      {showStatus && (
        <KeyChips
          legend="Status"
          chips={statusOptions === 'picker' ? PICKER_STATUS_CHIPS : ITEM_STATUS_CHIPS}
          filters={filters}
          name="status"
          fallback={DEFAULT_ITEM_STATUS_FILTER}
          onChange={onChange}
        />
      )}
    </PanelFrame>
  );
}

/** The outfit filters of docs/spec.md §9: times worn and status. */
export function OutfitFilterPanel({
  filters,
  onChange,
  ...frame
}: FilterPanelProps<OutfitFilters>) {
  return (
    <PanelFrame {...frame} active={hasActiveOutfitFilters(filters)} noun={['outfit', 'outfits']}>
      <KeyChips
        legend="Times worn"
        chips={TIMES_WORN_CHIPS}
        filters={filters}
        name="timesWorn"
        onChange={onChange}
      />
      <ColourFilter legend="Colour of a piece" filters={filters} onChange={onChange} />
      <KeyChips
        legend="Status"
        chips={OUTFIT_STATUS_CHIPS}
        filters={filters}
        name="status"
        fallback={DEFAULT_OUTFIT_STATUS_FILTER}
        onChange={onChange}
      />
    </PanelFrame>
  );
}
