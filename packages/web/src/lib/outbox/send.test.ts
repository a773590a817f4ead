import {
  WARDROBE_COLUMNS_CONTENT_TYPE,
  WARDROBE_COLUMNS_MEDIA_TYPE,
  encodeWardrobeColumns,
  wardrobeToWire,
} from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, signedInApiHooks, type Call } from '../../test-utils/fake-server';
import { item, outfit, wardrobeOf } from '../../test-utils/fixtures';
import { ApiError } from '../api/transport';
import { sendOp } from './send';

/**
 * Batch changes replayed from the outbox (docs/select-many.md, "Records deleted meanwhile"): a
 * record deleted since the change was made is left out, and the rest is sent.
 */

signedInApiHooks();

const noPhoto = async () => undefined;
const gone = () => json({ detail: 'The requested item was not found.' }, 404);
const idsOf = (calls: Call[], path: string) =>
  calls
    .filter((c) => c.path === path && c.method !== 'GET')
    .map((c) => (c.body as FormData).get('ids'));

/**
 * The server's wardrobe as GET users answers it, in real wire records (the columns form when
 * asked for it, as the server does): these ids are the account's.
 */
const holding =
  (clothes: string[], outfits: string[] = []) =>
  (call: Call) => {
    const wire = wardrobeToWire(
      wardrobeOf(
        clothes.map((id) => item(id)),
        outfits.map((id) => outfit(id, clothes.slice(0, 1))),
      ),
    );
    return call.headers.get('accept')?.includes(WARDROBE_COLUMNS_MEDIA_TYPE)
      ? new Response(JSON.stringify(encodeWardrobeColumns(wire)), {
          headers: { 'content-type': WARDROBE_COLUMNS_CONTENT_TYPE },
        })
      : json(wire);
  };

/** 404 while the call names an id outside `held`, else done. */
const refusesUnless = (held: string[], ok: Response | (() => Response)) => (call: Call) => {
  const ids = JSON.parse(String((call.body as FormData).get('ids'))) as string[];
  if (ids.some((id) => !held.includes(id))) return gone();
  return typeof ok === 'function' ? ok() : ok;
};

describe('a batch change whose records were partly deleted meanwhile', () => {
  it('deletes the rest, and what was gone counts as deleted', async () => {
    const server = fakeServer({
      'DELETE /api/clothes': refusesUnless(['a', 'c'], () => new Response(null, { status: 204 })),
      'GET /api/users': holding(['a', 'c', 'x']),
    });
    await sendOp({ kind: 'deleteItems', ids: ['a', 'b', 'c'] }, noPhoto);
    expect(idsOf(server.calls, '/api/clothes')).toEqual(['["a","b","c"]', '["a","c"]']);
    // Asked for as the app's every GET users is: in columns.
    const list = server.calls.find((c) => c.path === '/api/users');
    expect(list?.headers.get('accept')).toContain(WARDROBE_COLUMNS_MEDIA_TYPE);
  });

  it('is done without another call when every record is gone (a repeat whose answer was lost)', async () => {
    const server = fakeServer({
      'DELETE /api/outfits': gone,
      'GET /api/users': holding(['a'], ['o3']),
    });
    await sendOp({ kind: 'deleteOutfits', ids: ['o1', 'o2'] }, noPhoto);
    expect(idsOf(server.calls, '/api/outfits')).toEqual(['["o1","o2"]']);
  });

  it('changes the rest of an update', async () => {
    const server = fakeServer({
      'PATCH /api/clothes': refusesUnless(['b'], () => json({ changes: [] })),
      'GET /api/users': holding(['b']),
    });
    await sendOp(
      { kind: 'updateItems', ids: ['a', 'b'], updates: { status: 'archived' } },
      noPhoto,
    );
    expect(idsOf(server.calls, '/api/clothes')).toEqual(['["a","b"]', '["b"]']);
  });

  it('keeps the refusal when every record is still there (nothing was deleted)', async () => {
    const server = fakeServer({
      'PATCH /api/outfits': gone,
      'GET /api/users': holding([], ['o1', 'o2']),
    });
    await expect(
      sendOp(
        { kind: 'updateOutfits', ids: ['o1', 'o2'], updates: { status: 'archived' } },
        noPhoto,
      ),
    ).rejects.toMatchObject({ status: 404 });
    expect(idsOf(server.calls, '/api/outfits')).toEqual(['["o1","o2"]']);
  });

  it('reads the list as every GET users is read: an answer that is not a wardrobe is refused', async () => {
    const server = fakeServer({
      'DELETE /api/clothes': gone,
      'GET /api/users': () => json({ clothes: { a: {} }, outfits: {}, calendar: {} }),
    });
    await expect(sendOp({ kind: 'deleteItems', ids: ['a', 'b'] }, noPhoto)).rejects.toThrow();
    expect(idsOf(server.calls, '/api/clothes')).toEqual(['["a","b"]']);
  });

  it('never asks for the list on another refusal', async () => {
    const server = fakeServer({
      'DELETE /api/clothes': () => json({ detail: 'Invalid input' }, 422),
    });
    await expect(sendOp({ kind: 'deleteItems', ids: ['a'] }, noPhoto)).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/clothes']);
  });
});
