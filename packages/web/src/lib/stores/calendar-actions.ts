import {
  ERROR_TOASTS,
  SUCCESS_TOASTS,
  addToDay,
  removeFromDay,
  setDisplayItem,
  type DayEntryType,
} from '@hanger/domain';
import { create } from 'zustand';
import { deleteCalendarEntry, putCalendarDay } from '../api/calendar';
import { NoUserError, toCatalogueError } from '../api/transport';
import { calendarLabel, itemLabel } from './labels';
import type { OutboxOp } from '../outbox/ops';
import { isNetworkFailure, noteNetworkFailure, noteReachable, resolveId } from '../outbox/state';
import { loadOutbox } from '../outbox/port';
import { toast } from './toast-store';
import { loadWardrobe } from './wardrobe-load';
import { useWardrobeStore } from './wardrobe-store';

/**
 * Calendar changes (docs/spec.md §4): the local calendar changes first and is not rolled back; a
 * failure shows the catalogue's error toast. A change whose request failed is also remembered, so
 * the day can show it as not saved (with Retry and Discard) instead of passing it off as saved.
 * Offline, or behind changes already waiting, a change goes to the outbox and is sent later.
 */

export type CalendarChange =
  | { kind: 'add'; day: string; clothes: string[]; outfits: string[] }
  /** The star set to an id, or cleared (undefined). */
  | { kind: 'star'; day: string; displayItem: string | undefined }
  | { kind: 'remove'; day: string; type: DayEntryType; id: string };

export interface TrackedChange {
  key: number;
  change: CalendarChange;
  state: 'saving' | 'failed';
  /** The catalogue's message of the failure. */
  message?: string;
}

interface CalendarSyncState {
  changes: TrackedChange[];
}

/** Changes in flight and changes that failed, in the order they were made (this session only). */
export const useCalendarSync = create<CalendarSyncState>()(() => ({ changes: [] }));

let nextKey = 1;

function without(list: readonly string[], ids: ReadonlySet<string>): string[] {
  return list.filter((id) => !ids.has(id));
}

/**
 * A failed change that a newer change of the same things overrides no longer needs retrying:
 * a later star replaces an earlier one, adding an id again or removing it settles both.
 */
function supersede(old: TrackedChange, next: CalendarChange): TrackedChange | null {
  if (old.state !== 'failed' || old.change.day !== next.day) return old;
  const prev = old.change;
  if (next.kind === 'star') return prev.kind === 'star' ? null : old;
  const touched =
    next.kind === 'add'
      ? { clothes: new Set(next.clothes), outfits: new Set(next.outfits) }
      : {
          clothes: new Set(next.type === 'clothes' ? [next.id] : []),
          outfits: new Set(next.type === 'outfits' ? [next.id] : []),
        };
  if (prev.kind === 'remove') return touched[prev.type].has(prev.id) ? null : old;
  if (prev.kind === 'add') {
    const clothes = without(prev.clothes, touched.clothes);
    const outfits = without(prev.outfits, touched.outfits);
    if (clothes.length === 0 && outfits.length === 0) return null;
    return { ...old, change: { ...prev, clothes, outfits } };
  }
  return old;
}

function track(change: CalendarChange): number {
  const key = nextKey++;
  useCalendarSync.setState((s) => ({
    changes: [
      ...s.changes.flatMap((c) => supersede(c, change) ?? []),
      { key, change, state: 'saving' },
    ],
  }));
  return key;
}

function settle(key: number, failure?: string): void {
  useCalendarSync.setState((s) => ({
    changes:
      failure === undefined
        ? s.changes.filter((c) => c.key !== key)
        : s.changes.map((c) =>
            c.key === key ? { ...c, state: 'failed' as const, message: failure } : c,
          ),
  }));
}

function applyLocally(change: CalendarChange): void {
  useWardrobeStore.getState().update((d) => {
    switch (change.kind) {
      case 'add':
        return { ...d, calendar: addToDay(d.calendar, change.day, change) };
      case 'star':
        return { ...d, calendar: setDisplayItem(d.calendar, change.day, change.displayItem) };
      case 'remove':
        return { ...d, calendar: removeFromDay(d.calendar, change.day, change.type, change.id) };
    }
  });
}

function send(change: CalendarChange): Promise<void> {
  switch (change.kind) {
    case 'add':
      return putCalendarDay(change.day, { clothes: change.clothes, outfits: change.outfits });
    case 'star':
      return putCalendarDay(change.day, { displayItem: change.displayItem ?? '' });
    case 'remove':
      return deleteCalendarEntry(change.day, change.id, change.type);
  }
}

/** The change as an outbox operation, and what it is about (for messages). */
function queued(change: CalendarChange): { op: OutboxOp; label: string } {
  switch (change.kind) {
    case 'add':
      return {
        op: {
          kind: 'calendarAdd',
          day: change.day,
          clothes: change.clothes,
          outfits: change.outfits,
        },
        label: calendarLabel(change.clothes, change.outfits),
      };
    case 'star':
      return {
        op: { kind: 'calendarStar', day: change.day, displayItem: change.displayItem },
        label: change.displayItem ? itemLabel(change.displayItem) : '',
      };
    case 'remove':
      return {
        op: { kind: 'calendarRemove', day: change.day, type: change.type, id: change.id },
        label: change.type === 'clothes' ? itemLabel(change.id) : 'an outfit',
      };
  }
}

/**
 * Applies a change locally, sends it, and reports the outcome with the catalogue's toasts. A
 * change that must wait, or whose request found no network, is queued in the outbox instead.
 */
async function run(change: CalendarChange): Promise<boolean> {
  applyLocally(change);
  const later = queued(change);
  if (await (await loadOutbox()).mustQueue()) {
    await (await loadOutbox()).enqueue(later.op, later.label);
    return true;
  }
  const key = track(change);
  const removing = change.kind === 'remove';
  try {
    await send(change);
    noteReachable();
    settle(key);
    toast.success(removing ? SUCCESS_TOASTS.calendarItemDeleted : SUCCESS_TOASTS.calendarUpdated);
    return true;
  } catch (err) {
    if (err instanceof NoUserError) {
      // Signed out meanwhile: nothing to retry against.
      settle(key);
      return false;
    }
    if (isNetworkFailure(err)) {
      noteNetworkFailure();
      settle(key);
      await (await loadOutbox()).enqueue(later.op, later.label);
      return true;
    }
    const message = toCatalogueError(err).message;
    settle(key, message);
    toast.error(removing ? ERROR_TOASTS.deleteCalendarItem : ERROR_TOASTS.updateCalendar, message);
    return false;
  }
}

/** The day picker's save: adds the chosen items and outfits to the day (each at most once). */
export async function addToCalendarDay(
  day: string,
  add: { clothes?: readonly string[]; outfits?: readonly string[] },
): Promise<boolean> {
  // What is already on the day is not sent again: logging something twice is one wear.
  const entry = useWardrobeStore.getState().data?.calendar[day];
  const ids = (list: readonly string[] | undefined) => [...new Set((list ?? []).map(resolveId))];
  const clothes = ids(add.clothes).filter((id) => !entry?.clothes.includes(id));
  const outfits = ids(add.outfits).filter((id) => !entry?.outfits.includes(id));
  if (clothes.length === 0 && outfits.length === 0) return true;
  return run({ kind: 'add', day, clothes, outfits });
}

/** Star: sets the day's display item, or clears it when it already is `id`. */
export async function toggleCalendarDisplayItem(day: string, givenId: string): Promise<boolean> {
  const id = resolveId(givenId);
  const entry = useWardrobeStore.getState().data?.calendar[day];
  if (!entry || (!entry.clothes.includes(id) && !entry.outfits.includes(id))) return false;
  return run({ kind: 'star', day, displayItem: entry.displayItem === id ? undefined : id });
}

/** Removes one item or outfit from a day; a display item it was is cleared too. */
export async function removeFromCalendarDay(
  day: string,
  type: DayEntryType,
  givenId: string,
): Promise<boolean> {
  const id = resolveId(givenId);
  const unsaved = useCalendarSync
    .getState()
    .changes.some(
      (c) =>
        c.state === 'failed' &&
        c.change.kind === 'add' &&
        c.change.day === day &&
        c.change[type].includes(id),
    );
  if (unsaved) {
    // Its add never reached the server: taking it off is a local change with nothing to send.
    const change: CalendarChange = { kind: 'remove', day, type, id };
    applyLocally(change);
    useCalendarSync.setState((s) => ({
      changes: s.changes.flatMap((c) => supersede(c, change) ?? []),
    }));
    toast.success(SUCCESS_TOASTS.calendarItemDeleted);
    return true;
  }
  return run({ kind: 'remove', day, type, id });
}

/** The change an outbox operation of the calendar made, or null for any other operation. */
function changeOfOp(op: OutboxOp): CalendarChange | null {
  switch (op.kind) {
    case 'calendarAdd':
      return {
        kind: 'add',
        day: op.day,
        clothes: op.clothes.map(resolveId),
        outfits: op.outfits.map(resolveId),
      };
    case 'calendarStar':
      return {
        kind: 'star',
        day: op.day,
        displayItem: op.displayItem === undefined ? undefined : resolveId(op.displayItem),
      };
    case 'calendarRemove':
      return { kind: 'remove', day: op.day, type: op.type, id: resolveId(op.id) };
    default:
      return null;
  }
}

/**
 * A calendar change that waited in the outbox and that the server then refused stays on its day,
 * marked not saved with Retry and Discard, as a change refused online does (docs/spec.md §4:
 * calendar changes are not rolled back). False for an operation that is not a calendar change.
 */
export function keepRefusedCalendarChange(op: OutboxOp, message: string): boolean {
  const change = changeOfOp(op);
  if (!change) return false;
  settle(track(change), message);
  return true;
}

/**
 * Lays the failed changes over the local copy again, oldest first: after the local copy became
 * what the server holds, they would otherwise be gone from their days while still listed there.
 */
export function reapplyFailedCalendarChanges(): void {
  for (const c of failedChanges(useCalendarSync.getState().changes)) applyLocally(c.change);
}

/** Sends a failed change again (its local effect is applied again too, which is idempotent). */
export async function retryCalendarChange(key: number): Promise<boolean> {
  const tracked = useCalendarSync.getState().changes.find((c) => c.key === key);
  if (!tracked || tracked.state !== 'failed') return false;
  useCalendarSync.setState((s) => ({ changes: s.changes.filter((c) => c.key !== key) }));
  return run(tracked.change);
}

/** Retries every failed change of a day, in the order they were made. */
export async function retryCalendarDay(day: string): Promise<boolean> {
  let ok = true;
  for (const c of failedChanges(useCalendarSync.getState().changes, day)) {
    ok = (await retryCalendarChange(c.key)) && ok;
  }
  return ok;
}

/**
 * Gives up the failed changes of a day and shows what the server holds: the wardrobe is fetched
 * again (quietly; a failure to fetch keeps the local copy).
 */
export async function discardCalendarDay(day: string): Promise<void> {
  useCalendarSync.setState((s) => ({
    changes: s.changes.filter((c) => !(c.state === 'failed' && c.change.day === day)),
  }));
  await loadWardrobe({ quiet: true });
}

/** Failed changes of one day (or of every day), oldest first. */
export function failedChanges(changes: readonly TrackedChange[], day?: string): TrackedChange[] {
  return changes.filter((c) => c.state === 'failed' && (day === undefined || c.change.day === day));
}

export type EntrySyncState = 'saving' | 'failed' | undefined;

/** Whether adding this entry to the day is still being saved, or failed. */
export function entrySyncState(
  changes: readonly TrackedChange[],
  day: string,
  type: DayEntryType,
  id: string,
): EntrySyncState {
  let state: EntrySyncState;
  for (const c of changes) {
    const ch = c.change;
    if (ch.day !== day) continue;
    if (ch.kind === 'add' && ch[type].includes(id)) state = c.state;
  }
  return state;
}

/** Days with at least one failed change, for the month screen's "not saved" marks. */
export function daysWithFailures(changes: readonly TrackedChange[]): Set<string> {
  return new Set(failedChanges(changes).map((c) => c.change.day));
}

/** A sentence saying what did not save, e.g. "Adding 2 items and an outfit". */
export function describeChange(change: CalendarChange): string {
  const n = (count: number, one: string, many: string) =>
    count === 1 ? `${one}` : `${count} ${many}`;
  switch (change.kind) {
    case 'add': {
      const parts = [
        change.clothes.length > 0 ? n(change.clothes.length, 'an item', 'items') : '',
        change.outfits.length > 0 ? n(change.outfits.length, 'an outfit', 'outfits') : '',
      ].filter(Boolean);
      return `Adding ${parts.join(' and ')}`;
    }
    case 'star':
      return change.displayItem === undefined ? 'Removing the star' : 'Starring the day’s picture';
    case 'remove':
      return `Removing ${change.type === 'outfits' ? 'an outfit' : 'an item'}`;
  }
}
