import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item, settings, signedInWith, user } from '../../test-utils/fixtures';
import { fakeJwt, fakeServer, json } from '../../test-utils/fake-server';
import { clearAccessToken } from '../access-token';
import type * as ParseOffThread from '../api/parse-off-thread';
import { parseSettingsOffThread, warmAnswerWorker } from '../api/parse-off-thread';
import { resetStartForTests } from '../api/start';
import { useClothesFilters, useOutfitsFilters } from './filters-store';
import {
  logIn,
  logOut,
  resetSessionStartForTests,
  startSession,
  warmParsersForStart,
} from './session-actions';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store';
import { useToastStore } from './toast-store';
import { UI_PREFS_STORAGE_KEY, useUiPrefsStore } from './ui-prefs-store';
import { useWardrobeStore } from './wardrobe-store';

// The real parsers, watched: which starts read the settings and warm the answer workers.
vi.mock('../api/parse-off-thread', async (importOriginal) => {
  const actual = await importOriginal<typeof ParseOffThread>();
  return {
    ...actual,
    parseSettingsOffThread: vi.fn(actual.parseSettingsOffThread),
    warmAnswerWorker: vi.fn(actual.warmAnswerWorker),
  };
});

const identity = { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null };
const wardrobeAnswer = {
  clothes: {
    c1: { id: 'c1', image: '/m/c1.webp', category: 'top', date_created: '2024-01-01T00:00:00Z' },
  },
  outfits: {},
  calendar: {},
};
const settingsAnswer = {
  locale: 'en-GB',
  currency: 'EUR',
  week_start: 1,
  subcategories: {},
  data_consent: true,
};

/** GET /api/start for a signed-in session: user, access token and wire settings together. */
const startAnswer = () => json({ user: identity, token: fakeJwt(), settings: settingsAnswer });
const signedOutAnswer = () => json({ user: null });

/**
 * A signed-in server whose GET /api/users answers only once the returned function is called: what
 * the app shows while the wardrobe is on its way.
 */
function serverWithHeldWardrobe(): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  fakeServer({
    'GET /api/start': startAnswer,
    'GET /api/users': async () => {
      await gate;
      return json(wardrobeAnswer);
    },
  });
  return () => release();
}

beforeEach(() => {
  clearAccessToken();
  resetSessionStartForTests();
  resetStartForTests();
  useSessionStore.setState({ user: null, status: 'checking', syncing: false, startSettings: null });
  useWardrobeStore.setState({ data: null, hydrated: true });
  vi.mocked(parseSettingsOffThread).mockClear();
  vi.mocked(warmAnswerWorker).mockClear();
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing in', () => {
  it('logs in, loads the settings and fetches the whole wardrobe', async () => {
    const server = fakeServer({
      'GET /api/start': startAnswer,
      'GET /api/users': () => json(wardrobeAnswer),
    });
    const statuses: string[] = [];
    const unsubscribe = useSessionStore.subscribe((s) => statuses.push(s.status));
    expect(await logIn()).toBe(true);
    unsubscribe();
    expect(statuses[0]).toBe('loggingIn');
    expect(useSessionStore.getState()).toMatchObject({
      status: 'signedIn',
      syncing: false,
      user: {
        uid: 'u1',
        displayName: 'Ada',
        email: 'ada@example.com',
        settings: { currency: 'EUR', weekStart: 1 },
      },
    });
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual(['c1']);
    // One round trip for session, token and settings, then the wardrobe with that token.
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/start',
      'GET /api/users',
    ]);
    expect(server.calls[1]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('signs out when there turns out to be no session', async () => {
    fakeServer({ 'GET /api/start': signedOutAnswer });
    expect(await logIn()).toBe(false);
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'signedOut' });
  });
});

describe('start-up', () => {
  it('shows a returning user their local wardrobe at once and refreshes it behind the scenes', async () => {
    signedInWith({ clothes: { old: item('old') }, outfits: {}, calendar: {} });
    const release = serverWithHeldWardrobe();
    const started = startSession();
    await vi.waitFor(() => expect(useSessionStore.getState().syncing).toBe(true));
    expect(useSessionStore.getState().status).toBe('signedIn');
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual(['old']);
    release();
    await started;
    expect(useSessionStore.getState().syncing).toBe(false);
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual(['c1']);
  });

  it('opens the app with its settings while a first visit on this device loads the wardrobe', async () => {
    const release = serverWithHeldWardrobe();
    const statuses: string[] = [];
    const unsubscribe = useSessionStore.subscribe((s) => statuses.push(s.status));
    const started = startSession();
    // Not a sign-in: no 'Logging in...'; the screens open (loading) before the wardrobe is in.
    await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('signedIn'));
    expect(useSessionStore.getState()).toMatchObject({
      syncing: true,
      user: { uid: 'u1', settings: { currency: 'EUR', weekStart: 1 } },
    });
    expect(useWardrobeStore.getState().data).toBeNull();
    release();
    await started;
    unsubscribe();
    expect(statuses).not.toContain('loggingIn');
    expect(useSessionStore.getState().syncing).toBe(false);
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual(['c1']);
  });

  it('clears a cached user whose session has ended', async () => {
    signedInWith({ clothes: { old: item('old') }, outfits: {}, calendar: {} });
    fakeServer({ 'GET /api/start': signedOutAnswer });
    await startSession();
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'signedOut' });
    expect(useWardrobeStore.getState().data).toBeNull();
  });

  it('keeps a returning user working offline', async () => {
    signedInWith({ clothes: { old: item('old') }, outfits: {}, calendar: {} });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await startSession();
    expect(useSessionStore.getState()).toMatchObject({ user: { uid: 'u1' }, status: 'signedIn' });
    expect(useWardrobeStore.getState().data?.clothes).toHaveProperty('old');
  });

  it('keeps a returning user working when the server answers an error', async () => {
    signedInWith({ clothes: { old: item('old') }, outfits: {}, calendar: {} });
    fakeServer({ 'GET /api/start': () => json({ detail: 'down' }, 503) });
    await startSession();
    expect(useSessionStore.getState()).toMatchObject({ user: { uid: 'u1' }, status: 'signedIn' });
    expect(useWardrobeStore.getState().data?.clothes).toHaveProperty('old');
  });

  it('settles a first visit without a session as signed out', async () => {
    fakeServer({ 'GET /api/start': signedOutAnswer });
    await startSession();
    expect(useSessionStore.getState().status).toBe('signedOut');
  });
});

describe('a returning user’s start (docs/performance.md)', () => {
  /** Starts the app again, as a reload does: the stores keep what they persisted. */
  async function restart(answerSettings: object) {
    resetSessionStartForTests();
    resetStartForTests();
    fakeServer({
      'GET /api/start': () => json({ user: identity, token: fakeJwt(), settings: answerSettings }),
      'GET /api/users': () => json(wardrobeAnswer),
    });
    await startSession();
  }

  it('reads settings the server sends unchanged only once, and changed ones again', async () => {
    signedInWith(null);
    await restart(settingsAnswer);
    expect(parseSettingsOffThread).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().user?.settings.currency).toBe('EUR');

    await restart(settingsAnswer);
    expect(parseSettingsOffThread).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().user?.settings.currency).toBe('EUR');

    await restart({ ...settingsAnswer, currency: 'USD' });
    expect(parseSettingsOffThread).toHaveBeenCalledTimes(2);
    expect(useSessionStore.getState().user?.settings.currency).toBe('USD');
  });

  it('forgets the settings it read when the user signs out', async () => {
    signedInWith(null);
    await restart(settingsAnswer);
    expect(useSessionStore.getState().startSettings).not.toBeNull();
    useSessionStore.getState().reset(true);
    expect(useSessionStore.getState().startSettings).toBeNull();
  });

  it('warms the answer workers for a first visit, not for a returning user', () => {
    warmParsersForStart();
    expect(warmAnswerWorker).toHaveBeenCalledTimes(1);
    signedInWith(null);
    warmParsersForStart();
    expect(warmAnswerWorker).toHaveBeenCalledTimes(1);
  });
});

describe('signing out', () => {
  it('clears the user, the wardrobe and every local store, and ends the identity session', async () => {
    signedInWith({ clothes: { c1: item('c1') }, outfits: {}, calendar: {} });
    useUiPrefsStore.getState().setItemSort('Price', 'asc');
    useClothesFilters.getState().setFilters({ status: 'archived', category: 'shoes' });
    useOutfitsFilters.getState().setFilters({ timesWorn: 'Never Worn' });
    expect(localStorage.getItem(UI_PREFS_STORAGE_KEY)).toContain('Price');
    const server = fakeServer({ 'POST /api/auth/sign-out': () => json({ success: true }) });

    await logOut();

    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/auth/sign-out');
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'signedOut' });
    expect(useWardrobeStore.getState().data).toBeNull();
    expect(useUiPrefsStore.getState().itemSortOption).toBe('Date Created');
    expect(useClothesFilters.getState().filters).toEqual({ status: 'in closet' });
    expect(useOutfitsFilters.getState().filters).toEqual({ status: 'in closet' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(UI_PREFS_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem('clothesFilters')).toBeNull();
    expect(sessionStorage.getItem('outfitsFilters')).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await logOut();
    expect(useSessionStore.getState()).toMatchObject({ user: null, status: 'signedOut' });
  });
});

describe('an expired session', () => {
  it('says so and signs out when the identity service refuses a token', async () => {
    signedInWith({ clothes: {}, outfits: {}, calendar: {} });
    fakeServer({
      'GET /api/start': startAnswer,
      // The start's token is refused (revoked meanwhile), and so is a new one.
      'GET /api/users': () => json({ detail: 'Invalid or expired access token' }, 401),
      'GET /api/auth/token': () => json({ code: 'UNAUTHORIZED' }, 401),
    });
    useSessionStore.setState({ user: { ...user, settings } });
    await startSession();
    await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('signedOut'));
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Signed out',
      message: 'Your session has expired. Please sign in again.',
    });
  });
});

describe('revalidating the stored wardrobe (README, Install and offline)', () => {
  it("sends the stored copy's ETag; a 304 keeps the copy (the same object) and notes the answer's time", async () => {
    signedInWith({ clothes: { old: item('old') }, outfits: {}, calendar: {} });
    useWardrobeStore.setState({ etag: '"w1"', syncedAt: '2020-01-01T00:00:00.000Z' });
    const copy = useWardrobeStore.getState().data;
    const server = fakeServer({
      'GET /api/start': startAnswer,
      'GET /api/users': () => new Response(null, { status: 304, headers: { etag: '"w1"' } }),
    });
    const wardrobeChanges: unknown[] = [];
    const unsubscribe = useWardrobeStore.subscribe((s) => wardrobeChanges.push(s));
    await startSession();
    unsubscribe();
    const users = server.calls.find((c) => c.path === '/api/users');
    expect(users?.headers.get('if-none-match')).toBe('"w1"');
    expect(useWardrobeStore.getState().data).toBe(copy);
    expect(useWardrobeStore.getState().etag).toBe('"w1"');
    // Screens reading the data do not render again; the composer sees the server answered.
    for (const s of wardrobeChanges as { data: unknown }[]) expect(s.data).toBe(copy);
    expect(Date.parse(useWardrobeStore.getState().syncedAt ?? '')).toBeGreaterThan(
      Date.parse('2020-01-01T00:00:00.000Z'),
    );
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('keeps the ETag of a new answer with it, and forgets it when the copy changes here', async () => {
    signedInWith({ clothes: { old: item('old') }, outfits: {}, calendar: {} });
    useWardrobeStore.setState({ etag: '"w1"' });
    fakeServer({
      'GET /api/start': startAnswer,
      'GET /api/users': () =>
        new Response(JSON.stringify(wardrobeAnswer), {
          status: 200,
          headers: { 'content-type': 'application/json', etag: '"w2"' },
        }),
    });
    await startSession();
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual(['c1']);
    expect(useWardrobeStore.getState().etag).toBe('"w2"');
    useWardrobeStore.getState().update((d) => ({ ...d, clothes: {} }));
    expect(useWardrobeStore.getState().etag).toBeNull();
  });

  it('asks without If-None-Match when there is no stored copy', async () => {
    const server = fakeServer({
      'GET /api/start': startAnswer,
      'GET /api/users': () => json(wardrobeAnswer),
    });
    useWardrobeStore.setState({ data: null, etag: '"stale"' });
    await logIn();
    const users = server.calls.find((c) => c.path === '/api/users');
    expect(users?.headers.get('if-none-match')).toBeNull();
    expect(Object.keys(useWardrobeStore.getState().data?.clothes ?? {})).toEqual(['c1']);
  });
});
