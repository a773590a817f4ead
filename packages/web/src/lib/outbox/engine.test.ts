import type { WardrobeData } from '@hanger/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { item } from '../../test-utils/fixtures';
import { createOutbox, type OutboxDeps } from './engine';
import type { Outcome } from './failures';
import type { OutboxOp } from './ops';
import { initialOutboxState, type OutboxState } from './state';
import { memoryOutboxStorage } from './storage';

/**
 * The engine alone, with every dependency handed in (no store, no API): what the app wires in
 * app/outbox.ts, the integration tests there check with the real stores.
 */

let online = true;
const refused = new Error('refused');

function setUp(overrides: Partial<OutboxDeps> = {}) {
  const view = createStore<OutboxState>()(initialOutboxState);
  let data: WardrobeData = { clothes: {}, outfits: {}, calendar: {} };
  const sent: OutboxOp[] = [];
  const announced: string[] = [];
  const kept: OutboxOp[] = [];
  let resyncs = 0;
  const outbox = createOutbox({
    storage: memoryOutboxStorage(),
    view,
    send: async (op) => {
      sent.push(op);
      if (op.kind === 'deleteOutfit' || op.kind === 'calendarRemove') throw refused;
      return null;
    },
    classify: (err): Outcome => (err === refused ? 'refused' : 'network'),
    tokenReady: async () => null,
    applyLocally: (change) => {
      data = change(data);
    },
    whenLocalCopyRead: (fn) => fn(),
    onRefused: (op) => {
      if (op.kind !== 'calendarRemove') return false;
      kept.push(op);
      return true;
    },
    announce: (title, message) => announced.push(`${title}: ${message}`),
    reasonOf: () => 'No.',
    refusalTitle: () => 'Failed to delete item',
    resync: async () => {
      resyncs += 1;
    },
    afterResync: () => undefined,
    currentUser: () => 'u1',
    nameOf: () => 'Top',
    ...overrides,
  });
  return { outbox, view, sent, announced, kept, resyncs: () => resyncs };
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());

describe('the outbox engine, made with its dependencies', () => {
  it('keeps changes made offline in its own view, and sends them in order once online', async () => {
    const { outbox, view, sent, resyncs } = setUp();
    online = false;
    await outbox.enqueue({ kind: 'updateItem', id: 'c1', updates: { brand: 'Arket' } }, 'Top');
    await outbox.enqueue({ kind: 'updateItem', id: 'c2', updates: { brand: 'Cos' } }, undefined);
    expect(view.getState().entries.map((e) => e.label)).toEqual(['Top', 'Top']);
    expect(view.getState().pending).toEqual(new Set(['c1', 'c2']));
    expect(sent).toEqual([]);
    online = true;
    await outbox.replay();
    expect(sent.map((op) => 'id' in op && op.id)).toEqual(['c1', 'c2']);
    expect(view.getState().entries).toEqual([]);
    expect(view.getState().settled).toBe(2);
    expect(resyncs()).toBe(1);
  });

  it('hands a refusal to onRefused and announce; one it does not keep is listed', async () => {
    const { outbox, view, announced, kept } = setUp();
    online = false;
    await outbox.enqueue({ kind: 'deleteOutfit', id: 'o1' }, '');
    const onDay: OutboxOp = {
      kind: 'calendarRemove',
      day: '2026-11-20',
      type: 'clothes',
      id: 'c1',
    };
    await outbox.enqueue(onDay, 'Top');
    online = true;
    await outbox.replay();
    expect(announced).toHaveLength(2);
    expect(announced[0]).toMatch(/^Failed to delete item: Couldn't save .+: No\.$/);
    // The calendar change stays on its day (the caller kept it); the other is listed.
    expect(kept).toEqual([onDay]);
    expect(view.getState().refused).toHaveLength(1);
    expect(view.getState().entries).toEqual([]);
  });

  it('marks a change sent without an answer, so that a later edit is not folded into it', async () => {
    const lost = new Error('connection dropped');
    const { outbox, view, sent } = setUp({
      send: async (op) => {
        sent.push(op);
        throw lost;
      },
    });
    const create: OutboxOp = {
      kind: 'createItem',
      id: 'local-1',
      fields: { category: 'top', status: 'clothes' },
      photo: 'p1',
      item: item('local-1', { status: 'clothes', image: '' }),
    };
    await outbox.enqueue(create, 'Top');
    await outbox.replay();
    expect(sent).toHaveLength(1);
    expect(view.getState().entries.map((e) => e.sent)).toEqual([true]);
    online = false;
    await outbox.enqueue({ kind: 'updateItem', id: 'local-1', updates: { brand: 'Cos' } }, 'Top');
    // The create goes again exactly as it went (same key, same fields); the edit after it.
    expect(view.getState().entries.map((e) => e.op)).toEqual([
      create,
      { kind: 'updateItem', id: 'local-1', updates: { brand: 'Cos' } },
    ]);
    outbox.dispose();
  });

  it('two engines over two views share nothing', async () => {
    const a = setUp();
    const b = setUp();
    online = false;
    await a.outbox.enqueue({ kind: 'deleteItem', id: 'c1' }, 'Top');
    expect(a.view.getState().entries).toHaveLength(1);
    expect(b.view.getState().entries).toHaveLength(0);
  });
});
