/**
 * The Items grid computes item stats only when its sort reads them (so that the first screen of
 * a large wardrobe does not wait for every item's wear history). computeItemStats is the domain's,
 * wrapped in a spy that still computes.
 */
import * as domain from '@hanger/domain';
import { day } from '@hanger/domain/testing';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiPrefsStore } from '../lib/stores/ui-prefs-store';
import { item, outfit, signedInWith, signedOut, user, wardrobeOf } from '../test-utils/fixtures';
import { WardrobeBrowser } from './wardrobe-browser';

vi.mock('@hanger/domain', async (importOriginal) => {
  const actual = await importOriginal<typeof domain>();
  return { ...actual, computeItemStats: vi.fn(actual.computeItemStats) };
});

const computeItemStats = vi.mocked(domain.computeItemStats);

function seed() {
  const today = domain.wearDayKey(new Date());
  signedInWith(
    wardrobeOf(
      [
        item('tee', { brand: 'Uniqlo', dateCreated: '2024-03-01T09:00:00Z' }),
        item('jeans', { category: 'bottom', brand: 'Levi', dateCreated: '2024-02-01T09:00:00Z' }),
      ],
      [outfit('o1', ['tee', 'jeans'])],
      { [today]: day(['jeans']) },
    ),
    user,
  );
}

function renderItems() {
  render(
    <MemoryRouter>
      <WardrobeBrowser
        kind="items"
        filters={{}}
        onFiltersChange={() => {}}
        onClearFilters={() => {}}
      />
    </MemoryRouter>,
  );
}

const tileNames = () =>
  within(screen.getByRole('list', { name: 'Items' }))
    .getAllByRole('link')
    .map((t) => t.getAttribute('aria-label'));

beforeEach(() => {
  // A phone: 2 columns, captions shown.
  window.innerWidth = 390;
  window.dispatchEvent(new Event('resize'));
  computeItemStats.mockClear();
});

afterEach(() => {
  signedOut();
});

describe('items browser: stats only when the sort reads them', () => {
  it('draws the default sort (Date Created) without computing any item stats', () => {
    seed();
    expect(useUiPrefsStore.getState().itemSortOption).toBe('Date Created');
    renderItems();
    expect(tileNames()).toEqual(['Uniqlo Top, Mar 1, 2024', 'Levi Bottom, Feb 1, 2024']);
    expect(computeItemStats).not.toHaveBeenCalled();
  });

  it('computes them once the user picks a sort that reads them, with the same order and captions', () => {
    seed();
    renderItems();
    act(() => useUiPrefsStore.getState().setItemSort('Times Worn', 'desc'));
    expect(computeItemStats).toHaveBeenCalledTimes(1);
    expect(tileNames()).toEqual(['Levi Bottom, 1 wear', 'Uniqlo Top, 0 wears']);
  });
});
