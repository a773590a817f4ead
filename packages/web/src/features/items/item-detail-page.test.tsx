import { wearDayKey } from '@hanger/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useToastStore } from '../../lib/stores/toast-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { fakeServer, json, type Call } from '../../test-utils/fake-server';
import { item, outfit, settings, signedInWith, user } from '../../test-utils/fixtures';
import ItemDetailPage from './item-detail-page';

function open(id: string) {
  const router = createMemoryRouter(
    [
      { path: '/items/:id', element: <ItemDetailPage /> },
      { path: '/items', element: <p>Items list</p> },
    ],
    { initialEntries: [`/items/${id}`] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function updatesOf(call: Call): unknown {
  if (!(call.body instanceof FormData)) throw new Error('expected a multipart body');
  return JSON.parse(String(call.body.get('updates')));
}

const stored = (id: string) => useWardrobeStore.getState().data?.clothes[id];
const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);
/** The PATCH answer as the server gives it: the fields changed, null for those cleared. */
const echo = (call: Call) =>
  json(
    Object.fromEntries(
      Object.entries(updatesOf(call) as Record<string, unknown>).map(([k, v]) => [
        k,
        v === '' ? null : v,
      ]),
    ),
  );

beforeEach(() => {
  const today = wearDayKey();
  signedInWith({
    clothes: {
      tee: item('tee', { price: 40, currency: 'USD', dateObtained: '2024-01-01' }),
      jeans: item('jeans', { category: 'bottom' }),
    },
    outfits: { look: outfit('look', ['tee', 'jeans']) },
    calendar: { [today]: { clothes: ['tee'], outfits: [] } },
  });
});

afterEach(() => useToastStore.getState().clear());

describe('the clothing detail screen', () => {
  it('shows the derived stats, the outfits that use the piece and the days it was worn', () => {
    open('tee');
    const stats = within(screen.getByLabelText('Stats'));
    expect(stats.getByText('Times worn').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Cost per wear').nextSibling).toHaveTextContent('$40.00');
    expect(screen.getByRole('link', { name: 'Outfit 1' })).toHaveAttribute('href', '/outfits/look');
    expect(screen.getByRole('heading', { name: /Worn on/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Worn today' })).toBeDisabled();
  });

  it('edits the brand in place: the screen changes at once and the server is told', async () => {
    const server = fakeServer({ 'PATCH /api/clothes/tee': echo });
    open('tee');
    await userEvent.click(screen.getByRole('button', { name: 'Brand: Add brand' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Brand' }), 'Uniqlo{Enter}');

    expect(stored('tee')?.brand).toBe('Uniqlo');
    expect(screen.getByRole('button', { name: 'Brand: Uniqlo' })).toBeInTheDocument();
    await waitFor(() => expect(toastTitles()).toContain('Item updated successfully'));
    expect(updatesOf(server.apiCalls()[0]!)).toEqual({ brand: 'Uniqlo' });
  });

  it('recomputes cost per wear when the price changes', async () => {
    fakeServer({ 'PATCH /api/clothes/tee': echo });
    open('tee');
    await userEvent.click(screen.getByRole('button', { name: /^Price: \$40\.00/ }));
    const amount = screen.getByRole('textbox', { name: 'Price' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '90{Enter}');
    expect(screen.getByText('Cost per wear').nextSibling).toHaveTextContent('$90.00');
  });

  it('keeps the editor open with a message for an amount it cannot read', async () => {
    const server = fakeServer();
    open('tee');
    await userEvent.click(screen.getByRole('button', { name: /^Price:/ }));
    const amount = screen.getByRole('textbox', { name: 'Price' });
    await userEvent.clear(amount);
    await userEvent.type(amount, 'lots{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount such as 49.90.');
    expect(server.apiCalls()).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /^Price: \$40\.00/ })).toBeInTheDocument();
  });

  it('archives with today as the archive date, and keeps the local change when the server fails', async () => {
    const server = fakeServer({
      'PATCH /api/clothes/tee': () => json({ detail: 'Database is down' }, 500),
    });
    open('tee');
    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    expect(stored('tee')).toMatchObject({ status: 'archived', dateArchived: wearDayKey() });
    await waitFor(() => expect(toastTitles()).toContain('Failed to update item'));
    expect(updatesOf(server.apiCalls()[0]!)).toEqual({
      status: 'archived',
      date_archived: wearDayKey(),
    });
    expect(stored('tee')?.status).toBe('archived');
  });

  it('clears the subcategory when the category changes', async () => {
    const server = fakeServer({ 'PATCH /api/clothes/jeans': echo });
    useWardrobeStore.getState().update((d) => ({
      ...d,
      clothes: { ...d.clothes, jeans: { ...d.clothes.jeans!, subCategoryId: 'slim' } },
    }));
    open('jeans');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'shoes');
    expect(updatesOf(server.apiCalls()[0]!)).toEqual({ category: 'shoes', sub_category_id: '' });
    expect(stored('jeans')?.subCategoryId).toBeUndefined();
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const server = fakeServer({
      'DELETE /api/clothes/tee': () => new Response(null, { status: 204 }),
    });
    const router = open('tee');
    await userEvent.click(screen.getAllByRole('button', { name: /Delete item/ })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    expect(stored('tee')).toBeUndefined();
    expect(useWardrobeStore.getState().data?.calendar[wearDayKey()]?.clothes ?? []).not.toContain(
      'tee',
    );
    await waitFor(() =>
      expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
        'DELETE /api/clothes/tee',
      ]),
    );
  });

  it('says so when the item does not exist', () => {
    open('nope');
    expect(
      screen.getByRole('heading', { name: "This item isn't in your wardrobe" }),
    ).toBeInTheDocument();
  });
});

describe("the detail photo's cut-out (docs/cutouts.md)", () => {
  function withCutout(cutout: 'pending' | 'failed' | 'done', available = true) {
    signedInWith(
      {
        clothes: {
          tee: item('tee', {
            cutout,
            ...(cutout === 'done' ? { original: '/media/tee-original.webp' } : {}),
          }),
        },
        outfits: {},
        calendar: {},
      },
      { ...user, settings: { ...settings, cutoutsAvailable: available } },
    );
  }

  it('marks a photo being cut out', () => {
    withCutout('pending');
    open('tee');
    expect(screen.getByText('Cutting out…')).toBeInTheDocument();
    expect(screen.queryByText("Couldn't cut out")).toBeNull();
  });

  it('says a cut-out failed, and "Try again" asks the server again', async () => {
    const server = fakeServer({
      'POST /api/clothes/tee/cutout': () => json({ cutout: 'pending' }, 202),
    });
    withCutout('failed');
    open('tee');
    expect(screen.getByText("Couldn't cut out")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Cutting out…')).toBeInTheDocument());
    expect(stored('tee')?.cutout).toBe('pending');
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/clothes/tee/cutout',
    ]);
  });

  it('shows neither mark nor "Try again" where the server cannot cut out photos', () => {
    withCutout('failed', false);
    open('tee');
    expect(screen.queryByText("Couldn't cut out")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows a finished cut-out whole, with room around it, and no mark', () => {
    withCutout('done');
    open('tee');
    expect(screen.getByRole('img', { name: /top/i })).toHaveClass('object-contain', 'p-[6%]');
    expect(screen.queryByText('Cutting out…')).toBeNull();
  });
});
