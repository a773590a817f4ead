import { defaultSettings } from '@hanger/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { clearAccessToken } from '../../lib/access-token';
import { useCollectionsStore } from '../../lib/stores/collections-store';
import { LONG_PRESS_MS } from '../../lib/use-long-press';
import { fakeServer, json } from '../../test-utils/fake-server';
import { item, signedInWith, signedOut, user, wardrobeOf } from '../../test-utils/fixtures';
import CollectionPage from './collection-page';

/** Select mode on a collection's pieces (docs/select-many.md). */

beforeEach(() => {
  clearAccessToken();
  signedInWith(
    wardrobeOf(
      [
        item('tee', { brand: 'Uniqlo' }),
        item('jeans', { category: 'bottom', brand: 'Levi' }),
        item('boots', { category: 'shoes', brand: 'Blundstone' }),
      ],
      [],
    ),
    { ...user, settings: defaultSettings() },
  );
  useCollectionsStore.setState({
    owner: 'u1',
    base: [
      {
        id: 'c1',
        kind: 'capsule',
        name: 'Autumn',
        dateCreated: '2024-01-01T00:00:00Z',
        itemIds: ['tee', 'jeans', 'boots'],
        outfitIds: [],
        packedIds: [],
      },
    ],
  });
});

afterEach(() => {
  signedOut();
  vi.unstubAllGlobals();
});

/** The collection's page; the second route is where a piece's link leads. */
function renderCollection() {
  render(
    <MemoryRouter initialEntries={['/groups/collections/c1']}>
      <Routes>
        <Route path="/groups/collections/:id" element={<CollectionPage />} />
        <Route path="/items/:id" element={<p>Opened</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const pieces = () => within(screen.getByRole('region', { name: /Pieces/ }));
/** The pieces in Select mode: toggles, in the page's order. */
const toggles = () =>
  pieces()
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-pressed'));

it('selects pieces of a collection (a shift-click range too) and changes them in one call', async () => {
  const server = fakeServer({
    // The server's list is still on its way: the one on this device is shown.
    'GET /api/collections': () => new Promise<Response>(() => {}),
    'PATCH /api/clothes': () => json({ changes: [] }),
  });
  const u = userEvent.setup();
  renderCollection();
  await u.click(await screen.findByRole('button', { name: 'Select' }));
  await screen.findByText('0 selected');
  expect(toggles()).toHaveLength(3);
  await u.click(toggles()[0]!);
  fireEvent.click(toggles()[2]!, { shiftKey: true });
  expect(screen.getByText('3 selected')).toBeInTheDocument();
  await u.click(toggles()[1]!);
  expect(screen.getByText('2 selected')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Select all (3)' })).toBeInTheDocument();

  await u.click(screen.getByRole('button', { name: 'Status' }));
  const dialog = await screen.findByRole('dialog', { name: 'Status of 2 items' });
  await u.click(within(dialog).getByText('Archived'));
  await waitFor(() =>
    expect(
      server
        .apiCalls()
        .filter((c) => c.path === '/api/clothes')
        .map((c) => `${c.method} ${String((c.body as FormData).get('ids'))}`),
    ).toEqual(['PATCH ["tee","boots"]']),
  );
  await u.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
});

it('starts from a long press on a piece (touch), with that piece chosen; the lift does not toggle it', async () => {
  fakeServer({ 'GET /api/collections': () => new Promise<Response>(() => {}) });
  renderCollection();
  await screen.findByRole('region', { name: /Pieces/ });
  vi.useFakeTimers();
  const link = pieces().getAllByRole('link')[1]!;
  fireEvent.pointerDown(link, { pointerType: 'touch', clientX: 5, clientY: 5 });
  act(() => vi.advanceTimersByTime(LONG_PRESS_MS));
  vi.useRealTimers();
  await screen.findByText('1 selected');
  // The lifted finger's click lands on the toggle now under it, and is the press's.
  fireEvent.pointerUp(toggles()[1]!, { pointerType: 'touch' });
  fireEvent.click(toggles()[1]!);
  expect(toggles().map((t) => t.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
  expect(screen.getByText('1 selected')).toBeInTheDocument();
  expect(screen.queryByText('Opened')).toBeNull();
});

it('"Select all (n)" and "Select none" as on the Items screen; Escape leaves and forgets the range\'s start', async () => {
  fakeServer({ 'GET /api/collections': () => new Promise<Response>(() => {}) });
  const u = userEvent.setup();
  renderCollection();
  await u.click(await screen.findByRole('button', { name: 'Select' }));
  await u.click(await screen.findByRole('button', { name: 'Select all (3)' }));
  expect(screen.getByText('3 selected')).toBeInTheDocument();
  await u.click(screen.getByRole('button', { name: 'Select none' }));
  expect(screen.getByText('0 selected')).toBeInTheDocument();

  await u.click(toggles()[0]!);
  await u.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
  await u.click(screen.getByRole('button', { name: 'Select' }));
  // A shift-click with no start of a range takes just the one clicked.
  fireEvent.click(toggles()[2]!, { shiftKey: true });
  expect(screen.getByText('1 selected')).toBeInTheDocument();
  await u.click(screen.getByRole('button', { name: 'Done selecting' }));
  expect(screen.queryByText(/selected$/)).toBeNull();
});
