import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/stores/session-store';
import { useToastStore } from '../../lib/stores/toast-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { fakeServer, json, type Call } from '../../test-utils/fake-server';
import { item, settings, signedInWith, user } from '../../test-utils/fixtures';
import ProfilePage from './profile-page';

function open() {
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <ProfilePage />
    </MemoryRouter>,
  );
}

function sentSettings(call: Call): Record<string, unknown> {
  if (!(call.body instanceof FormData)) throw new Error('expected a multipart body');
  return JSON.parse(String(call.body.get('settings'))) as Record<string, unknown>;
}

/** The settings saves among the calls (the page also asks for the calendar feed). */
const settingsPuts = (calls: Call[]) => calls.filter((c) => c.path === '/api/users/settings');

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

beforeEach(() => {
  signedInWith({
    clothes: {
      tee: item('tee', { subCategoryId: 'tee-id', price: 50, currency: 'EUR', convertedPrice: 54 }),
      shirt: item('shirt', { subCategoryId: 'shirt-id' }),
    },
    outfits: {},
    calendar: {},
  });
  useSessionStore.setState({
    user: {
      ...user,
      settings: {
        ...settings,
        subcategories: {
          ...settings.subcategories,
          top: [
            { id: 'tee-id', name: 'T-shirt' },
            { id: 'shirt-id', name: 'Shirt' },
          ],
        },
      },
    },
  });
});

afterEach(() => useToastStore.getState().clear());

describe('the profile', () => {
  it('removes a subcategory after confirmation and clears it on the items using it', async () => {
    const server = fakeServer({ 'PUT /api/users/settings': () => json({}) });
    open();
    await userEvent.click(screen.getByText('Top'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove T-shirt' }));
    expect(screen.getByText('1 item uses it; it will have no subcategory.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));

    const clothes = useWardrobeStore.getState().data?.clothes;
    expect(clothes?.tee?.subCategoryId).toBeUndefined();
    expect(clothes?.shirt?.subCategoryId).toBe('shirt-id');
    await waitFor(() => expect(toastTitles()).toContain('Settings Saved'));
    const sent = sentSettings(settingsPuts(server.apiCalls())[0]!);
    expect((sent.subcategories as Record<string, unknown>).top).toEqual([
      { id: 'shirt-id', name: 'Shirt' },
    ]);
  });

  it('adds a subcategory and refuses a name the category already has', async () => {
    const server = fakeServer({ 'PUT /api/users/settings': () => json({}) });
    open();
    await userEvent.click(screen.getByText('Top'));
    const input = screen.getByRole('textbox', { name: 'New top subcategory' });
    await userEvent.type(input, 'shirt{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('“shirt” is already a subcategory of top.');
    expect(settingsPuts(server.apiCalls())).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'Polo{Enter}');
    await waitFor(() => expect(input).toHaveValue(''));
    const names = useSessionStore.getState().user?.settings.subcategories.top.map((s) => s.name);
    expect(names).toEqual(['T-shirt', 'Shirt', 'Polo']);
  });

  // The selector is its own chunk, loaded on first use: the time limit allows a slow first import.
  it('changes the currency through the searchable selector and reads the re-converted prices', async () => {
    // The refreshed wardrobe is held back until the test has seen the state in between.
    let releaseWardrobe = () => {};
    const wardrobeHeld = new Promise<void>((resolve) => (releaseWardrobe = resolve));
    const server = fakeServer({
      'PUT /api/users/settings': () => json({}),
      'GET /api/users': async () => {
        await wardrobeHeld;
        return json({
          clothes: {
            tee: {
              id: 'tee',
              image: '/media/tee.webp',
              category: 'top',
              date_created: '2024-01-01T09:00:00Z',
              price: 50,
              currency: 'EUR',
              converted_price: 42.5,
            },
          },
          outfits: {},
          calendar: {},
        });
      },
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: /^Currency: USD/ }));
    const search = await screen.findByRole(
      'combobox',
      { name: 'Search currencies' },
      { timeout: 5000 },
    );
    await userEvent.type(search, 'swiss');
    const list = screen.getByRole('listbox', { name: 'Currencies' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['CHFSwiss Franc']);
    await userEvent.clear(search);
    await userEvent.type(search, 'gbp{Enter}');

    expect(useSessionStore.getState().user?.settings.currency).toBe('GBP');
    // The old conversion was into dollars: it is dropped at once, then the server's is read.
    await waitFor(() =>
      expect(useWardrobeStore.getState().data?.clothes.tee?.convertedPrice).toBeUndefined(),
    );
    releaseWardrobe();
    await waitFor(() =>
      expect(useWardrobeStore.getState().data?.clothes.tee?.convertedPrice).toBe(42.5),
    );
    expect(sentSettings(settingsPuts(server.apiCalls())[0]!).currency).toBe('GBP');
    expect(toastTitles()).toContain('Settings Saved');
  }, 20_000);

  it('offers "Cut out new photos" only where the server cuts out photos, and saves it', async () => {
    const server = fakeServer({ 'PUT /api/users/settings': () => json({}) });
    const base = useSessionStore.getState().user!;
    open();
    expect(screen.queryByRole('switch', { name: 'Cut out new photos' })).toBeNull();
    act(() =>
      useSessionStore.setState({
        user: { ...base, settings: { ...base.settings, cutoutsAvailable: true } },
      }),
    );
    const toggle = screen.getByRole('switch', { name: 'Cut out new photos' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(toastTitles()).toContain('Settings Saved'));
    const sent = sentSettings(settingsPuts(server.apiCalls())[0]!);
    expect(sent.cut_out_new_photos).toBe(false);
    // Whether the server can cut out photos is the server's to say.
    expect(sent).not.toHaveProperty('cutouts_available');
  });
});
