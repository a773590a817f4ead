import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settings, signedInWith, signedOut, user } from '../test-utils/fixtures';
import { WardrobeGrid, sameTile, type GridRecord } from './wardrobe-grid';

interface Thing extends GridRecord {
  name: string;
  price: string;
}

const thing = (id: string, fields: Partial<Thing> = {}): Thing => ({
  id,
  name: `Thing ${id}`,
  price: `$${id}`,
  image: `/media/${id}.webp`,
  thumbnail: `/media/${id}-thumb.webp`,
  ...fields,
});

function Detail() {
  return <p>Opened {useParams().id}</p>;
}

function renderGrid(records: Thing[], cols: number, shape: 'square' | 'portrait' = 'square') {
  return render(
    <MemoryRouter initialEntries={['/items']}>
      <Routes>
        <Route
          path="/items"
          element={
            <WardrobeGrid
              records={records}
              shape={shape}
              cols={cols}
              label="Items"
              tileLabel={(t) => t.name}
              caption={(t) => t.price}
            />
          }
        />
        <Route path="/items/:id" element={<Detail />} />
      </Routes>
    </MemoryRouter>,
  );
}

const tiles = () => within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');

describe('wardrobe grid', () => {
  it('shows the tiles in the order given, each named with its caption', () => {
    renderGrid([thing('3'), thing('1'), thing('2')], 2);
    const links = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Thing 3, $3',
      'Thing 1, $1',
      'Thing 2, $2',
    ]);
    expect(tiles().map((t) => t.textContent)).toEqual(['$3', '$1', '$2']);
  });

  it('shows captions under 5 columns only', () => {
    const { unmount } = renderGrid([thing('1')], 4);
    expect(screen.getByText('$1')).toBeInTheDocument();
    unmount();
    renderGrid([thing('1')], 5);
    expect(screen.queryByText('$1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Thing 1' })).toBeInTheDocument();
  });

  it('lays tiles out in the requested number of columns', () => {
    renderGrid([thing('1'), thing('2'), thing('3'), thing('4'), thing('5')], 3);
    const rows = screen.getByRole('list', { name: 'Items' }).querySelectorAll(':scope > div');
    expect(rows).toHaveLength(2);
    expect((rows[0] as HTMLElement).style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
    expect(within(rows[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
  });

  it('loads the thumbnail, falling back to the photo when there is none', () => {
    renderGrid([thing('1'), thing('2', { thumbnail: undefined })], 2);
    const [first, second] = tiles().map((t) => within(t).getByRole('img', { hidden: true }));
    expect(first).toHaveAttribute('src', '/media/1-thumb.webp');
    expect(second).toHaveAttribute('src', '/media/2.webp');
  });

  it('loads the first two rows at once and first, and the rest lazily', () => {
    renderGrid(
      Array.from({ length: 12 }, (_, i) => thing(String(i))),
      2,
    );
    const images = tiles().map((t) => within(t).getByRole('img', { hidden: true }));
    expect(images.length).toBeGreaterThan(4);
    images.forEach((img, i) => {
      expect(img, `tile ${i + 1}`).toHaveAttribute('loading', i < 4 ? 'eager' : 'lazy');
      expect(img, `tile ${i + 1}`).toHaveAttribute('fetchpriority', i < 4 ? 'high' : 'auto');
    });
  });

  it('shows a placeholder until the photo arrives, and an icon if it fails', () => {
    renderGrid([thing('1'), thing('2')], 2);
    const [a, b] = tiles();
    expect(a!.querySelector('[data-placeholder]')).not.toBeNull();
    fireEvent.load(within(a!).getByRole('img', { hidden: true }));
    expect(a!.querySelector('[data-placeholder]')).toBeNull();

    fireEvent.error(within(b!).getByRole('img', { hidden: true }));
    expect(within(b!).queryByRole('img', { hidden: true })).not.toBeInTheDocument();
    expect(b!.querySelector('svg')).not.toBeNull();
  });

  it('opens a tile at its id, relative to the screen', async () => {
    renderGrid([thing('a1'), thing('b2')], 2);
    await userEvent.click(screen.getByRole('link', { name: 'Thing b2, $b2' }));
    expect(screen.getByText('Opened b2')).toBeInTheDocument();
  });

  it('draws items square and outfits 2:3', () => {
    const { unmount } = renderGrid([thing('1')], 2, 'square');
    expect(tiles()[0]!.querySelector('.aspect-square')).not.toBeNull();
    unmount();
    renderGrid([thing('1')], 2, 'portrait');
    expect(tiles()[0]!.querySelector('.aspect-\\[2\\/3\\]')).not.toBeNull();
  });

  it('keeps only the rows near the screen in the page with 5,000 records', () => {
    const many = Array.from({ length: 5000 }, (_, i) => thing(String(i)));
    renderGrid(many, 4);
    const shown = tiles();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(200);
    expect(shown[0]).toHaveAttribute('aria-setsize', '5000');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    // The list is as tall as all 1,250 rows, so the scrollbar tells the truth.
    const height = parseFloat(screen.getByRole('list', { name: 'Items' }).style.height);
    expect(height).toBeGreaterThan(1250 * 100);
  });

  it('leaves a tile alone when its record is a new object showing the same photo', () => {
    const props = {
      record: thing('1'),
      shape: 'square' as const,
      position: 1,
      total: 3,
      eager: true,
      label: 'Thing 1',
      caption: '$1',
      to: '1',
      selected: undefined,
      onToggle: undefined,
    };
    // The wardrobe read again, or another field edited: nothing the tile draws.
    expect(
      sameTile(props, { ...props, record: thing('1', { name: 'Renamed', price: '$9' }) }),
    ).toBe(true);
    expect(
      sameTile(props, { ...props, record: thing('1', { thumbnail: '/media/new.webp' }) }),
    ).toBe(false);
    expect(sameTile(props, { ...props, record: thing('1', { image: '/media/new.webp' }) })).toBe(
      false,
    );
    expect(sameTile(props, { ...props, record: thing('2') })).toBe(false);
    expect(sameTile(props, { ...props, record: thing('1', { cutout: 'pending' }) })).toBe(false);
    expect(sameTile(props, { ...props, caption: '$2' })).toBe(false);
    expect(sameTile(props, { ...props, label: 'Other' })).toBe(false);
    expect(sameTile(props, { ...props, position: 2 })).toBe(false);
  });

  it('under the server-drawn first screen, measures when the browser has laid it out and holds that screen until its rows are in', async () => {
    // As in a browser: a ResizeObserver reports an observed element once, after the next layout.
    const observed: Array<() => void> = [];
    class LayoutReport {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe() {
        observed.push(() => this.report([], this as unknown as ResizeObserver));
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', LayoutReport);
    // Reading a width lays the page out at once (forced layout) unless the browser just did.
    let widthReads = 0;
    const clientWidth = vi
      .spyOn(HTMLElement.prototype, 'clientWidth', 'get')
      .mockImplementation(() => ++widthReads && 300);
    document.documentElement.setAttribute('data-boot-shell', '');
    try {
      renderGrid([thing('1'), thing('2'), thing('3')], 3);
      const list = screen.getByRole('list', { name: 'Items' });
      // Committed without rows: the width is not read before the browser lays the page out.
      expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
      expect(list).toHaveAttribute('data-boot-hold');
      await act(async () => {
        await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => setTimeout(r, 20));
      });
      expect(widthReads).toBe(0);
      expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
      // The layout's report: the rows follow (as a transition) and the screen is let go.
      act(() => observed.forEach((report) => report()));
      expect(widthReads).toBeGreaterThan(0);
      await waitFor(() => expect(tiles()).toHaveLength(3));
      expect(list).not.toHaveAttribute('data-boot-hold');
    } finally {
      document.documentElement.removeAttribute('data-boot-shell');
      clientWidth.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('measures at once when nothing covers it, so its first paint has its rows', () => {
    renderGrid([thing('1'), thing('2')], 2);
    expect(tiles()).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Items' })).not.toHaveAttribute('data-boot-hold');
  });
});

describe('cut-outs on tiles (docs/cutouts.md)', () => {
  afterEach(() => signedOut());

  const records = [
    thing('1', { cutout: 'pending' }),
    thing('2', { cutout: 'done' }),
    thing('3', { cutout: 'failed' }),
    thing('4'),
  ];

  it('marks a tile being cut out, and draws a finished cut-out whole on the tile colour', () => {
    signedInWith(null, { ...user, settings: { ...settings, cutoutsAvailable: true } });
    renderGrid(records, 2);
    const links = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Thing 1, $1, cutting out',
      'Thing 2, $2',
      'Thing 3, $3',
      'Thing 4, $4',
    ]);
    expect(within(links[0]!).getByText('Cutting out…')).toBeInTheDocument();
    expect(screen.getAllByText('Cutting out…')).toHaveLength(1);
    const photo = (name: string) => screen.getByRole('img', { name });
    expect(photo('Thing 2')).toHaveClass('object-contain');
    expect(photo('Thing 2').parentElement).toHaveClass('bg-surface-2');
    expect(photo('Thing 4')).toHaveClass('object-cover');
  });

  it('shows no mark where the server cannot cut out photos', () => {
    signedInWith(null, { ...user, settings: { ...settings, cutoutsAvailable: false } });
    renderGrid(records, 2);
    expect(screen.queryByText('Cutting out…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Thing 1, $1' })).toBeInTheDocument();
  });
});
