import { defaultSettings, type ClothingItem, type Outfit, type WardrobeData } from '@hanger/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTFITS_FILTERS_KEY } from '../../lib/stores/filters-store';
import { item, outfit, signedInWith, signedOut, user, wardrobeOf } from '../../test-utils/fixtures';
import { tileLabels } from '../../test-utils/queries';
import OutfitsPage from './outfits-page';

/** An outfit with its own thumbnail, as the server answers it. */
const outfitOf = (id: string, items: string[], fields: Partial<Outfit> = {}): Outfit =>
  outfit(id, items, { thumbnail: `/media/${id}-thumb.jpg`, ...fields });

function seed(clothes: ClothingItem[], outfits: Outfit[], calendar: WardrobeData['calendar'] = {}) {
  signedInWith(wardrobeOf(clothes, outfits, calendar), { ...user, settings: defaultSettings() });
}

function renderOutfits() {
  return render(
    <MemoryRouter initialEntries={['/outfits']}>
      <Routes>
        <Route path="/outfits" element={<OutfitsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const tileNames = () => tileLabels('Outfits');

beforeEach(() => {
  window.innerWidth = 390;
});

afterEach(signedOut);

const CLOTHES = [item('a', { price: 20 }), item('b', { price: 35.5 }), item('c')];
const OUTFITS = [
  outfitOf('cheap', ['a']),
  outfitOf('dear', ['a', 'b', 'c'], { manualTimesWorn: 2 }),
  outfitOf('gone', ['b'], { status: 'archived' }),
];

describe('outfits page', () => {
  it('sorts by total cost with the cost under each 2:3 card', async () => {
    seed(CLOTHES, OUTFITS);
    renderOutfits();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Total Cost');
    expect(tileNames()).toEqual(['Outfit with 3 items, $55.50', 'Outfit with 1 item, $20.00']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(tileNames()).toEqual(['Outfit with 1 item, $20.00', 'Outfit with 3 items, $55.50']);
    // Outfits have no columns menu, and their plus button makes a new outfit.
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New outfit' })).toHaveAttribute(
      'href',
      '/outfits/upload',
    );
  });

  it('filters by times worn and status, kept for the session', async () => {
    seed(CLOTHES, OUTFITS);
    renderOutfits();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Times worn' })).getByRole('radio', {
        name: 'Never Worn',
      }),
    );
    expect(tileNames()).toEqual(['Outfit with 1 item, Jan 1, 2024']);
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(OUTFITS_FILTERS_KEY) ?? '{}').state.filters).toEqual({
      status: 'in closet',
      timesWorn: 'Never Worn',
    });

    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Times worn' })).getByRole('radio', {
        name: 'Any',
      }),
    );
    await userEvent.click(
      within(within(panel).getByRole('group', { name: 'Status' })).getByRole('radio', {
        name: 'Archived',
      }),
    );
    expect(tileNames()).toEqual(['Outfit with 1 item, Jan 1, 2024']);
    expect(screen.getByRole('img', { name: 'Outfit with 1 item', hidden: true })).toHaveAttribute(
      'src',
      '/media/gone-thumb.jpg',
    );
  });

  it('sends someone without items to add items first', () => {
    seed([], []);
    renderOutfits();
    expect(screen.getByRole('heading', { name: 'No outfits yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first item' })).toHaveAttribute(
      'href',
      '/items/upload',
    );
  });

  it('invites someone with items to create an outfit', () => {
    seed(CLOTHES, []);
    renderOutfits();
    expect(screen.getByRole('link', { name: 'Create an outfit' })).toHaveAttribute(
      'href',
      '/outfits/upload',
    );
  });
});
