import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item, outfit, signedInWith, user } from '../test-utils/fixtures';
import { fakeServer, json, type Call } from '../test-utils/fake-server';
import { clearAccessToken } from '../lib/access-token';
import { addToCalendarDay, failedChanges, useCalendarSync } from '../lib/stores/calendar-actions';
import { useToastStore } from '../lib/stores/toast-store';
import { uploadItems } from '../lib/stores/upload-actions';
import { deleteItem, updateItem } from '../lib/stores/wardrobe-actions';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import type { Outbox } from '../lib/outbox/engine';
import { mergeSnapshot, nothingSeen } from '../lib/outbox/merge';
import { isTempId, type OutboxEntry, type OutboxOp } from '../lib/outbox/ops';
import { initialOutboxState, useOutbox } from '../lib/outbox/state';
import { provideOutbox } from '../lib/outbox/port';
import { memoryOutboxStorage, type OutboxStorage } from '../lib/outbox/storage';
import { createAppOutbox } from './outbox';

// The app's outbox (the engine wired with the stores and the API), as the stores reach it.
let outbox: Outbox | undefined;
let resync: () => Promise<unknown> = async () => undefined;

/** A fresh outbox over `storage` (as after a reload when `storage` holds the old data). */
function resetOutboxForTests(storage: OutboxStorage): void {
  outbox?.dispose();
  useOutbox.setState(initialOutboxState());
  const next = createAppOutbox({ storage, resync: () => resync() });
  outbox = next;
  provideOutbox(async () => next);
}
const replayOutbox = () => outbox!.replay();
const outboxWritten = () => outbox!.written();
const dismissRefused = (id?: string) => outbox!.dismissRefused(id);
const setOutboxResync = (fn: () => Promise<unknown>) => {
  resync = fn;
};

const DAY = '2026-11-23';
let online = true;
let stored: Map<string, unknown>;
let resyncs = 0;

const wardrobe = () => useWardrobeStore.getState().data!;
const entries = () => useOutbox.getState().entries;
const toasts = () =>
  useToastStore
    .getState()
    .toasts.map((t) => ({ type: t.type, title: t.title, message: t.message }));
const offline = new TypeError('Failed to fetch');

/** The product API calls, as "METHOD /path". */
const sent = (calls: Call[]) =>
  calls.filter((c) => !c.path.startsWith('/api/auth/')).map((c) => `${c.method} ${c.path}`);

const formField = (call: Call | undefined, name: string) =>
  call?.body instanceof FormData ? call.body.getAll(name) : undefined;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  clearAccessToken();
  stored = new Map();
  resetOutboxForTests(memoryOutboxStorage(stored));
  resyncs = 0;
  setOutboxResync(async () => {
    resyncs += 1;
  });
  signedInWith({
    clothes: { c1: item('c1', { brand: 'Cos' }), c2: item('c2') },
    outfits: { o1: outfit('o1', ['c1']) },
    calendar: {},
  });
});

afterEach(() => {
  useToastStore.getState().clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The temporary id of the queued create at `index`. */
function createdId(index: number): string {
  const op = entries()[index]?.op;
  return op?.kind === 'createItem' ? op.id : '';
}

const photo = () => new Blob(['jpeg'], { type: 'image/jpeg' });

/**
 * Makes `changes` with the browser offline (it stays offline until the test says otherwise) and
 * checks that none of them reached the network: the browser said it was offline.
 */
async function whileOffline(changes: () => Promise<unknown>): Promise<void> {
  online = false;
  const server = fakeServer();
  await changes();
  expect(sent(server.calls)).toEqual([]);
}

/** Three changes made offline: an edit, a calendar log, a new item with a photo. */
function threeOfflineChanges(): Promise<void> {
  return whileOffline(async () => {
    expect(await updateItem('c1', { brand: 'Uniqlo' })).toBe(true);
    expect(await addToCalendarDay(DAY, { clothes: ['c1'] })).toBe(true);
    const outcome = await uploadItems({ category: 'top', status: 'clothes' }, [photo()]);
    expect(outcome.failed).toEqual([]);
  });
}

/**
 * Back online, replays the queue against a server answering `routes`; answers the product API
 * calls it made, as "METHOD /path".
 */
async function replayOnline(routes: Parameters<typeof fakeServer>[0] = {}) {
  online = true;
  const server = fakeServer(routes);
  await replayOutbox();
  return { server, sent: sent(server.calls) };
}

describe('writes while offline', () => {
  it('are queued in order and kept in the local copy, with no error toast', async () => {
    await threeOfflineChanges();
    expect(entries().map((e) => e.op.kind)).toEqual(['updateItem', 'calendarAdd', 'createItem']);
    expect(wardrobe().clothes.c1?.brand).toBe('Uniqlo');
    expect(wardrobe().calendar[DAY]?.clothes).toEqual(['c1']);
    const created = Object.values(wardrobe().clothes).find((c) => isTempId(c.id));
    expect(created).toMatchObject({ category: 'top', status: 'clothes' });
    expect(toasts().filter((t) => t.type === 'error')).toEqual([]);
    expect(useOutbox.getState().pending.has('c1')).toBe(true);
  });

  it('queue when the request fails for want of a network, and later writes queue behind', async () => {
    const server = fakeServer({ 'PATCH /api/clothes/c1': () => Promise.reject(offline) });
    expect(await updateItem('c1', { brand: 'Uniqlo' })).toBe(true);
    expect(entries()).toHaveLength(1);
    expect(useOutbox.getState().networkDown).toBe(true);
    // Online again as far as the browser knows, but the queue is not empty: no overtaking.
    expect(await updateItem('c2', { brand: 'Arket' })).toBe(true);
    expect(entries().map((e) => e.op)).toEqual([
      { kind: 'updateItem', id: 'c1', updates: { brand: 'Uniqlo' } },
      { kind: 'updateItem', id: 'c2', updates: { brand: 'Arket' } },
    ]);
    expect(sent(server.calls)).toEqual(['PATCH /api/clothes/c1']);
    expect(toasts().filter((t) => t.type === 'error')).toEqual([]);
  });

  it('survive a reload: a fresh outbox over the same storage has the same queue and photo', async () => {
    await threeOfflineChanges();
    await outboxWritten();
    const before = entries();
    resetOutboxForTests(memoryOutboxStorage(stored));
    expect(entries()).toEqual([]);
    await replayOutbox(); // offline: reads the stored queue, sends nothing
    expect(entries()).toEqual(before);
    const create = before[2]!.op;
    expect(create.kind).toBe('createItem');
    expect(stored.get(`photo:${create.kind === 'createItem' ? create.photo : ''}`)).toBeInstanceOf(
      Blob,
    );
  });
});

describe('replay', () => {
  it('sends in order, one at a time, rewriting the new item id for later changes', async () => {
    await threeOfflineChanges();
    const tempId = createdId(2);
    // A log of the new item made before it was sent refers to its temporary id.
    expect(await addToCalendarDay(DAY, { clothes: [tempId] })).toBe(true);
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = (answer: () => Response) => async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return answer();
    };
    const { server, sent: replayed } = await replayOnline({
      'PATCH /api/clothes/c1': slow(() => json({ brand: 'Uniqlo' })),
      [`PUT /api/calendar/${DAY}`]: slow(() => json({})),
      'POST /api/clothes': slow(() =>
        json(
          {
            id: 'srv-1',
            image: '/m/srv-1.webp',
            category: 'top',
            status: 'clothes',
            date_created: '2026-11-23T10:00:00Z',
          },
          201,
        ),
      ),
    });
    expect(replayed).toEqual([
      'PATCH /api/clothes/c1',
      `PUT /api/calendar/${DAY}`,
      'POST /api/clothes',
      `PUT /api/calendar/${DAY}`,
    ]);
    expect(maxInFlight).toBe(1);
    const puts = server.calls.filter((c) => c.method === 'PUT');
    expect(formField(puts[0], 'clothes')).toEqual(['c1']);
    expect(formField(puts[1], 'clothes')).toEqual(['srv-1']);
    expect(entries()).toEqual([]);
    expect(wardrobe().clothes[tempId]).toBeUndefined();
    expect(wardrobe().clothes['srv-1']).toMatchObject({ image: '/m/srv-1.webp' });
    expect(wardrobe().calendar[DAY]?.clothes).toEqual(['c1', 'srv-1']);
    expect(resyncs).toBe(1);
    // An edit made on the page of the temporary item after it was sent goes to the server id.
    const later = fakeServer({ 'PATCH /api/clothes/srv-1': () => json({}) });
    expect(await updateItem(tempId, { brand: 'Late' })).toBe(true);
    expect(sent(later.calls)).toEqual(['PATCH /api/clothes/srv-1']);
  });

  it('keeps the queue on a 5xx or network failure and stops there', async () => {
    await threeOfflineChanges();
    const replay = await replayOnline({
      'PATCH /api/clothes/c1': () => json({ detail: 'down' }, 503),
    });
    expect(replay.sent).toEqual(['PATCH /api/clothes/c1']);
    expect(entries()).toHaveLength(3);
    fakeServer({ 'PATCH /api/clothes/c1': () => Promise.reject(offline) });
    await replayOutbox();
    expect(entries()).toHaveLength(3);
    expect(useOutbox.getState().networkDown).toBe(true);
    expect(useOutbox.getState().refused).toEqual([]);
    expect(resyncs).toBe(0);
  });

  it('takes a refused change off the queue, says what happened, lists it, and goes on', async () => {
    await whileOffline(async () => {
      await updateItem('c1', { brand: 'Uniqlo' });
      await updateItem('c2', { brand: 'Arket' });
    });
    const replay = await replayOnline({
      'PATCH /api/clothes/c1': () => json({ detail: 'Item not found' }, 404),
      'PATCH /api/clothes/c2': () => json({}),
    });
    expect(replay.sent).toEqual(['PATCH /api/clothes/c1', 'PATCH /api/clothes/c2']);
    expect(entries()).toEqual([]);
    const message = "Couldn't save your change to “Cos Top”: Item not found";
    expect(toasts()).toContainEqual({ type: 'error', title: 'Failed to update item', message });
    expect(useOutbox.getState().refused).toMatchObject([
      { title: 'Failed to update item', message },
    ]);
    expect(resyncs).toBe(1);
    dismissRefused(useOutbox.getState().refused[0]!.id);
    expect(useOutbox.getState().refused).toEqual([]);
  });

  it('keeps a refused calendar change on its day as not saved, over what the server holds', async () => {
    await whileOffline(() => addToCalendarDay(DAY, { clothes: ['c1'] }));
    // The sync after the replay makes the local copy what the server holds: nothing that day.
    setOutboxResync(async () => {
      resyncs += 1;
      useWardrobeStore.getState().update((d) => ({ ...d, calendar: {} }));
    });
    await replayOnline({
      [`PUT /api/calendar/${DAY}`]: () => json({ detail: 'Custom server says no' }, 422),
    });
    expect(entries()).toEqual([]);
    expect(resyncs).toBe(1);
    expect(wardrobe().calendar[DAY]?.clothes).toEqual(['c1']);
    expect(failedChanges(useCalendarSync.getState().changes, DAY)).toMatchObject([
      {
        change: { kind: 'add', day: DAY, clothes: ['c1'], outfits: [] },
        message: 'Custom server says no',
      },
    ]);
    // Listed on its day (with Retry and Discard), not among the other refusals.
    expect(useOutbox.getState().refused).toEqual([]);
    expect(toasts()).toContainEqual({
      type: 'error',
      title: 'Failed to update calendar',
      message:
        "Couldn't save your calendar change for 23 Nov 2026 (Cos Top): Custom server says no",
    });
    useCalendarSync.setState({ changes: [] });
  });

  it('a delete of something already gone elsewhere is done, not announced as a failure', async () => {
    await whileOffline(async () => {
      await deleteItem('c1');
      await updateItem('c2', { brand: 'Arket' });
    });
    const replay = await replayOnline({
      'DELETE /api/clothes/c1': () => json({ detail: 'Item not found' }, 404),
      'PATCH /api/clothes/c2': () => json({}),
    });
    expect(replay.sent).toEqual(['DELETE /api/clothes/c1', 'PATCH /api/clothes/c2']);
    expect(entries()).toEqual([]);
    expect(toasts().filter((t) => t.type === 'error')).toEqual([]);
    expect(useOutbox.getState().refused).toEqual([]);
  });

  it('a refused new item takes the changes that depend on it along', async () => {
    let tempId = '';
    await whileOffline(async () => {
      await uploadItems({ category: 'top', status: 'clothes' }, [photo()]);
      tempId = createdId(0);
      await addToCalendarDay(DAY, { clothes: [tempId, 'c2'] });
    });
    const { server } = await replayOnline({
      'POST /api/clothes': () => json({ detail: 'The information provided is invalid.' }, 422),
      [`PUT /api/calendar/${DAY}`]: () => json({}),
    });
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(formField(put, 'clothes')).toEqual(['c2']);
    expect(wardrobe().clothes[tempId]).toBeUndefined();
    expect(useOutbox.getState().refused[0]?.title).toBe('Clothing upload failed');
  });

  it('refreshes the access token before sending', async () => {
    await whileOffline(() => updateItem('c1', { brand: 'Uniqlo' }));
    clearAccessToken();
    const { server } = await replayOnline({ 'PATCH /api/clothes/c1': () => json({}) });
    expect(server.calls.map((c) => c.path)).toEqual(['/api/auth/token', '/api/clothes/c1']);
  });

  it('never sends changes made under another account', async () => {
    await whileOffline(() => updateItem('c1', { brand: 'Uniqlo' }));
    signedInWith(wardrobe(), { ...user, uid: 'u2' });
    expect((await replayOnline()).sent).toEqual([]);
    expect(entries()).toEqual([]);
  });

  it('deleting an item created offline sends nothing for it', async () => {
    await whileOffline(async () => {
      await uploadItems({ category: 'top', status: 'clothes' }, [photo()]);
      await deleteItem(createdId(0));
    });
    expect(entries()).toEqual([]);
    await outboxWritten();
    expect([...stored.keys()].filter((k) => k.startsWith('photo:'))).toEqual([]);
  });
});

describe('a lost answer to a create', () => {
  it('sends the entry temporary id as the Idempotency-Key on every attempt', async () => {
    await threeOfflineChanges();
    const tempId = createdId(2);
    online = true;
    let posts = 0;
    const server = fakeServer({
      'PATCH /api/clothes/c1': () => json({ brand: 'Uniqlo' }),
      [`PUT /api/calendar/${DAY}`]: () => json({}),
      'POST /api/clothes': () => {
        posts += 1;
        // The first answer is lost on the way back.
        if (posts === 1) return Promise.reject(offline);
        return json(
          { id: 'srv-1', image: '/m/1.webp', thumbnail: '/m/1t.webp', category: 'top' },
          201,
        );
      },
    });
    await replayOutbox();
    expect(entries().map((e) => e.op.kind)).toEqual(['createItem']);
    useOutbox.setState({ networkDown: false });
    await replayOutbox();
    expect(entries()).toEqual([]);
    const keys = server.calls
      .filter((c) => c.method === 'POST' && c.path === '/api/clothes')
      .map((c) => c.headers.get('idempotency-key'));
    expect(keys).toEqual([tempId, tempId]);
  });
});

describe('two windows over one stored queue', () => {
  /** Another window's write: its own queue merged into the stored one, as the outbox does. */
  async function otherWindowAdds(storage: OutboxStorage, entry: OutboxEntry): Promise<void> {
    await storage.update((s) =>
      mergeSnapshot(
        s,
        { owner: s?.owner ?? null, entries: [entry], refused: [], idMap: {}, nextSeq: 1 },
        nothingSeen(),
      ),
    );
  }

  /** This window, offline, over `stored`: one change made and written. */
  async function oneChangeStored(): Promise<OutboxStorage> {
    const storage = memoryOutboxStorage(stored);
    resetOutboxForTests(storage);
    await whileOffline(async () => {
      expect(await updateItem('c1', { brand: 'Uniqlo' })).toBe(true);
      await outboxWritten();
    });
    return storage;
  }

  it('keeps both windows’ changes, oldest first, and this window takes in the other’s', async () => {
    const storage = await oneChangeStored();
    // Window B, which read the queue before A's change, adds its own.
    const theirs: OutboxEntry = {
      seq: 7,
      op: { kind: 'updateItem', id: 'c2', updates: { brand: 'Arket' } },
      createdAt: new Date(Date.now() + 1).toISOString(),
      label: 'Top',
    };
    await otherWindowAdds(storage, theirs);
    // A makes another change: its write must not drop B's.
    await new Promise((r) => setTimeout(r, 5));
    expect(await updateItem('c1', { notes: 'later' } as never)).toBe(true);
    await outboxWritten();
    const kept = (await storage.load())!.entries.map((e) => e.op);
    // By creation time: A's first change, B's, A's second.
    expect(kept.map((op) => ('id' in op ? op.id : ''))).toEqual(['c1', 'c2', 'c1']);
    expect(entries().map((e) => e.seq)).toContain(7);
    expect(useOutbox.getState().pending.has('c2')).toBe(true);
    // A reload sees both.
    resetOutboxForTests(memoryOutboxStorage(stored));
    await replayOutbox();
    expect(entries().map((e) => ('id' in e.op ? e.op.id : ''))).toEqual(['c1', 'c2', 'c1']);
  });

  it('does not put back an entry another window has sent', async () => {
    const storage = await oneChangeStored();
    // Another window sent it: the stored queue is empty now.
    await storage.update((s) => ({ ...s!, entries: [] }));
    expect(await updateItem('c2', { brand: 'Arket' })).toBe(true);
    await outboxWritten();
    const kept = (await storage.load())!.entries.map((e) => e.op);
    expect(kept).toEqual([{ kind: 'updateItem', id: 'c2', updates: { brand: 'Arket' } }]);
    expect(entries().map((e) => e.op)).toEqual(kept);
  });
});

describe('"Not this" (What to wear)', () => {
  const notThis: OutboxOp = { kind: 'suggestionFeedback', itemIds: ['c1', 'c2'], day: DAY };
  const feedbackBodies = (calls: Call[]) =>
    calls
      .filter((c) => c.path === '/api/suggestions/feedback')
      .map((c) => JSON.parse(String(c.body)) as unknown);

  it('is queued at once and sent by the outbox when online', async () => {
    const server = fakeServer({
      'POST /api/suggestions/feedback': () => json({ key: 'c1,c2', until: '2026-12-23' }),
    });
    await outbox!.enqueue(notThis, '');
    expect(entries().map((e) => e.op)).toEqual([notThis]);
    await replayOutbox();
    expect(feedbackBodies(server.calls)).toEqual([{ item_ids: ['c1', 'c2'] }]);
    expect(entries()).toEqual([]);
    expect(toasts().filter((t) => t.type === 'error')).toEqual([]);
  });

  it('said offline, survives a reload and is sent when the connection returns', async () => {
    await whileOffline(() => outbox!.enqueue(notThis, ''));
    await outboxWritten();
    resetOutboxForTests(memoryOutboxStorage(stored));
    await replayOutbox(); // offline: reads the stored queue, sends nothing
    expect(entries().map((e) => e.op)).toEqual([notThis]);
    const { server, sent: replayed } = await replayOnline({
      'POST /api/suggestions/feedback': () => json({ key: 'c1,c2', until: '2026-12-23' }),
    });
    expect(replayed).toEqual(['POST /api/suggestions/feedback']);
    expect(feedbackBodies(server.calls)).toEqual([{ item_ids: ['c1', 'c2'] }]);
    expect(entries()).toEqual([]);
  });

  it('is retried after a 5xx, and dropped without a message when a piece was deleted (404)', async () => {
    await whileOffline(() => outbox!.enqueue(notThis, ''));
    await replayOnline({
      'POST /api/suggestions/feedback': () => json({ detail: 'Try again later.' }, 503),
    });
    expect(entries().map((e) => e.op)).toEqual([notThis]);
    const { sent: replayed } = await replayOnline({
      'POST /api/suggestions/feedback': () =>
        json({ detail: 'The requested item was not found.' }, 404),
    });
    expect(replayed).toEqual(['POST /api/suggestions/feedback']);
    expect(entries()).toEqual([]);
    expect(useOutbox.getState().refused).toEqual([]);
    expect(toasts().filter((t) => t.type === 'error')).toEqual([]);
  });

  it('refused otherwise (422): off the queue, announced and listed', async () => {
    await whileOffline(() => outbox!.enqueue(notThis, ''));
    await replayOnline({
      'POST /api/suggestions/feedback': () => json({ detail: 'Invalid item ids.' }, 422),
    });
    expect(entries()).toEqual([]);
    expect(useOutbox.getState().refused.map((r) => r.title)).toEqual(['Failed to save “Not this”']);
  });

  it('follows an item created offline to its server id, and goes with it when it is deleted', async () => {
    await whileOffline(async () => {
      await uploadItems({ category: 'top', status: 'clothes' }, [photo()]);
    });
    const tempId = createdId(0);
    await outbox!.enqueue({ ...notThis, itemIds: ['c1', tempId] }, '');
    expect(await deleteItem(tempId)).toBe(true);
    // The set without the new piece is not what was refused: nothing of it is left to send.
    expect(entries()).toEqual([]);
  });
});
