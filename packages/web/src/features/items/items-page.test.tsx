import { defaultSettings, type ClothingItem } from '@hanger/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useClothesFilters } from '../../lib/stores/filters-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { UI_PREFS_STORAGE_KEY } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { item, signedInWith, signedOut, user, wardrobeOf } from '../../test-utils/fixtures';
import { tileLabels } from '../../test-utils/queries';
import ItemsPage from './items-page';

const thisYear = new Date().getFullYear();

const CLOSET: ClothingItem[] = [
  item('coat', {
    category: 'outerwear',
    brand: 'Toast',
    price: 240,
    dateObtained: `${thisYear}-02-01`,
  }),
  item('tee', { brand: 'Uniqlo', price: 15, dateObtained: '2019-05-05' }),
  item('jeans', { category: 'bottom', brand: 'Levi’s', price: 90 }),
  item('scarf', { category: 'accessory' }),
  item('old', {
    category: 'shoes',
    brand: 'Vans',
    price: 60,
    status: 'archived',
    dateArchived: '2024-03-01',
  }),
  item('want', { brand: 'Arket', price: 70, status: 'wishlist' }),
];

function seed(clothes: ClothingItem[]) {
  signedInWith(wardrobeOf(clothes), { ...user, settings: defaultSettings() });
}

function renderItems() {
  return render(
    <MemoryRouter initialEntries={['/items']}>
      <Routes>
        <Route path="/items" element={<ItemsPage />} />
        <Route path="/items/upload" element={<p>Upload screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const tileNames = () => tileLabels('Items');

beforeEach(() => {
  // Phone width: 2 columns, so captions show.
  window.innerWidth = 390;
});

afterEach(signedOut);

describe('items page', () => {
  it('shows the closet newest first by default, without archived or wishlist items', () => {
    seed(CLOSET);
    renderItems();
    expect(tileNames()).toHaveLength(4);
    expect(tileNames().join()).not.toMatch(/Vans|Arket/);
  });

  it('sorts by price both ways with the price under each tile; items without a price go last', async () => {
    seed(CLOSET);
    renderItems();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price');
    expect(tileNames()).toEqual([
      'Toast Outerwear, $240.00',
      'Levi’s Bottom, $90.00',
      'Uniqlo Top, $15.00',
      'Accessory, —',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(tileNames()).toEqual([
      'Uniqlo Top, $15.00',
      'Levi’s Bottom, $90.00',
      'Toast Outerwear, $240.00',
      'Accessory, —',
    ]);

    // The choice is a saved preference under the spec's names.
    const saved = JSON.parse(localStorage.getItem(UI_PREFS_STORAGE_KEY) ?? '{}');
    expect(saved.state).toMatchObject({ itemSortOption: 'Price', itemSortDirection: 'asc' });
  });

  it('filters by category and this year, shows the red dot, and Clear All brings everything back', async () => {
    seed(CLOSET);
    renderItems();
    expect(screen.queryByTestId('filter-dot')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Category' })).getByRole('radio', {
        name: 'Top',
      }),
    );
    expect(within(panel).getByRole('button', { name: 'Show 1 item' })).toBeInTheDocument();
    expect(tileNames()).toEqual(['Uniqlo Top, Jan 1, 2024']);
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument();

    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Category' })).getByRole('radio', {
        name: 'All',
      }),
    );
    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Date obtained' })).getByRole('radio', {
        name: 'This year',
      }),
    );
    expect(tileNames()).toEqual(['Toast Outerwear, Jan 1, 2024']);

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear All' }));
    expect(tileNames()).toHaveLength(4);
    expect(screen.queryByTestId('filter-dot')).not.toBeInTheDocument();
  });

  it('finds an archived item under the archived filter', async () => {
    seed(CLOSET);
    renderItems();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Status' })).getByRole('radio', {
        name: 'Archived',
      }),
    );
    expect(tileNames()).toEqual(['Vans Shoes, Jan 1, 2024']);
  });

  it('hides captions from 5 columns on, and grid columns persist', async () => {
    seed(CLOSET);
    renderItems();
    await userEvent.click(screen.getByRole('button', { name: 'More options' }));
    fireEvent.change(await screen.findByRole('slider', { name: 'Grid Columns' }), {
      target: { value: '5' },
    });
    expect(screen.getByText('Columns: 5')).toBeInTheDocument();
    expect(tileNames().every((n) => !n?.includes(','))).toBe(true);
    expect(JSON.parse(localStorage.getItem(UI_PREFS_STORAGE_KEY) ?? '{}').state.itemGridCols).toBe(
      5,
    );
  });

  it('tells a new user to add their first item', () => {
    seed([]);
    renderItems();
    expect(screen.getByRole('heading', { name: 'Your closet is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first item' })).toHaveAttribute(
      'href',
      '/items/upload',
    );
    expect(screen.getByRole('link', { name: 'Add item' })).toHaveAttribute('href', '/items/upload');
  });

  it('offers to clear filters when they match nothing', async () => {
    seed(CLOSET);
    act(() => useClothesFilters.getState().setFilters({ status: 'in closet', category: 'bag' }));
    renderItems();
    expect(
      screen.getByRole('heading', { name: 'No items match these filters' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(tileNames()).toHaveLength(4);
  });

  it('shows placeholders while the wardrobe loads', () => {
    seed([]);
    act(() => useWardrobeStore.setState({ data: null }));
    act(() => useSessionStore.setState({ syncing: true }));
    renderItems();
    expect(screen.getByRole('status', { name: 'Loading your items' })).toBeInTheDocument();
  });
});
