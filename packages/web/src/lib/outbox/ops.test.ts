import type { WardrobeData } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { item, outfit } from '../../test-utils/fixtures';
import {
  addToQueue,
  afterRefusal,
  applyOp,
  describeOp,
  pendingIds,
  renameInQueue,
  renameRecord,
  type OutboxEntry,
  type OutboxOp,
} from './ops';

const TEMP = 'local-new';
let seq = 0;
const entry = (op: OutboxOp, label = ''): OutboxEntry => ({
  seq: ++seq,
  op,
  createdAt: '2026-11-23T10:00:00.000Z',
  label,
});

const create = (): OutboxEntry =>
  entry({
    kind: 'createItem',
    id: TEMP,
    fields: { category: 'top', status: 'clothes' },
    photo: 'p1',
    item: item(TEMP, { status: 'clothes', image: '' }),
  });

function queue(...entries: OutboxEntry[]): OutboxEntry[] {
  return entries.reduce<OutboxEntry[]>((q, e) => addToQueue(q, e).entries, []);
}

describe('the outbox queue', () => {
  it('keeps operations in the order they were made', () => {
    const q = queue(
      entry({ kind: 'updateItem', id: 'c1', updates: { brand: 'Cos' } }),
      entry({ kind: 'calendarAdd', day: '2026-11-23', clothes: ['c1'], outfits: [] }),
      entry({ kind: 'deleteItem', id: 'c2' }),
    );
    expect(q.map((e) => e.op.kind)).toEqual(['updateItem', 'calendarAdd', 'deleteItem']);
    expect(q.map((e) => e.seq)).toEqual([...q.map((e) => e.seq)].sort((a, b) => a - b));
  });

  it('folds an edit of an item created offline into its waiting create', () => {
    const q = queue(
      create(),
      entry({ kind: 'updateItem', id: TEMP, updates: { brand: 'Uniqlo', price: undefined } }),
    );
    expect(q).toHaveLength(1);
    const op = q[0]!.op;
    expect(op.kind === 'createItem' && op.fields).toEqual({
      category: 'top',
      status: 'clothes',
      brand: 'Uniqlo',
    });
    expect(op.kind === 'createItem' && op.item.brand).toBe('Uniqlo');
  });

  it('never folds into the create being sent: the edit waits and gets the server id after', () => {
    const first = create();
    let q = queue(first);
    const edit = entry({ kind: 'updateItem', id: TEMP, updates: { brand: 'Uniqlo' } });
    q = addToQueue(q, edit, first.seq).entries;
    expect(q.map((e) => e.op.kind)).toEqual(['createItem', 'updateItem']);
    q = renameInQueue(q.slice(1), TEMP, 'srv-1');
    expect(q[0]!.op).toEqual({ kind: 'updateItem', id: 'srv-1', updates: { brand: 'Uniqlo' } });
  });

  it('never folds into a create sent once without an answer: its key must resend the same request', () => {
    const first = { ...create(), sent: true };
    let q = queue(first);
    q = addToQueue(
      q,
      entry({ kind: 'updateItem', id: TEMP, updates: { brand: 'Uniqlo' } }),
    ).entries;
    q = addToQueue(q, entry({ kind: 'updateItemImage', id: TEMP, photo: 'p2' })).entries;
    expect(q.map((e) => e.op.kind)).toEqual(['createItem', 'updateItem', 'updateItemImage']);
    expect(q[0]!.op).toEqual(first.op);
  });

  it('rewrites every later reference to a created item with the server id', () => {
    const q = renameInQueue(
      [
        entry({ kind: 'updateItemImage', id: TEMP, photo: 'p2' }),
        entry({ kind: 'calendarAdd', day: '2026-11-23', clothes: ['c1', TEMP], outfits: [] }),
        entry({ kind: 'calendarStar', day: '2026-11-23', displayItem: TEMP }),
        entry({ kind: 'calendarRemove', day: '2026-11-22', type: 'clothes', id: TEMP }),
        entry({
          kind: 'saveOutfit',
          id: 'local-o',
          isNew: true,
          canvasData: [{ clothingId: TEMP, x: 0, y: 0, scale: 1, rotation: 0 }],
          photo: 'p3',
          outfit: outfit('local-o', [TEMP]),
        }),
        entry({ kind: 'updateItem', id: 'c9', updates: { brand: 'Other' } }),
      ],
      TEMP,
      'srv-1',
    );
    const ops = q.map((e) => e.op);
    expect(ops[0]).toMatchObject({ id: 'srv-1' });
    expect(ops[1]).toMatchObject({ clothes: ['c1', 'srv-1'] });
    expect(ops[2]).toMatchObject({ displayItem: 'srv-1' });
    expect(ops[3]).toMatchObject({ id: 'srv-1' });
    expect(ops[4]).toMatchObject({ canvasData: [{ clothingId: 'srv-1' }] });
    expect(ops[4]!.kind === 'saveOutfit' && ops[4]!.outfit.canvasData[0]!.clothingId).toBe('srv-1');
    expect(ops[5]).toMatchObject({ id: 'c9' });
  });

  it('drops an item created and deleted offline, with every change that mentions it', () => {
    const change = addToQueue(
      queue(
        create(),
        entry({ kind: 'updateItem', id: 'c1', updates: { brand: 'Cos' } }),
        entry({ kind: 'calendarAdd', day: '2026-11-23', clothes: [TEMP, 'c1'], outfits: [] }),
        entry({ kind: 'calendarStar', day: '2026-11-23', displayItem: TEMP }),
      ),
      entry({ kind: 'deleteItem', id: TEMP }),
    );
    expect(change.entries.map((e) => e.op)).toEqual([
      { kind: 'updateItem', id: 'c1', updates: { brand: 'Cos' } },
      { kind: 'calendarAdd', day: '2026-11-23', clothes: ['c1'], outfits: [] },
    ]);
    expect(change.freedPhotos).toEqual(['p1']);
  });

  it('a new photo for a waiting create replaces its photo', () => {
    const change = addToQueue(
      queue(create()),
      entry({ kind: 'updateItemImage', id: TEMP, photo: 'p2' }),
    );
    expect(change.entries).toHaveLength(1);
    expect(change.entries[0]!.op).toMatchObject({ kind: 'createItem', photo: 'p2' });
    expect(change.freedPhotos).toEqual(['p1']);
  });

  it('after a refused create, the changes that depend on it are dropped too', () => {
    const refused = create();
    const rest = [
      entry({ kind: 'updateItemImage', id: TEMP, photo: 'p2' }),
      entry({ kind: 'calendarAdd', day: '2026-11-23', clothes: [TEMP], outfits: [] }),
      entry({ kind: 'updateItem', id: 'c1', updates: { brand: 'Cos' } }),
    ];
    const change = afterRefusal(rest, refused);
    expect(change.entries.map((e) => e.op.kind)).toEqual(['updateItem']);
    expect(change.freedPhotos).toEqual(['p2']);
    // A refused edit takes nothing else with it.
    expect(afterRefusal(rest, rest[2]!).entries).toHaveLength(3);
  });

  it('marks the records with waiting changes as pending (not deleted ones)', () => {
    const q = queue(
      create(),
      entry({ kind: 'updateOutfit', id: 'o1', updates: { status: 'archived' } }),
      entry({ kind: 'deleteItem', id: 'c2' }),
      entry({ kind: 'calendarAdd', day: '2026-11-23', clothes: ['c3'], outfits: [] }),
    );
    expect([...pendingIds(q)].sort()).toEqual([TEMP, 'o1']);
  });
});

describe('the local copy', () => {
  const data = (): WardrobeData => ({
    clothes: { c1: item('c1'), [TEMP]: item(TEMP) },
    outfits: { o1: outfit('o1', ['c1', TEMP]) },
    calendar: { '2026-11-23': { clothes: [TEMP, 'c1'], outfits: [], displayItem: TEMP } },
  });

  it('renames a created record everywhere it is used', () => {
    const next = renameRecord(data(), 'clothes', TEMP, item('srv-1', { brand: 'Cos' }));
    expect(Object.keys(next.clothes).sort()).toEqual(['c1', 'srv-1']);
    expect(next.clothes['srv-1']?.brand).toBe('Cos');
    expect(next.calendar['2026-11-23']).toEqual({
      clothes: ['srv-1', 'c1'],
      outfits: [],
      displayItem: 'srv-1',
    });
    expect(next.outfits.o1?.canvasData.map((e) => e.clothingId)).toEqual(['c1', 'srv-1']);
  });

  it('applies waiting changes idempotently (a sync lays them over the server copy)', () => {
    const ops: OutboxOp[] = [
      { kind: 'updateItem', id: 'c1', updates: { brand: 'Cos', price: undefined } },
      { kind: 'calendarAdd', day: '2026-11-24', clothes: ['c1'], outfits: [] },
      { kind: 'calendarRemove', day: '2026-11-23', type: 'clothes', id: 'c1' },
      { kind: 'deleteOutfit', id: 'o1' },
    ];
    const once = ops.reduce((d, op) => applyOp(d, op, () => undefined), data());
    const twice = ops.reduce((d, op) => applyOp(d, op, () => undefined), once);
    expect(twice).toEqual(once);
    expect(once.clothes.c1?.brand).toBe('Cos');
    expect(once.calendar['2026-11-24']?.clothes).toEqual(['c1']);
    expect(once.calendar['2026-11-23']?.clothes).toEqual([TEMP]);
    expect(once.outfits.o1).toBeUndefined();
  });

  it('shows a waiting photo from its stored blob', () => {
    const next = applyOp(data(), { kind: 'updateItemImage', id: 'c1', photo: 'p9' }, (key) =>
      key === 'p9' ? 'blob:p9' : undefined,
    );
    expect(next.clothes.c1).toMatchObject({ image: 'blob:p9', thumbnail: 'blob:p9' });
  });

  it('names the change in messages', () => {
    expect(describeOp(entry({ kind: 'updateItem', id: 'c1', updates: {} }, 'Top (Cos)'))).toBe(
      'your change to “Top (Cos)”',
    );
    expect(describeOp(create())).toBe('a new item');
    expect(describeOp({ ...create(), label: 'Top' })).toBe('the new item “Top”');
    // A calendar change names its day as the day screen heads it.
    expect(
      describeOp(
        entry({ kind: 'calendarAdd', day: '2026-11-18', clothes: ['c1'], outfits: [] }, 'Cos Top'),
      ),
    ).toBe('your calendar change for 18 Nov 2026 (Cos Top)');
  });
});
