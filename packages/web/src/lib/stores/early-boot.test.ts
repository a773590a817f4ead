import EARLY_JS from '../../../public/early.js?raw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt, fakeServer, json, signedInApiHooks } from '../../test-utils/fake-server';
import { fetchWardrobe } from '../api/users';
import { resetStartForTests, beginStart, takeStart } from '../api/start';
import { earlyReadLine } from '../persistence/schema';
import { EARLY_ETAG_KEY, resetEarlyBootForTests, takeEarlyStart } from './early-boot';
import { useWardrobeStore } from './wardrobe-store';

// public/early.js as the page runs it: a classic script, before the app's code.
const runEarlyScript = () => new Function(EARLY_JS)();

const token = fakeJwt();
const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', image: null };
const wardrobe = {
  clothes: {
    c1: {
      id: 'c1',
      image: '/media/c1.webp',
      category: 'top',
      date_created: '2024-01-02T10:00:00Z',
    },
  },
  outfits: {},
  calendar: {},
};
const startRoute = () => json({ user, token, settings: {} });

signedInApiHooks();

beforeEach(() => {
  delete window.__hangerEarly;
  resetEarlyBootForTests();
  resetStartForTests();
  useWardrobeStore.setState({ data: null, etag: null, hydrated: true });
});
afterEach(() => {
  delete window.__hangerEarly;
});

describe('the early requests (public/early.js)', () => {
  it('asks for the wardrobe with the start answer token and the same Accept as the app', async () => {
    // What the app sends when it asks itself.
    const own = fakeServer({ 'GET /api/users': () => json(wardrobe) });
    await fetchWardrobe();
    const appAccept = own.apiCalls()[0]!.headers.get('accept');

    resetEarlyBootForTests();
    const server = fakeServer({
      'GET /api/start': startRoute,
      'GET /api/users': () => json(wardrobe),
    });
    runEarlyScript();
    await window.__hangerEarly!.users;
    const users = server.apiCalls().find((c) => c.path === '/api/users')!;
    expect(users.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(users.headers.get('accept')).toBe(appAccept);
    // No stored copy: nothing to revalidate.
    expect(users.headers.get('if-none-match')).toBeNull();
    // It reads the key the wardrobe store writes, where schema.ts keeps it.
    expect(EARLY_JS).toContain(`key: '${EARLY_ETAG_KEY}'`);
    expect(EARLY_JS).toContain(earlyReadLine());
  });

  it('lets the app take over both answers: one GET /api/start, one GET users', async () => {
    const server = fakeServer({
      'GET /api/start': startRoute,
      'GET /api/users': () => json(wardrobe, 200),
    });
    runEarlyScript();
    beginStart(takeEarlyStart());
    expect((await takeStart()).token).toBe(token);
    const data = await fetchWardrobe();
    expect(data.clothes.c1?.category).toBe('top');
    expect(server.apiCalls().map((c) => c.path)).toEqual(['/api/start', '/api/users']);
  });

  it('asks nothing for a visitor who is not signed in', async () => {
    const server = fakeServer({ 'GET /api/start': () => json({ user: null }) });
    runEarlyScript();
    expect(await window.__hangerEarly!.users).toBeNull();
    expect(server.apiCalls().map((c) => c.path)).toEqual(['/api/start']);
  });

  it('asks again itself when the early answer cannot serve (a refused token)', async () => {
    let n = 0;
    const server = fakeServer({
      'GET /api/start': startRoute,
      'GET /api/users': () => (++n === 1 ? json({ detail: 'no' }, 401) : json(wardrobe)),
    });
    runEarlyScript();
    const data = await fetchWardrobe();
    expect(data.clothes.c1).toBeDefined();
    expect(server.apiCalls().filter((c) => c.path === '/api/users')).toHaveLength(2);
  });

  it('a 304 to an ETag the stored copy does not have is not taken for that copy', async () => {
    const early = fakeServer({
      'GET /api/start': startRoute,
      'GET /api/users': (call) =>
        call.headers.get('if-none-match') ? new Response(null, { status: 304 }) : json(wardrobe),
    });
    // The early script sent an ETag (as if read from IndexedDB) that is not the stored copy's.
    window.__hangerEarly = {
      start: Promise.resolve({ status: 200, body: { user, token } }),
      users: Promise.resolve({
        sent: { authorization: `Bearer ${token}`, 'if-none-match': '"old"' },
        status: 304,
        etag: null,
        bytes: null,
      }),
    };
    const data = await fetchWardrobe();
    expect(data.clothes.c1).toBeDefined();
    expect(early.apiCalls().filter((c) => c.path === '/api/users')).toHaveLength(1);
  });
});
