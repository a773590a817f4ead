import { defaultSettings, type ClothingItem } from '@hanger/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useClothesFilters } from '../../lib/stores/filters-store';
import { useGroupFilters } from './group-filters-store';
import GroupsPage from './groups-page';
import LoanedPage from './loaned-page';
import WishlistPage from './wishlist-page';
import { item, signedInWith, signedOut, user, wardrobeOf } from '../../test-utils/fixtures';
import { tileLabels } from '../../test-utils/queries';

const CLOTHES = [
  item('tee', { brand: 'Uniqlo' }),
  item('bag', { category: 'bag', brand: 'Cos', status: 'wishlist' }),
  item('boots', { category: 'shoes', brand: 'Blundstone', status: 'wishlist' }),
  item('dress', { category: 'full body', brand: 'Ganni', status: 'loaned' }),
  item('old', { brand: 'Gap', status: 'archived' }),
];

function seed(clothes: ClothingItem[] | null) {
  signedInWith(clothes && wardrobeOf(clothes), { ...user, settings: defaultSettings() });
}

function renderAt(entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/groups" element={<GroupsPage />} />
        <Route path="/groups/wishlist" element={<WishlistPage />} />
        <Route path="/groups/loaned" element={<LoanedPage />} />
        <Route path="/somewhere" element={<p>Where I was</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const tileNames = () => tileLabels('Items').map((name) => name?.split(',')[0]);

beforeEach(() => {
  window.innerWidth = 1440;
});

afterEach(() => {
  signedOut();
  act(() => useGroupFilters.getState().reset());
});

describe('groups screen', () => {
  it('links to the wishlist and loaned screens with their counts', async () => {
    seed(CLOTHES);
    renderAt(['/groups']);
    expect(screen.getByRole('link', { name: 'Wishlist, 2 items' })).toHaveAttribute(
      'href',
      '/groups/wishlist',
    );
    expect(screen.getByRole('link', { name: 'Loaned, 1 item' })).toHaveAttribute(
      'href',
      '/groups/loaned',
    );
    expect(screen.getByRole('heading', { name: 'Custom Collections' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '+ Add packing or capsule' }));
    // It opens the new collection's form (docs/collections.md).
    expect(screen.getByRole('radio', { name: /Packing list/ })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });
});

describe('wishlist screen', () => {
  it('renders nothing without wardrobe data', () => {
    seed(null);
    const { container } = renderAt(['/groups/wishlist']);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows only wishlist items, with its own plus button and no status filter', async () => {
    seed(CLOTHES);
    renderAt(['/groups/wishlist']);
    expect(screen.getByRole('heading', { name: 'Wishlist' })).toBeInTheDocument();
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(tileNames().sort()).toEqual(['Blundstone Shoes', 'Cos Bag']);
    expect(screen.getByRole('link', { name: 'Add to wishlist' })).toHaveAttribute(
      'href',
      '/groups/wishlist/upload',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(panel).queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Category' })).getByRole('radio', {
        name: 'Bag',
      }),
    );
    expect(tileNames()).toEqual(['Cos Bag']);
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument();
    // The Items tab's filters (and so its count) are untouched.
    expect(useClothesFilters.getState().filters).toEqual({ status: 'in closet' });
  });

  it('goes one step back', async () => {
    seed(CLOTHES);
    renderAt(['/somewhere', '/groups/wishlist']);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Where I was')).toBeInTheDocument();
  });

  it('invites adding the first wishlist piece when empty', () => {
    seed([item('tee', {})]);
    renderAt(['/groups/wishlist']);
    expect(screen.getByRole('heading', { name: 'Your wishlist is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a piece you want' })).toHaveAttribute(
      'href',
      '/groups/wishlist/upload',
    );
  });
});

describe('loaned screen', () => {
  it('shows loaned items, its own plus button and a back button to Groups', async () => {
    seed(CLOTHES);
    renderAt(['/somewhere', '/groups/loaned']);
    expect(tileNames()).toEqual(['Ganni Full body']);
    expect(screen.getByRole('link', { name: 'Add loaned item' })).toHaveAttribute(
      'href',
      '/groups/loaned/upload',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.queryByRole('group', { name: 'Status' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Back to groups' }));
    expect(screen.getByRole('link', { name: /^Loaned/ })).toBeInTheDocument();
  });
});
