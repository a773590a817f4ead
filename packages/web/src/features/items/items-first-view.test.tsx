import { defaultSettings } from '@hanger/domain';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearFirstView, useFirstViewStore } from '../../lib/stores/first-view';
import { useClothesFilters } from '../../lib/stores/filters-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { item, signedInWith, signedOut, user, wardrobeOf } from '../../test-utils/fixtures';
import { tileLabels } from '../../test-utils/queries';
import ItemsPage from './items-page';

// The head of the Items view read ahead of the whole wardrobe (lib/api/first-view.ts): shown
// while the wardrobe store is empty, for the view it was picked for only.

const older = item('older', { brand: 'Arket', dateCreated: '2025-01-01T10:00:00.000Z' });
const newer = item('newer', { brand: 'COS', dateCreated: '2025-02-01T10:00:00.000Z' });
const query = {
  filters: { status: 'in closet' as const },
  option: 'Date Created' as const,
  direction: 'desc' as const,
  locale: 'en',
  count: 24,
};

function renderItems() {
  return render(
    <MemoryRouter initialEntries={['/items']}>
      <Routes>
        <Route path="/items" element={<ItemsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const settings = { ...user, settings: defaultSettings() };

beforeEach(() => {
  window.innerWidth = 390;
});

afterEach(() => {
  clearFirstView();
  signedOut();
});

describe('the first screen of /items ahead of the wardrobe', () => {
  it('shows the head in the view’s order while the wardrobe is not there yet', () => {
    signedInWith(null, settings);
    useFirstViewStore.setState({ preview: { query, clothes: [older, newer] } });
    renderItems();
    expect(tileLabels('Items')).toEqual([
      expect.stringMatching(/^COS Top/),
      expect.stringMatching(/^Arket Top/),
    ]);
  });

  it('gives way to the whole wardrobe when it arrives', () => {
    signedInWith(null, settings);
    useFirstViewStore.setState({ preview: { query, clothes: [newer] } });
    renderItems();
    expect(tileLabels('Items')).toHaveLength(1);
    act(() => signedInWith(wardrobeOf([older, newer]), settings));
    expect(tileLabels('Items')).toHaveLength(2);
  });

  it('is not shown for another sort or other filters than it was picked for', () => {
    signedInWith(null, settings);
    useFirstViewStore.setState({ preview: { query, clothes: [older, newer] } });
    act(() => useUiPrefsStore.getState().setItemSort('Brand'));
    const { unmount } = renderItems();
    expect(screen.queryByRole('list', { name: 'Items' })).toBeNull();
    unmount();
    act(() => {
      useUiPrefsStore.getState().reset();
      useClothesFilters.getState().setFilters({ status: 'archived' });
    });
    renderItems();
    expect(screen.queryByRole('list', { name: 'Items' })).toBeNull();
  });
});
