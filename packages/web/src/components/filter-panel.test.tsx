import {
  CATEGORIES,
  DEFAULT_ITEM_FILTERS,
  DEFAULT_OUTFIT_FILTERS,
  defaultSettings,
  type ItemFilters,
  type OutfitFilters,
} from '@hanger/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ItemFilterPanel, OutfitFilterPanel } from './filter-panel';

const settings = defaultSettings();
settings.subcategories.top = [
  { id: 'tee', name: 'T-shirt' },
  { id: 'shirt', name: 'Shirt' },
];

function ItemHarness({
  showStatus = true,
  initial = DEFAULT_ITEM_FILTERS,
}: {
  showStatus?: boolean;
  initial?: ItemFilters;
}) {
  const [filters, setFilters] = useState<ItemFilters>({ ...initial });
  const [open, setOpen] = useState(true);
  return (
    <>
      <ItemFilterPanel
        open={open}
        onClose={() => setOpen(false)}
        filters={filters}
        onChange={setFilters}
        onClearAll={() => setFilters({ ...DEFAULT_ITEM_FILTERS })}
        subcategories={settings.subcategories}
        showStatus={showStatus}
        resultCount={3}
      />
      <output data-testid="filters">{JSON.stringify(filters)}</output>
    </>
  );
}

const filters = () => JSON.parse(screen.getByTestId('filters').textContent ?? '{}') as ItemFilters;
const group = (name: string) => screen.getByRole('group', { name });
const chip = (groupName: string, name: string) =>
  within(group(groupName)).getByRole('radio', { name });

describe('item filter panel', () => {
  it('offers every item filter of docs/spec.md §9 with the defaults selected', () => {
    render(<ItemHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(dialog).toBeInTheDocument();
    expect(
      within(group('Category'))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['All', ...CATEGORIES.map((c) => c.charAt(0).toUpperCase() + c.slice(1))]);
    expect(
      within(group('Source'))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['All', 'Bought new', 'Preloved', 'Gifted', 'Self made', 'Not specified']);
    expect(chip('Date obtained', 'Any time')).toBeChecked();
    expect(chip('Date obtained', 'This year')).not.toBeChecked();
    expect(chip('Status', 'In closet')).toBeChecked();
    expect(chip('Status', 'Archived')).not.toBeChecked();
    // Subcategories appear only once a category with subcategories is chosen.
    expect(screen.queryByRole('group', { name: 'Subcategory' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show 3 items' })).toBeInTheDocument();
  });

  it('shows the user’s subcategories plus None for the chosen category, and clears the choice when the category changes', async () => {
    render(<ItemHarness />);
    await userEvent.click(chip('Category', 'Top'));
    expect(filters()).toMatchObject({ category: 'top' });
    const names = within(group('Subcategory'))
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(names).toEqual(['All', 'T-shirt', 'Shirt', 'None']);

    await userEvent.click(chip('Subcategory', 'T-shirt'));
    expect(filters()).toMatchObject({ category: 'top', subCategory: 'tee' });
    await userEvent.click(chip('Subcategory', 'None'));
    expect(filters().subCategory).toBe('none');

    await userEvent.click(chip('Category', 'Bottom'));
    expect(filters().category).toBe('bottom');
    expect(filters().subCategory).toBeUndefined();
    // Bottoms have no subcategories in these settings.
    expect(screen.queryByRole('group', { name: 'Subcategory' })).not.toBeInTheDocument();
  });

  it('sets source, this year and archived, and Clear All returns to the defaults', async () => {
    render(<ItemHarness />);
    await userEvent.click(chip('Source', 'Not specified'));
    await userEvent.click(chip('Date obtained', 'This year'));
    await userEvent.click(chip('Status', 'Archived'));
    expect(filters()).toEqual({
      status: 'archived',
      source: 'not specified',
      dateObtained: 'this year',
    });

    const clear = screen.getByRole('button', { name: 'Clear All' });
    expect(clear).toBeEnabled();
    await userEvent.click(clear);
    expect(filters()).toEqual({ status: 'in closet' });
    expect(chip('Status', 'In closet')).toBeChecked();
    expect(chip('Source', 'All')).toBeChecked();
    expect(clear).toBeDisabled();
  });

  it('choosing All removes the filter again', async () => {
    render(<ItemHarness initial={{ status: 'in closet', source: 'gifted' }} />);
    expect(chip('Source', 'Gifted')).toBeChecked();
    await userEvent.click(chip('Source', 'All'));
    expect(filters()).toEqual({ status: 'in closet' });
  });

  it('has no status filter on a group screen', () => {
    render(<ItemHarness showStatus={false} initial={{}} />);
    expect(screen.queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeDisabled();
  });

  it('closes with the show-results button', async () => {
    render(<ItemHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'Show 3 items' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  });
});

function OutfitHarness() {
  const [value, setValue] = useState<OutfitFilters>({ ...DEFAULT_OUTFIT_FILTERS });
  return (
    <>
      <OutfitFilterPanel
        open
        onClose={() => {}}
        filters={value}
        onChange={setValue}
        onClearAll={() => setValue({ ...DEFAULT_OUTFIT_FILTERS })}
        resultCount={1}
      />
      <output data-testid="filters">{JSON.stringify(value)}</output>
    </>
  );
}

describe('outfit filter panel', () => {
  it('filters by times worn and status, and clears all', async () => {
    render(<OutfitHarness />);
    expect(
      within(group('Times worn'))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Any', 'Never Worn', 'Worn 1+ Times']);
    expect(
      within(group('Status'))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['In closet', 'Archived', 'Wishlist']);
    expect(screen.getByRole('button', { name: 'Show 1 outfit' })).toBeInTheDocument();

    await userEvent.click(chip('Times worn', 'Worn 1+ Times'));
    await userEvent.click(chip('Status', 'Wishlist'));
    expect(JSON.parse(screen.getByTestId('filters').textContent ?? '')).toEqual({
      status: 'wishlist',
      timesWorn: 'Worn 1+ Times',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(JSON.parse(screen.getByTestId('filters').textContent ?? '')).toEqual({
      status: 'in closet',
    });
  });
});
