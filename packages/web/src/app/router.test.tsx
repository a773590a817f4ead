import { act, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../lib/stores/session-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { item, outfit, signedInWith } from '../test-utils/fixtures';
import { routes } from './router';

function open(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const signedOut = () =>
  useSessionStore.setState({ user: null, status: 'signedOut', syncing: false });

beforeEach(() => {
  // Sign-in screens ask which providers exist; answer with the e-mail options only.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ email_password: true, magic_link: true, providers: [] })),
    ),
  );
  useWardrobeStore.setState({ data: null, hydrated: true });
});

afterEach(() => vi.unstubAllGlobals());

describe('the guard', () => {
  it('shows a spinner during the first authentication check', () => {
    useSessionStore.setState({ user: null, status: 'checking' });
    open('/items');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
  });

  it("shows 'Logging in...' while a sign-in completes", () => {
    useSessionStore.setState({ user: null, status: 'loggingIn' });
    open('/items');
    expect(screen.getByText('Logging in...')).toBeInTheDocument();
  });

  it('sends a signed-out visitor from a guarded page to /login, remembering where they were going', async () => {
    signedOut();
    const router = open('/stats');
    expect(await screen.findByRole('heading', { name: 'Welcome to Hanger' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/stats' });
  });

  it('does not remember the page of a person who signed out themselves', async () => {
    useSessionStore.getState().reset(true);
    const router = open('/profile');
    await screen.findByRole('heading', { name: 'Welcome to Hanger' });
    expect(router.state.location.state).toBeNull();
  });

  it('lets a signed-in user in, marking the content busy while data syncs', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    useSessionStore.setState({ syncing: true });
    open('/groups');
    expect(await screen.findByRole('heading', { name: 'Custom Collections' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Syncing your wardrobe' });
    // Told at once, drawn only once the sync has taken a second (a quick one never flashes).
    expect(bar).toBeEmptyDOMElement();
    await waitFor(() => expect(bar).not.toBeEmptyDOMElement(), { timeout: 2000 });
    act(() => useSessionStore.setState({ syncing: false }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('sends a signed-in user away from the sign-in screens', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/login');
    await screen.findByRole('navigation', { name: 'Wardrobe' });
    expect(router.state.location.pathname).toBe('/items');
  });
});

describe('the route table', () => {
  it('redirects an unknown path to / and on to /items', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/no/such/page');
    await screen.findByRole('navigation', { name: 'Wardrobe' });
    expect(router.state.location.pathname).toBe('/items');
  });

  it('redirects an unknown path while signed out all the way to /login', async () => {
    signedOut();
    const router = open('/nowhere');
    await screen.findByRole('heading', { name: 'Welcome to Hanger' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("opens /calendar at this month's page", async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/calendar');
    const now = new Date();
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/calendar/${now.getFullYear()}/${String(now.getMonth() + 1).padStart(2, '0')}`,
      ),
    );
  });

  it("opens /calendar/today (the 'Log today' shortcut) at the day being worn", async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/calendar/today');
    // docs/spec.md §4: before 05:00 the wear day is still yesterday.
    const day = new Date();
    if (day.getHours() < 5) day.setDate(day.getDate() - 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/calendar/${day.getFullYear()}/${pad(day.getMonth() + 1)}/${pad(day.getDate())}`,
      ),
    );
  });

  it('zero-pads calendar month and day in the address', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/calendar/2024/3/5');
    expect(await screen.findByRole('heading', { name: '5 Mar 2024' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/calendar/2024/03/05');
  });

  it('sends a day that does not exist to its month', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/calendar/2023/02/29');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/calendar/2023/02'));
  });

  it('shows the upload page outside the tab shell', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    const router = open('/groups/wishlist/upload');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/groups/wishlist/upload');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('the shell', () => {
  it('highlights Wardrobe on the items, outfits and groups screens', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    for (const path of ['/items', '/outfits', '/groups', '/groups/wishlist']) {
      const router = open(path);
      const [top] = await screen.findAllByRole('navigation', { name: 'Main' });
      const current = top!.querySelector('[aria-current="page"]');
      expect(current).toHaveTextContent('Wardrobe');
      router.dispose();
    }
  });

  it('counts the tabs with the filters of each view (in closet by default)', async () => {
    signedInWith({
      clothes: {
        a: item('a'),
        b: item('b', { status: 'clothes' }),
        c: item('c', { status: 'archived' }),
        d: item('d', { status: 'wishlist' }),
        e: item('e', { status: 'loaned' }),
      },
      outfits: {
        o1: outfit('o1', ['a']),
        o2: outfit('o2', ['b'], { status: 'outfits' }),
        o3: outfit('o3', ['c'], { status: 'archived' }),
      },
      calendar: {},
    });
    open('/groups');
    const tabs = await screen.findByRole('navigation', { name: 'Wardrobe' });
    expect(tabs).toHaveTextContent('Items2');
    expect(tabs).toHaveTextContent('Outfits2');
    expect(screen.getByRole('link', { name: /Wishlist/ })).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: /Loaned/ })).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: '+ Add packing or capsule' })).toBeInTheDocument();
  });
});
