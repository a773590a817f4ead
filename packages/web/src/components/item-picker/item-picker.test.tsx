import { defaultSettings, type ClothingItem, type Settings } from '@hanger/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { item, signedInWith, user, wardrobeOf } from '../../test-utils/fixtures';
import { ItemPicker, type ItemPickerProps } from './item-picker';
import { PICKER_PREFS_KEY, usePickerPrefs } from './picker-store';

function settingsWithTees(): Settings {
  const settings = defaultSettings();
  return {
    ...settings,
    subcategories: {
      ...settings.subcategories,
      top: [
        { id: 'tee', name: 'T-shirt' },
        { id: 'shirt', name: 'Shirt' },
      ],
      bottom: [],
    },
  };
}

const CLOTHES: ClothingItem[] = [
  item('tee', { brand: 'Uniqlo', subCategoryId: 'tee', dateCreated: '2024-04-01T09:00:00Z' }),
  item('oxford', { brand: 'Cos', subCategoryId: 'shirt', dateCreated: '2024-03-01T09:00:00Z' }),
  item('plain', { brand: 'Arket', dateCreated: '2024-02-01T09:00:00Z' }),
  item('jeans', { category: 'bottom', brand: 'Levi', dateCreated: '2024-01-01T09:00:00Z' }),
  item('wish', { category: 'bag', brand: 'Polène', status: 'wishlist' }),
  item('lent', { category: 'outerwear', brand: 'Barbour', status: 'loaned' }),
];

function seed(clothes = CLOTHES) {
  signedInWith(wardrobeOf(clothes), { ...user, settings: settingsWithTees() });
}

function renderPicker(props: ItemPickerProps = {}) {
  return render(
    <MemoryRouter>
      <div style={{ height: 800 }}>
        <ItemPicker {...props} />
      </div>
    </MemoryRouter>,
  );
}

const grid = () => screen.getByRole('list', { name: 'Items to choose from' });
const tileNames = () =>
  within(grid())
    .getAllByRole('button')
    .map((t) => t.getAttribute('aria-label'));
const chipNames = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('radio')
    .map((r) => r.closest('label')?.textContent);

// happy-dom lays nothing out: give the picker's own scrolling box a phone's height, so its
// virtualized grid has rows to show.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');

beforeEach(() => {
  window.innerWidth = 390;
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 800,
  });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: () => 390,
  });
});

afterEach(() => {
  for (const [name, original] of [
    ['clientHeight', clientHeight],
    ['clientWidth', clientWidth],
  ] as const) {
    if (original) Object.defineProperty(HTMLElement.prototype, name, original);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
  act(() => {
    useWardrobeStore.setState({ data: null });
    useSessionStore.setState({ user: null });
    usePickerPrefs.getState().reset();
  });
});

describe('the item picker', () => {
  it('renders nothing without wardrobe data or a user', () => {
    signedInWith(null);
    const { container } = renderPicker({ onAdd: vi.fn() });
    expect(container.querySelector('section')).toBeNull();
    act(() => {
      useWardrobeStore.setState({ data: wardrobeOf(CLOTHES) });
      useSessionStore.setState({ user: null });
    });
    expect(screen.queryByRole('list', { name: 'Items to choose from' })).not.toBeInTheDocument();
  });

  it('offers All and every category, and filters by the chosen one', async () => {
    seed();
    renderPicker({ onAdd: vi.fn() });
    expect(chipNames('Category')).toEqual([
      'All',
      'Top',
      'Bottom',
      'Full body',
      'Outerwear',
      'Shoes',
      'Bag',
      'Accessory',
      'Other',
    ]);
    // 'In closet' by default: the wishlist and loaned pieces are not offered.
    expect(tileNames()).toEqual(['Uniqlo T-shirt', 'Cos Shirt', 'Arket Top', 'Levi Bottom']);
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    expect(tileNames()).toEqual(['Levi Bottom']);
  });

  it('shows subcategory chips with None only for a category that has subcategories', async () => {
    seed();
    renderPicker({ onAdd: vi.fn() });
    expect(screen.queryByRole('group', { name: 'Subcategory' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    expect(screen.queryByRole('group', { name: 'Subcategory' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Top' }));
    expect(chipNames('Subcategory')).toEqual(['All', 'T-shirt', 'Shirt', 'None']);
    await userEvent.click(screen.getByRole('radio', { name: 'None' }));
    expect(tileNames()).toEqual(['Arket Top']);
    await userEvent.click(screen.getByRole('radio', { name: 'Shirt' }));
    expect(tileNames()).toEqual(['Cos Shirt']);
  });

  it('resets the subcategory when the category changes', async () => {
    seed();
    renderPicker({ onAdd: vi.fn() });
    await userEvent.click(screen.getByRole('radio', { name: 'Top' }));
    await userEvent.click(screen.getByRole('radio', { name: 'T-shirt' }));
    expect(usePickerPrefs.getState().filters.subCategory).toBe('tee');
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Top' }));
    expect(
      within(screen.getByRole('group', { name: 'Subcategory' })).getByRole('radio', {
        name: 'All',
      }),
    ).toBeChecked();
    expect(tileNames()).toHaveLength(3);
  });

  it('offers loaned and wishlist in the filters, shows the dot, and keeps them under its own key', async () => {
    seed();
    renderPicker({ onAdd: vi.fn() });
    expect(screen.queryByTestId('filter-dot')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const status = within(await screen.findByRole('dialog', { name: 'Filters' })).getByRole(
      'group',
      {
        name: 'Status',
      },
    );
    expect(
      within(status)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['In closet', 'Archived', 'Loaned', 'Wishlist']);
    expect(within(status).getByRole('radio', { name: 'In closet' })).toBeChecked();

    await userEvent.click(within(status).getByRole('radio', { name: 'Loaned' }));
    expect(tileNames()).toEqual(['Barbour Outerwear']);
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(PICKER_PREFS_KEY) ?? '{}') as {
      state: { filters: object };
    };
    expect(stored.state.filters).toEqual({ status: 'loaned' });
    // The Items tab's session filters are not touched.
    expect(sessionStorage.getItem('clothesFilters')).toBeNull();
  });

  it('toggles a selection and adds the chosen ids in the order they were tapped', async () => {
    seed();
    const onAdd = vi.fn();
    renderPicker({ onAdd, onBack: vi.fn() });
    expect(screen.queryByRole('button', { name: /^Add \d/ })).not.toBeInTheDocument();

    const jeans = screen.getByRole('button', { name: 'Levi Bottom' });
    const tee = screen.getByRole('button', { name: 'Uniqlo T-shirt' });
    await userEvent.click(jeans);
    await userEvent.click(tee);
    expect(jeans).toHaveAttribute('aria-pressed', 'true');
    expect(within(jeans).getByTestId('tile-check')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add 2' })).toBeInTheDocument();

    await userEvent.click(jeans);
    expect(jeans).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Levi Bottom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add 2' }));
    expect(onAdd).toHaveBeenCalledWith(['tee', 'jeans']);
  });

  it('clears the selection, which hides the Add bar again', async () => {
    seed();
    renderPicker({ onAdd: vi.fn() });
    await userEvent.click(screen.getByRole('button', { name: 'Levi Bottom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('button', { name: /^Add \d/ })).not.toBeInTheDocument();
  });

  it('chooses no more than its limit leaves room for, and says why instead', async () => {
    seed();
    const onAdd = vi.fn();
    const notice = vi.fn();
    renderPicker({ onAdd, limit: { room: 2, notice } });
    expect(screen.getByRole('heading', { name: 'Add clothes' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Levi Bottom' }));
    await userEvent.click(screen.getByRole('button', { name: 'Uniqlo T-shirt' }));
    const third = screen.getByRole('button', { name: 'Cos Shirt' });
    await userEvent.click(third);
    expect(third).toHaveAttribute('aria-pressed', 'false');
    expect(notice).toHaveBeenCalledTimes(1);

    // Unchoosing one makes room again.
    await userEvent.click(screen.getByRole('button', { name: 'Levi Bottom' }));
    await userEvent.click(third);
    expect(third).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Add 2' }));
    expect(onAdd).toHaveBeenCalledWith(['tee', 'oxford']);
    expect(notice).toHaveBeenCalledTimes(1);
  });

  it('leaves out items already picked', () => {
    seed();
    renderPicker({ onAdd: vi.fn(), exclude: new Set(['tee', 'jeans']) });
    expect(tileNames()).toEqual(['Cos Shirt', 'Arket Top']);
  });

  it('says so when every matching piece is picked already', () => {
    seed();
    renderPicker({ onAdd: vi.fn(), exclude: new Set(CLOTHES.map((c) => c.id)) });
    expect(
      screen.getByRole('heading', { name: 'All of these are added already' }),
    ).toBeInTheDocument();
  });

  it('goes back with its Back button', async () => {
    seed();
    const onBack = vi.fn();
    renderPicker({ onAdd: vi.fn(), onBack });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });

  it('embedded, follows the caller’s selection with no Back and no Add bar', async () => {
    seed();
    function DayPicker() {
      const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(['plain']));
      return (
        <>
          <p>{chosen.size} chosen</p>
          <ItemPicker
            selected={chosen}
            onToggle={(id) =>
              setChosen((s) => {
                const next = new Set(s);
                if (!next.delete(id)) next.add(id);
                return next;
              })
            }
          />
        </>
      );
    }
    render(
      <MemoryRouter>
        <DayPicker />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Arket Top' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cos Shirt' }));
    expect(screen.getByText('2 chosen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add \d/ })).not.toBeInTheDocument();
    // The category chips work the same way embedded.
    await userEvent.click(screen.getByRole('radio', { name: 'Bottom' }));
    expect(tileNames()).toEqual(['Levi Bottom']);
  });

  it('forgets its filters when the user signs out', () => {
    seed();
    act(() => usePickerPrefs.getState().setFilters({ status: 'wishlist' }));
    act(() => useSessionStore.getState().reset(true));
    expect(usePickerPrefs.getState().filters).toEqual({ status: 'in closet' });
  });
});
