import {
  defaultSettings,
  type ClothingItem,
  type ItemFilters,
  type ItemSortOption,
  type OutfitFilters,
  type SortDirection,
} from '@hanger/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiPrefsStore } from '../lib/stores/ui-prefs-store';
import { item, outfit, signedInWith, signedOut, user, wardrobeOf } from '../test-utils/fixtures';
import { filterChoices } from '../test-utils/queries';
import { WardrobeBrowser, type WardrobeBrowserProps } from './wardrobe-browser';

const CLOTHES: ClothingItem[] = [
  item('tee', { brand: 'Uniqlo', dateCreated: '2024-03-01T09:00:00Z' }),
  item('jeans', { category: 'bottom', brand: 'Levi', dateCreated: '2024-02-01T09:00:00Z' }),
  item('boots', { category: 'shoes', brand: 'Blundstone', dateCreated: '2024-01-01T09:00:00Z' }),
  item('wish', { category: 'bag', brand: 'Cos', status: 'wishlist' }),
];
const OUTFITS = [outfit('o1', ['tee', 'jeans']), outfit('o2', ['tee'])];

function seed(clothes = CLOTHES) {
  signedInWith(wardrobeOf(clothes, OUTFITS), { ...user, settings: defaultSettings() });
}

type PickerProps = Omit<
  Extract<WardrobeBrowserProps, { kind: 'items' }>,
  'kind' | 'filters' | 'onFiltersChange' | 'onClearFilters' | 'selection'
>;

/** A selection kept by the caller, as the pickers keep theirs. */
function useSelection(initial: string[] = [], onToggle?: (id: string) => void) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set(initial));
  return {
    selected,
    onToggle: (id: string) => {
      onToggle?.(id);
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
  };
}

/** Filters kept by the caller, starting from none. */
function useFilterState<F extends object>() {
  const [filters, setFilters] = useState<F>({} as F);
  return { filters, onFiltersChange: setFilters, onClearFilters: () => setFilters({} as F) };
}

/** A picker as the composer and calendar build it: the caller keeps the selection and filters. */
function ItemPicker({
  initial,
  onToggle,
  ...props
}: PickerProps & { initial?: string[]; onToggle?: (id: string) => void }) {
  return (
    <WardrobeBrowser
      kind="items"
      {...useFilterState<ItemFilters>()}
      selection={useSelection(initial, onToggle)}
      {...props}
    />
  );
}

function renderAt(element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={['/pick']}>
      <Routes>
        <Route path="/pick" element={element} />
        <Route path="/pick/:id" element={<p>Opened</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const grid = (name = 'Items') => screen.getByRole('list', { name });
const tiles = (name = 'Items') => within(grid(name)).getAllByRole('button');
const tileNames = (name = 'Items') => tiles(name).map((t) => t.getAttribute('aria-label'));
const columnsOf = (name = 'Items') =>
  (grid(name).querySelector(':scope > div') as HTMLElement).style.gridTemplateColumns;

/** A window of that width, as a browser reports it (the grids follow resize events). */
function setWindowWidth(px: number): void {
  window.innerWidth = px;
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  setWindowWidth(390);
});

afterEach(() => {
  signedOut();
  vi.restoreAllMocks();
});

describe('wardrobe browser in selection mode', () => {
  it('toggles a tile instead of opening it; chosen tiles are pressed, dimmed and checked', async () => {
    seed();
    const onToggle = vi.fn();
    renderAt(<ItemPicker onToggle={onToggle} />);
    expect(within(grid()).queryAllByRole('link')).toHaveLength(0);
    const tee = screen.getByRole('button', { name: /^Uniqlo Top/ });
    expect(tee).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByTestId('tile-check')).not.toBeInTheDocument();

    await userEvent.click(tee);
    expect(onToggle).toHaveBeenCalledWith('tee');
    expect(screen.queryByText('Opened')).not.toBeInTheDocument();
    expect(tee).toHaveAttribute('aria-pressed', 'true');
    const check = within(tee).getByTestId('tile-check');
    expect(check.querySelector('svg')).not.toBeNull();
    // The photo is dimmed under a layer drawn over it.
    expect(tee.querySelector('.bg-canvas\\/60')).not.toBeNull();

    await userEvent.click(tee);
    expect(tee).toHaveAttribute('aria-pressed', 'false');
    expect(within(tee).queryByTestId('tile-check')).not.toBeInTheDocument();
    expect(tee.querySelector('.bg-canvas\\/60')).toBeNull();
  });

  it('shows the ids given as selected from the start', () => {
    seed();
    renderAt(<ItemPicker initial={['jeans']} />);
    expect(screen.getByRole('button', { name: /^Levi Bottom/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getAllByTestId('tile-check')).toHaveLength(1);
  });

  it('leaves excluded ids out of the grid and out of the filter count', async () => {
    seed();
    renderAt(<ItemPicker exclude={new Set(['tee', 'boots'])} captions={false} />);
    expect(tileNames()).toEqual(['Levi Bottom']);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('button', { name: 'Show 1 item' })).toBeInTheDocument();
  });

  it('offers the picker status choices and hides the plus button and columns menu', async () => {
    seed();
    renderAt(<ItemPicker statusOptions="picker" columns="picker" captions={false} />);
    expect(screen.queryByRole('link', { name: /add/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    // The panel's code loads when it first opens (components/filter-panel-lazy.tsx).
    await screen.findByRole('dialog', { name: 'Filters' });
    expect(filterChoices('Status')).toEqual(['In closet', 'Archived', 'Loaned', 'Wishlist']);
    await userEvent.click(screen.getByRole('radio', { name: 'Wishlist' }));
    expect(tileNames()).toEqual(['Cos Bag']);
  });

  it('uses a sort kept by the caller, leaving the saved preference alone', async () => {
    seed();
    function SortedPicker() {
      const [option, setOption] = useState<ItemSortOption>('Brand');
      const [direction, setDirection] = useState<SortDirection>('asc');
      return (
        <ItemPicker
          captions={false}
          sort={{ option, direction, onOptionChange: setOption, onDirectionChange: setDirection }}
        />
      );
    }
    renderAt(<SortedPicker />);
    expect(tileNames()).toEqual(['Blundstone Shoes', 'Levi Bottom', 'Uniqlo Top']);
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    expect(tileNames()).toEqual(['Uniqlo Top', 'Levi Bottom', 'Blundstone Shoes']);
    expect(useUiPrefsStore.getState().itemSortOption).toBe('Date Created');
    expect(useUiPrefsStore.getState().itemSortDirection).toBe('desc');
  });

  it('lays a picker out in 3 columns on a phone and 7 on a very wide screen', () => {
    seed();
    const { unmount } = renderAt(<ItemPicker columns="picker" />);
    expect(columnsOf()).toBe('repeat(3, minmax(0, 1fr))');
    unmount();
    setWindowWidth(1920);
    renderAt(<ItemPicker columns="picker" />);
    expect(columnsOf()).toBe('repeat(7, minmax(0, 1fr))');
  });

  it('shows the caller’s empty state when everything is excluded', () => {
    seed();
    renderAt(
      <ItemPicker
        exclude={new Set(CLOTHES.map((c) => c.id))}
        empty={<p>Everything is already on the canvas</p>}
      />,
    );
    expect(screen.getByText('Everything is already on the canvas')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('selects outfits too, and hides the ones excluded', async () => {
    seed();
    function OutfitPicker() {
      return (
        <WardrobeBrowser
          kind="outfits"
          {...useFilterState<OutfitFilters>()}
          exclude={new Set(['o2'])}
          selection={useSelection()}
        />
      );
    }
    renderAt(<OutfitPicker />);
    expect(tiles('Outfits')).toHaveLength(1);
    const o1 = screen.getByRole('button', { name: /^Outfit with 2 items/ });
    await userEvent.click(o1);
    expect(o1).toHaveAttribute('aria-pressed', 'true');
    expect(within(o1).getByTestId('tile-check')).toBeInTheDocument();
  });

  it('keeps only the rows near the screen with 2,000 items to pick from', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      item(`i${String(i).padStart(4, '0')}`, { brand: `Brand ${i}` }),
    );
    seed(many);
    renderAt(<ItemPicker columns="picker" captions={false} />);
    const shown = within(grid()).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]).toHaveAttribute('aria-setsize', '2000');
  });

  it('virtualizes against a scrolling overlay when it is not the window that scrolls', () => {
    seed(Array.from({ length: 2000 }, (_, i) => item(`i${i}`)));
    // The test DOM lays nothing out: the overlay is as tall as a phone screen.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(844);
    function Overlay() {
      const scroller = useRef<HTMLDivElement>(null);
      return (
        <div ref={scroller} style={{ height: 800, overflowY: 'auto' }}>
          <ItemPicker columns="picker" captions={false} scrollElement={scroller} />
        </div>
      );
    }
    renderAt(<Overlay />);
    const shown = within(grid()).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');

    // Scrolling the overlay, not the window, brings later rows in.
    const scroller = grid().closest('div[style*="overflow"]') as HTMLElement;
    act(() => {
      scroller.scrollTop = 100_000;
      fireEvent.scroll(scroller);
    });
    const first = within(grid()).getAllByRole('listitem')[0];
    expect(Number(first?.getAttribute('aria-posinset'))).toBeGreaterThan(500);
  });
});
