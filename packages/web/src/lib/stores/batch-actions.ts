import {
  ERROR_TOASTS,
  MAX_BATCH_IDS,
  MAX_DAY_IDS,
  addToDay,
  removeEverywhere,
  setDisplayItem,
  wearDayKey,
  type Calendar,
  type ClothingItem,
  type Outfit,
  type WardrobeData,
} from '@hanger/domain';
import { deleteItemsRequest, patchItems, type ItemUpdate } from '../api/clothes';
import { deleteOutfitsRequest, patchOutfits, type OutfitUpdate } from '../api/outfits';
import { applyBatchEdits, type OutboxOp } from '../outbox/ops';
import { applyEdits } from '../outbox/records';
import { loadOutbox } from '../outbox/port';
import { onWhatRemains } from '../outbox/send';
import { resolveId } from '../outbox/state';
import { addToCalendarDay } from './calendar-actions';
import { toast } from './toast-store';
import { send } from './wardrobe-load';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Select many (docs/select-many.md): one change to many items or outfits. The local copy changes
 * first; the server gets ONE batch call (PATCH or DELETE clothes / outfits), all or nothing, or,
 * offline, the outbox gets one entry. Loaded with the select bar, never in the first load.
 */

export type BatchKind = 'clothes' | 'outfits';

/** How long "Deleted 12 items — Undo" stays; the delete is sent when it goes. */
export const UNDO_DELETE_MS = 10_000;

const change = (fn: (data: WardrobeData) => WardrobeData) => useWardrobeStore.getState().update(fn);

const plural = (n: number, kind: BatchKind) =>
  `${n} ${kind === 'clothes' ? 'item' : 'outfit'}${n === 1 ? '' : 's'}`;

/** The ids as the server knows them, each once, at most MAX_BATCH_IDS per call. */
function batches(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids.map(resolveId))];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_BATCH_IDS)
    out.push(unique.slice(i, i + MAX_BATCH_IDS));
  return out;
}

/**
 * One batch call for `op`'s ids, or its outbox entry (offline, or behind waiting changes). Records
 * deleted meanwhile are left out and the rest is sent (docs/select-many.md).
 */
async function sendBatch(
  kind: BatchKind,
  op: OutboxOp & { ids: string[] },
  call: (ids: readonly string[]) => Promise<unknown>,
  failure: string,
  success: string | null,
): Promise<boolean> {
  return send(
    () => onWhatRemains(kind, op.ids, call),
    success,
    failure,
    {},
    async () => {
      await (await loadOutbox()).enqueue(op, '');
    },
  );
}

/** The same edits on every item of `ids` (status, category, brand, source, colours). */
export async function updateManyItems(
  ids: readonly string[],
  updates: ItemUpdate,
  success: string | null = null,
): Promise<boolean> {
  let ok = true;
  for (const batch of batches(ids)) {
    change((d) => {
      const clothes = { ...d.clothes };
      for (const id of batch) if (clothes[id]) clothes[id] = applyBatchEdits(clothes[id], updates);
      return { ...d, clothes };
    });
    const op = { kind: 'updateItems' as const, ids: batch, updates };
    const call = (rest: readonly string[]) => patchItems(rest, updates);
    ok = (await sendBatch('clothes', op, call, ERROR_TOASTS.updateItem, success)) && ok;
  }
  return ok;
}

/** The same edits on every outfit of `ids` (its status). */
export async function updateManyOutfits(
  ids: readonly string[],
  updates: OutfitUpdate,
  success: string | null = null,
): Promise<boolean> {
  let ok = true;
  for (const batch of batches(ids)) {
    change((d) => {
      const outfits = { ...d.outfits };
      for (const id of batch)
        if (outfits[id]) outfits[id] = applyEdits<Outfit>(outfits[id], updates);
      return { ...d, outfits };
    });
    const op = { kind: 'updateOutfits' as const, ids: batch, updates };
    const call = (rest: readonly string[]) => patchOutfits(rest, updates);
    ok = (await sendBatch('outfits', op, call, ERROR_TOASTS.updateItem, success)) && ok;
  }
  return ok;
}

/** "Wore it today" for every record of `ids`: one calendar change for today. */
export async function woreAllToday(kind: BatchKind, ids: readonly string[]): Promise<boolean> {
  const today = wearDayKey();
  let ok = true;
  for (let i = 0; i < ids.length; i += MAX_DAY_IDS) {
    const slice = ids.slice(i, i + MAX_DAY_IDS);
    ok = (await addToCalendarDay(today, { [kind]: slice })) && ok;
  }
  if (ok) toast.success(`Logged ${plural(ids.length, kind)} for today`);
  return ok;
}

interface HeldDelete {
  kind: BatchKind;
  ids: string[];
  timer: ReturnType<typeof setTimeout>;
  commit: () => void;
}

/** Deletes shown as done but not sent yet: each waits out its Undo. */
const held = new Set<HeldDelete>();

/** Leaving the page ends every Undo: what is held is sent (through the outbox, which keeps it). */
function commitAllHeld(): void {
  for (const h of [...held]) h.commit();
}
if (typeof window !== 'undefined') window.addEventListener('pagehide', commitAllHeld);

/** The records and the calendar as they were, to put back on Undo. */
function snapshot(data: WardrobeData, kind: BatchKind, ids: readonly string[]) {
  const records: Record<string, ClothingItem | Outfit> = {};
  for (const id of ids) {
    const record = data[kind][id];
    if (record) records[id] = record;
  }
  const days: Calendar = {};
  for (const [day, entry] of Object.entries(data.calendar)) {
    if (ids.some((id) => entry[kind].includes(id) || entry.displayItem === id)) days[day] = entry;
  }
  return { records, days };
}

/**
 * Delete every record of `ids`: gone from the screens at once, with "Deleted 12 items — Undo" for
 * UNDO_DELETE_MS; Undo puts them back as they were, and nothing was sent. When the toast goes
 * (or the page is left) the delete is sent, one batch call, and is final.
 */
export function deleteMany(kind: BatchKind, givenIds: readonly string[]): void {
  const ids = [...new Set(givenIds.map(resolveId))];
  const data = useWardrobeStore.getState().data;
  if (!data || ids.length === 0) return;
  const before = snapshot(data, kind, ids);
  change((d) => {
    const records = { ...d[kind] } as Record<string, unknown>;
    let calendar = d.calendar;
    for (const id of ids) {
      delete records[id];
      calendar = removeEverywhere(calendar, kind, id);
    }
    return { ...d, calendar, [kind]: records };
  });

  let toastId = '';
  const entry: HeldDelete = {
    kind,
    ids,
    timer: setTimeout(() => entry.commit(), UNDO_DELETE_MS),
    commit: () => {
      if (!held.delete(entry)) return;
      clearTimeout(entry.timer);
      toast.dismiss(toastId);
      void sendDelete(kind, ids);
    },
  };
  held.add(entry);
  toastId = toast.success(`Deleted ${plural(ids.length, kind)}`, undefined, {
    duration: UNDO_DELETE_MS,
    action: {
      label: 'Undo',
      handler: () => {
        if (!held.delete(entry)) return;
        clearTimeout(entry.timer);
        change((d) => restore(d, kind, before));
      },
    },
  });
}

/** The records put back, and their places on the days they were on. */
function restore(
  d: WardrobeData,
  kind: BatchKind,
  before: ReturnType<typeof snapshot>,
): WardrobeData {
  let calendar = d.calendar;
  for (const [day, entry] of Object.entries(before.days)) {
    const back = Object.keys(before.records);
    calendar = addToDay(calendar, day, { [kind]: entry[kind].filter((id) => back.includes(id)) });
    if (entry.displayItem && back.includes(entry.displayItem))
      calendar = setDisplayItem(calendar, day, entry.displayItem);
  }
  return { ...d, calendar, [kind]: { ...d[kind], ...before.records } };
}

async function sendDelete(kind: BatchKind, ids: readonly string[]): Promise<void> {
  for (const batch of batches(ids)) {
    const op = { kind: kind === 'clothes' ? 'deleteItems' : 'deleteOutfits', ids: batch } as const;
    const call = kind === 'clothes' ? deleteItemsRequest : deleteOutfitsRequest;
    await sendBatch(kind, op, call, ERROR_TOASTS.deleteItem, null);
  }
}

/** Tests: whether deletes wait on their Undo, and sending them now. */
export const heldDeletes = { count: () => held.size, commitAll: commitAllHeld };
