import {
  ITEM_SORT_OPTIONS,
  OUTFIT_SORT_OPTIONS,
  type ItemSortOption,
  type SortDirection,
} from '@hanger/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SortBar } from './sort-bar';

interface HarnessProps {
  filtersActive?: boolean;
  withColumns?: boolean;
  initialCols?: number | null;
}

/** The bar wired to state the way a screen wires it to the stores, with what changed on show. */
function Harness({ filtersActive = false, withColumns = true, initialCols = null }: HarnessProps) {
  const [option, setOption] = useState<ItemSortOption>('Date Created');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const [cols, setCols] = useState<number | null>(initialCols);
  const [opened, setOpened] = useState(0);
  return (
    <>
      <SortBar
        options={ITEM_SORT_OPTIONS}
        option={option}
        onOptionChange={setOption}
        direction={direction}
        onDirectionChange={setDirection}
        filtersActive={filtersActive}
        filtersOpen={false}
        onOpenFilters={() => setOpened((n) => n + 1)}
        addLabel="Add item"
        columns={withColumns ? { value: cols, autoCols: 4, onChange: setCols } : undefined}
      />
      <p data-testid="state">{`${option}|${direction}|${cols ?? 'auto'}|${opened}`}</p>
    </>
  );
}

function renderAt(path: string, ui: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={ui} />
      </Routes>
    </MemoryRouter>,
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('sort bar', () => {
  it('offers the 11 item sort options and switches to the one picked', async () => {
    renderAt('/items', <Harness />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...ITEM_SORT_OPTIONS]);
    expect(select).toHaveValue('Date Created');
    await userEvent.selectOptions(select, 'Price');
    expect(select).toHaveValue('Price');
    expect(state()).toBe('Price|desc|auto|0');
  });

  it('lists the 5 outfit options when given them', () => {
    renderAt(
      '/outfits',
      <SortBar
        options={OUTFIT_SORT_OPTIONS}
        option="Total Cost"
        onOptionChange={() => {}}
        direction="asc"
        onDirectionChange={() => {}}
        filtersActive={false}
        filtersOpen={false}
        onOpenFilters={() => {}}
        addLabel="New outfit"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(select).getAllByRole('option')).toHaveLength(5);
    expect(select).toHaveValue('Total Cost');
    // Outfits have no more-options menu (docs/spec.md §2: items only).
    expect(screen.queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
  });

  it('toggles between descending and ascending', async () => {
    renderAt('/items', <Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(state()).toBe('Date Created|asc|auto|0');
    await userEvent.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    expect(state()).toBe('Date Created|desc|auto|0');
  });

  it('shows the red dot only while filters are active, and opens the filters', async () => {
    const { unmount } = renderAt('/items', <Harness />);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByTestId('filter-dot')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(state()).toBe('Date Created|desc|auto|1');
    unmount();

    renderAt('/items', <Harness filtersActive />);
    expect(screen.getByRole('button', { name: 'Filters (active)' })).toBeInTheDocument();
    expect(screen.getByTestId('filter-dot')).toBeInTheDocument();
  });

  it('links the plus button to the relative upload route', () => {
    renderAt('/groups/wishlist', <Harness />);
    expect(screen.getByRole('link', { name: 'Add item' })).toHaveAttribute(
      'href',
      '/groups/wishlist/upload',
    );
  });

  it('sets grid columns with the slider, reads "Columns: Auto" when unset, and resets', async () => {
    renderAt('/items', <Harness />);
    const more = screen.getByRole('button', { name: 'More options' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    // The popover's code loads when it first opens (grid-columns-menu.tsx).
    const panel = await screen.findByRole('dialog', { name: 'View options' });
    expect(within(panel).getByText('Columns: Auto')).toBeInTheDocument();

    const slider = within(panel).getByRole('slider', { name: 'Grid Columns' });
    expect(slider).toHaveAttribute('min', '2');
    expect(slider).toHaveAttribute('max', '10');
    // Unset, the slider rests on what auto shows at this width.
    expect(slider).toHaveValue('4');
    expect(within(panel).getByRole('button', { name: 'Reset' })).toBeDisabled();

    fireEvent.change(slider, { target: { value: '7' } });
    expect(state()).toBe('Date Created|desc|7|0');
    expect(within(panel).getByText('Columns: 7')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Reset' }));
    expect(state()).toBe('Date Created|desc|auto|0');
    expect(within(panel).getByText('Columns: Auto')).toBeInTheDocument();
  });

  it('closes the columns menu with Escape and returns focus to its button', async () => {
    renderAt('/items', <Harness initialCols={3} />);
    const more = screen.getByRole('button', { name: 'More options' });
    await userEvent.click(more);
    expect(await screen.findByRole('slider', { name: 'Grid Columns' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'View options' })).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });
});
