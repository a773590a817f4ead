import {
  defaultSettings,
  wardrobeToWire,
  wearDayKey,
  type ClothingItem,
  type ItemFilters,
} from '@hanger/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

type User = ReturnType<typeof userEvent.setup>;
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAccessToken } from '../lib/access-token';
import { heldDeletes } from '../lib/stores/batch-actions';
import { useCollectionsStore } from '../lib/stores/collections-store';
import { useToastStore } from '../lib/stores/toast-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { fakeServer, json, type Call } from '../test-utils/fake-server';
import { item, outfit, signedInWith, signedOut, user, wardrobeOf } from '../test-utils/fixtures';
import { WardrobeBrowser } from './wardrobe-browser';

/** Select mode on the Items screen (docs/select-many.md): choosing, the bar, each action's call. */

const CLOTHES: ClothingItem[] = [
  item('tee', { brand: 'Uniqlo', dateCreated: '2024-03-01T09:00:00Z' }),
  item('jeans', { category: 'bottom', brand: 'Levi', dateCreated: '2024-02-01T09:00:00Z' }),
  item('boots', { category: 'shoes', brand: 'Blundstone', dateCreated: '2024-01-01T09:00:00Z' }),
  item('scarf', { category: 'accessory', brand: 'Acne', dateCreated: '2023-12-01T09:00:00Z' }),
];

function Items() {
  const [filters, setFilters] = useState<ItemFilters>({} as ItemFilters);
  return (
    <WardrobeBrowser
      kind="items"
      filters={filters}
      onFiltersChange={setFilters}
      onClearFilters={() => setFilters({} as ItemFilters)}
      selectable
    />
  );
}

function renderItems() {
  return render(
    <MemoryRouter initialEntries={['/items']}>
      <Routes>
        <Route path="/items" element={<Items />} />
        <Route path="/items/:id" element={<p>Opened</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const grid = () => screen.getByRole('list', { name: 'Items' });
/** The tiles in Select mode: toggles, in the grid's order. */
const toggles = () =>
  within(grid())
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-pressed'));
const count = () => screen.getByText(/^\d+ selected$/).textContent;
const bar = () => document.querySelector('[data-select-bar]') as HTMLElement;

/** The batch calls sent, as "METHOD path ids updates". */
function batchCalls(calls: Call[]): string[] {
  return calls
    .filter((c) => /^\/api\/(clothes|outfits)$/.test(c.path))
    .map((c) => {
      const body = c.body as FormData;
      const updates = body.get('updates');
      return `${c.method} ${c.path} ${String(body.get('ids'))}${updates ? ` ${String(updates)}` : ''}`;
    });
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

beforeEach(() => {
  clearAccessToken();
  signedInWith(wardrobeOf(CLOTHES, [outfit('o1', ['tee'])]), {
    ...user,
    settings: defaultSettings(),
  });
});

afterEach(() => {
  heldDeletes.commitAll();
  useToastStore.getState().clear();
  signedOut();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function startSelecting() {
  const u = userEvent.setup();
  renderItems();
  await u.click(screen.getByRole('button', { name: 'Select' }));
  await screen.findByText('0 selected');
  return u;
}

describe('Select mode', () => {
  it('starts from the Select button; tapping tiles chooses them and the bar counts them', async () => {
    const u = await startSelecting();
    expect(toggles()).toHaveLength(4);
    await u.click(toggles()[0]!);
    await u.click(toggles()[2]!);
    expect(count()).toBe('2 selected');
    expect(toggles().map((t) => t.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'true',
      'false',
    ]);
    // Tapping a chosen one again lets it go; tapping never opens the item.
    await u.click(toggles()[0]!);
    expect(count()).toBe('1 selected');
    expect(screen.queryByText('Opened')).toBeNull();
  });

  it("starts from a tile's checkbox with that tile chosen", async () => {
    const u = userEvent.setup();
    renderItems();
    const checks = within(grid()).getAllByRole('button', { name: /^Select / });
    await u.click(checks[1]!);
    await screen.findByText('1 selected');
    expect(toggles()[1]).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts from a long press on a touch screen, and the lifted finger does not open the tile', async () => {
    renderItems();
    vi.useFakeTimers();
    const link = within(grid()).getAllByRole('link')[2]!;
    fireEvent.pointerDown(link, { pointerType: 'touch', clientX: 5, clientY: 5 });
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByText(/selected$/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await screen.findByText('1 selected');
    expect(toggles()[2]).toHaveAttribute('aria-pressed', 'true');
    // The lifted finger's click lands on the toggle now under it, and is the press's.
    fireEvent.click(toggles()[2]!);
    expect(toggles()[2]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Opened')).toBeNull();
  });

  it('a finger that moves is scrolling, not pressing', () => {
    renderItems();
    vi.useFakeTimers();
    const link = within(grid()).getAllByRole('link')[0]!;
    fireEvent.pointerDown(link, { pointerType: 'touch', clientX: 5, clientY: 5 });
    fireEvent.pointerMove(link, { pointerType: 'touch', clientX: 5, clientY: 40 });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });

  it('shift-click takes the range from the last tile toggled', async () => {
    const u = await startSelecting();
    await u.click(toggles()[0]!);
    fireEvent.click(toggles()[2]!, { shiftKey: true });
    expect(count()).toBe('3 selected');
    expect(toggles().map((t) => t.getAttribute('aria-pressed'))).toEqual([
      'true',
      'true',
      'true',
      'false',
    ]);
  });

  it('"Select all (n)" takes what the grid shows, then reads "Select none"', async () => {
    const u = await startSelecting();
    await u.click(within(bar()).getByRole('button', { name: 'Select all (4)' }));
    expect(count()).toBe('4 selected');
    await u.click(within(bar()).getByRole('button', { name: 'Select none' }));
    expect(count()).toBe('0 selected');
    // Nothing chosen: the actions wait.
    expect(within(bar()).getByRole('button', { name: 'Status' })).toBeDisabled();
  });

  it('Escape and "Done selecting" leave Select mode', async () => {
    const u = await startSelecting();
    await u.click(toggles()[0]!);
    await u.keyboard('{Escape}');
    expect(screen.queryByText(/selected$/)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Select' }));
    await u.click(await screen.findByRole('button', { name: 'Done selecting' }));
    expect(screen.queryByText(/selected$/)).toBeNull();
  });
});

describe('the actions send one batch call', () => {
  async function chooseTwo() {
    const u = await startSelecting();
    await u.click(toggles()[0]!);
    await u.click(toggles()[1]!);
    return u;
  }
  const ok = () => json({ changes: [] });

  it('Status: PATCH clothes with the status', async () => {
    const server = fakeServer({ 'PATCH /api/clothes': ok });
    const u = await chooseTwo();
    await u.click(within(bar()).getByRole('button', { name: 'Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Status of 2 items' });
    await u.click(within(dialog).getByText('Wishlist'));
    await waitFor(() =>
      expect(batchCalls(server.calls)).toEqual([
        'PATCH /api/clothes ["tee","jeans"] {"status":"wishlist","date_archived":""}',
      ]),
    );
    expect(useWardrobeStore.getState().data!.clothes.tee!.status).toBe('wishlist');
    await waitFor(() => expect(toastTitles()).toContain('Moved 2 items to Wishlist'));
  });

  // The actions whose dialog takes a value, then "Apply to 2 items".
  it.each([
    {
      action: 'Category',
      fill: (u: User, d: HTMLElement) => u.click(within(d).getByText('Outerwear')),
      sent: '{"category":"outerwear","sub_category_id":""}',
    },
    {
      action: 'Brand',
      fill: (u: User, d: HTMLElement) => u.type(within(d).getByLabelText('Brand'), 'Arket'),
      sent: '{"brand":"Arket"}',
    },
    {
      action: 'Colours',
      fill: (u: User, d: HTMLElement) =>
        u.click(within(d).getByRole('checkbox', { name: /^Navy/ })),
      sent: '{"colors":["navy"]}',
    },
  ])('$action: PATCH clothes with $sent', async ({ action, fill, sent }) => {
    const server = fakeServer({ 'PATCH /api/clothes': ok });
    const u = await chooseTwo();
    await u.click(within(bar()).getByRole('button', { name: action }));
    const dialog = await screen.findByRole('dialog', { name: `${action} of 2 items` });
    await fill(u, dialog);
    await u.click(within(dialog).getByRole('button', { name: 'Apply to 2 items' }));
    await waitFor(() =>
      expect(batchCalls(server.calls)).toEqual([`PATCH /api/clothes ["tee","jeans"] ${sent}`]),
    );
  });

  it('Source: PATCH clothes with the source', async () => {
    const server = fakeServer({ 'PATCH /api/clothes': ok });
    const u = await chooseTwo();
    await u.click(within(bar()).getByRole('button', { name: 'Source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Source of 2 items' });
    await u.click(within(dialog).getByText('Preloved'));
    await waitFor(() =>
      expect(batchCalls(server.calls)).toEqual([
        'PATCH /api/clothes ["tee","jeans"] {"source":"preloved"}',
      ]),
    );
  });

  it('Collection: the chosen items join the collection picked, one collection change', async () => {
    // The server's list is still on its way: the one on this device is shown.
    fakeServer({ 'GET /api/collections': () => new Promise<Response>(() => {}) });
    useCollectionsStore.setState({
      owner: 'u1',
      base: [
        {
          id: 'c1',
          kind: 'packing',
          name: 'Lisbon',
          dateCreated: '2024-01-01T00:00:00Z',
          itemIds: ['boots'],
          outfitIds: [],
          packedIds: [],
        },
      ],
    });
    const u = await chooseTwo();
    await u.click(within(bar()).getByRole('button', { name: 'Collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 2 items to a collection' });
    await u.click(within(dialog).getByText('Lisbon'));
    await waitFor(() => expect(toastTitles()).toContain('Added 2 items to Lisbon'));
    expect(useCollectionsStore.getState().base![0]!.itemIds).toEqual(['boots', 'tee', 'jeans']);
  });

  it('Wore it today: one calendar change for today with both', async () => {
    const server = fakeServer({
      [`PUT /api/calendar/${wearDayKey()}`]: () => new Response(null, { status: 204 }),
    });
    const u = await chooseTwo();
    await u.click(within(bar()).getByRole('button', { name: 'Wore it today' }));
    await waitFor(() => expect(toastTitles()).toContain('Logged 2 items for today'));
    const calls = server.apiCalls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /api/calendar/${wearDayKey()}`,
    ]);
    expect((calls[0]!.body as FormData).getAll('clothes')).toEqual(['tee', 'jeans']);
  });

  it('Delete: gone at once with "Deleted 2 items — Undo"; Undo within 10 s sends nothing', async () => {
    const server = fakeServer({ 'DELETE /api/clothes': () => new Response(null, { status: 204 }) });
    const u = await chooseTwo();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.click(within(bar()).getByRole('button', { name: 'Delete' }));
    expect(Object.keys(useWardrobeStore.getState().data!.clothes).sort()).toEqual([
      'boots',
      'scarf',
    ]);
    const toast = useToastStore.getState().toasts.find((t) => t.title === 'Deleted 2 items')!;
    expect(toast.action?.label).toBe('Undo');
    await act(async () => vi.advanceTimersByTimeAsync(9_000));
    act(() => toast.action!.handler());
    expect(Object.keys(useWardrobeStore.getState().data!.clothes).sort()).toEqual([
      'boots',
      'jeans',
      'scarf',
      'tee',
    ]);
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(heldDeletes.count()).toBe(0);
    expect(batchCalls(server.calls)).toEqual([]);
  });

  it('Delete: after 10 s without Undo, one DELETE clothes for both', async () => {
    const server = fakeServer({ 'DELETE /api/clothes': () => new Response(null, { status: 204 }) });
    const u = await chooseTwo();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.click(within(bar()).getByRole('button', { name: 'Delete' }));
    await act(async () => vi.advanceTimersByTimeAsync(9_900));
    expect(batchCalls(server.calls)).toEqual([]);
    await act(async () => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();
    await waitFor(() =>
      expect(batchCalls(server.calls)).toEqual(['DELETE /api/clothes ["tee","jeans"]']),
    );
    expect(heldDeletes.count()).toBe(0);
  });

  it('Delete of a record deleted meanwhile elsewhere: the rest is deleted, no error', async () => {
    let first = true;
    const server = fakeServer({
      'DELETE /api/clothes': () => {
        if (first) {
          first = false;
          return json({ detail: 'The requested item was not found.' }, 404);
        }
        return new Response(null, { status: 204 });
      },
      // The server no longer holds "jeans" (deleted on another device).
      'GET /api/users': () =>
        json(
          wardrobeToWire(
            wardrobeOf(
              CLOTHES.filter((c) => c.id !== 'jeans'),
              [outfit('o1', ['tee'])],
            ),
          ),
        ),
    });
    const u = await chooseTwo();
    await u.click(within(bar()).getByRole('button', { name: 'Delete' }));
    act(() => heldDeletes.commitAll());
    await waitFor(() =>
      expect(batchCalls(server.calls)).toEqual([
        'DELETE /api/clothes ["tee","jeans"]',
        'DELETE /api/clothes ["tee"]',
      ]),
    );
    expect(toastTitles()).not.toContain('Failed to delete item');
  });
});
