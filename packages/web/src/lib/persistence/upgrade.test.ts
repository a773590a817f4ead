import 'fake-indexeddb/auto';
import EARLY_JS from '../../../public/early.js?raw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, fakeServer, json } from '../../test-utils/fake-server';
import type { StorageValue } from 'zustand/middleware';
import type { OutboxSnapshot } from '../outbox/storage';
import type { LruRecord } from '../pwa/lru';
import { deleteAllDatabases, openDatabase } from './database';
import { idbOutboxStorage } from './outbox-storage';
import { idbPersistStorage } from './persist-storage';
import { readLru, writeLru } from './photo-lru';
import { DATABASES, SCHEMA_VERSION, WARDROBE_ETAG_KEY } from './schema';

/**
 * An install made before lib/persistence (docs/architecture.md) keeps everything it stored: each
 * database was opened by hand, without a version (IndexedDB made it version 1) or at version 1,
 * with its one store created on the first open. These tests make such databases the way the old
 * code did and read them through the new module.
 */

/** A database as the old code left it: `name` with `store`, holding `values`. */
function oldInstall(
  name: string,
  store: string,
  values: Record<string, unknown>,
  version?: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = version === undefined ? indexedDB.open(name) : indexedDB.open(name, version);
    open.onupgradeneeded = () => open.result.createObjectStore(store);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(store, 'readwrite');
      for (const [key, value] of Object.entries(values)) tx.objectStore(store).put(value, key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const snapshot: OutboxSnapshot = {
  owner: 'u1',
  entries: [
    {
      seq: 1_700_000_000_000_001,
      op: { kind: 'updateItem', id: 'c1', updates: { brand: 'Cos' } },
      createdAt: '2026-11-20T10:00:00.000Z',
      label: 'Top',
    },
    {
      seq: 1_700_000_000_000_002,
      op: { kind: 'calendarRemove', day: '2026-11-20', type: 'clothes', id: 'c2' },
      createdAt: '2026-11-20T10:01:00.000Z',
      label: 'Shirt',
    },
  ],
  refused: [
    { id: '7', title: 'Failed to update item', message: 'No.', at: '2026-11-19T09:00:00Z' },
  ],
  idMap: { 'local-a': 'c9' },
  nextSeq: 1_700_000_000_000_003,
};

/** public/early.js as the page runs it; answers the If-None-Match its GET users sent. */
async function earlyEtag(): Promise<string | null> {
  delete window.__hangerEarly;
  const server = fakeServer({
    'GET /api/start': () => json({ user: { id: 'u1' }, token: fakeJwt(), settings: {} }),
    'GET /api/users': () => new Response(null, { status: 304 }),
  });
  new Function(EARLY_JS)();
  await window.__hangerEarly!.users;
  delete window.__hangerEarly;
  const users = server.apiCalls().find((c) => c.path === '/api/users');
  return users?.headers.get('if-none-match') ?? null;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  // Sign-out's deletion; the module's own connections close themselves when asked.
  await deleteAllDatabases(2000);
});

describe('an existing install after the upgrade', () => {
  it('keeps the queued offline changes and their photos, and adds to them', async () => {
    await oldInstall(DATABASES.outbox.name, DATABASES.outbox.store, {
      queue: snapshot,
      'photo:p1': 'the photo bytes',
    });
    const storage = idbOutboxStorage();
    expect(await storage.load()).toEqual(snapshot);
    expect(await storage.getPhoto('p1')).toBe('the photo bytes');
    // The engine's read-modify-write keeps what it read.
    const written = await storage.update((stored) => ({
      ...stored!,
      nextSeq: stored!.nextSeq + 1,
    }));
    expect(written.entries).toEqual(snapshot.entries);
    expect((await storage.load())?.nextSeq).toBe(snapshot.nextSeq + 1);
  });

  it('reads the wardrobe copy and its ETag, whole or in parts', async () => {
    type S = { data: string[] | null; etag: string | null };
    const whole: StorageValue<S> = { state: { data: ['c1', 'c2'], etag: '"e1"' }, version: 1 };
    await oldInstall(DATABASES.wardrobe.name, DATABASES.wardrobe.store, {
      'hanger-wardrobe': whole,
      [WARDROBE_ETAG_KEY]: '"e1"',
    });
    const storage = idbPersistStorage<S>('wardrobe', undefined, {
      split: (value) => ({
        head: { ...value, state: { ...value.state, data: [] } },
        parts: value.state.data ?? [],
      }),
      join: (head, parts) => ({ ...head, state: { ...head.state, data: parts as string[] } }),
    });
    expect(await storage.getItem('hanger-wardrobe')).toEqual(whole);
    // Written again in parts, it reads the same.
    const next: StorageValue<S> = { state: { data: ['c1', 'c2', 'c3'], etag: null }, version: 1 };
    await storage.setItem('hanger-wardrobe', next);
    expect(await storage.getItem('hanger-wardrobe')).toEqual(next);
    const db = await openDatabase('wardrobe');
    expect(await db.get(DATABASES.wardrobe.store, WARDROBE_ETAG_KEY)).toBe('"e1"');
  });

  it("keeps the service worker's photo index (made at version 1)", async () => {
    const record: LruRecord = { bytes: 1200, lastUsed: 5 };
    await oldInstall(DATABASES.photoLru.name, DATABASES.photoLru.store, { k1: record }, 1);
    expect(await readLru()).toEqual([['k1', record]]);
    await writeLru([['k2', { bytes: 10, lastUsed: 6 }]], ['k1']);
    expect(await readLru()).toEqual([['k2', { bytes: 10, lastUsed: 6 }]]);
  });
});

describe('a new install', () => {
  it('makes each database at the schema version with its store', async () => {
    for (const key of ['wardrobe', 'outbox', 'photoLru'] as const) {
      const db = await openDatabase(key);
      expect(db.name).toBe(DATABASES[key].name);
      expect(db.version).toBe(SCHEMA_VERSION);
      expect([...db.objectStoreNames]).toEqual([DATABASES[key].store]);
    }
  });

  it("is read by the page's first script, which never makes a database itself", async () => {
    expect(await earlyEtag()).toBeNull();
    // A device without a copy: early.js left the database to the app.
    expect(await indexedDB.databases()).toEqual([]);
    const db = await openDatabase('wardrobe');
    await db.put(DATABASES.wardrobe.store, '"e7"', WARDROBE_ETAG_KEY);
    expect(await earlyEtag()).toBe('"e7"');
  });

  it('lets sign-out delete a database this page holds open, and opens it again after', async () => {
    await idbOutboxStorage().save(snapshot);
    await deleteAllDatabases(2000);
    expect(await indexedDB.databases()).toEqual([]);
    expect(await idbOutboxStorage().load()).toBeUndefined();
  });
});
