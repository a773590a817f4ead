import { ERROR_TOASTS, type ClothingItem, type WardrobeData } from '@hanger/domain';
import { TokenUnavailableError, getAccessToken } from '../access-token';
import { ApiError, NoUserError, toCatalogueError } from '../api/transport';
import { currentUserId } from '../stores/session-store';
import { toast } from '../stores/toast-store';
import {
  keepRefusedCalendarChange,
  reapplyFailedCalendarChanges,
} from '../stores/calendar-actions';
import { useWardrobeStore } from '../stores/wardrobe-store';
import { nameOf } from './labels';
import {
  addToQueue,
  afterRefusal,
  applyOp,
  describeOp,
  isTempId,
  mergeAnswer,
  pendingIds,
  photosOf,
  renameInQueue,
  renameRecord,
  targetOf,
  type OutboxEntry,
  type OutboxOp,
} from './ops';
import { mergeSnapshot, nothingSeen, rebase, seenIn, type Seen } from './merge';
import { MissingPhotoError, sendOp, type SendAnswer } from './send';
import {
  browserOnline,
  initialOutboxState,
  isNetworkFailure,
  noteNetworkFailure,
  noteReachable,
  sentIds,
  useOutbox,
} from './state';
import {
  idbOutboxStorage,
  memoryOutboxStorage,
  type OutboxSnapshot,
  type OutboxStorage,
} from './storage';

/**
 * The outbox: writes made without a connection wait here, in order, and are sent one at a time
 * when it returns (the `online` event, a successful sync at start-up, or a retry with backoff).
 * Once anything waits, later writes wait behind it, so nothing overtakes. A change the server
 * refuses (4xx) is not retried: it leaves the queue, is announced with what happened, and stays
 * in the "Not saved" list until dismissed. Network failures and 5xx keep it waiting.
 */

export {
  isNetworkFailure,
  noteNetworkFailure,
  noteReachable,
  resolveId,
  settledCount,
  useOutbox,
} from './state';

/** Waits between replay attempts after a network failure or 5xx, in milliseconds. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

let storage: OutboxStorage =
  typeof indexedDB === 'undefined' ? memoryOutboxStorage() : idbOutboxStorage();
let owner: string | null = null;
let nextSeq = 1;
/** What this window has seen of the stored queue (other windows write to it too). */
let seen: Seen = nothingSeen();
/** Tells the other windows that the stored queue changed, and hears them. */
const CHANNEL = 'hanger-outbox';
let channel: BroadcastChannel | null = null;
/** Only one window sends the queue at a time. */
const REPLAY_LOCK = 'hanger-outbox-replay';
/** The entry being sent: nothing is folded into it. */
let inFlight: number | null = null;
/** Object URLs of the waiting photos, to show them before they are sent. */
const photoUrls = new Map<string, string>();
let hydration: Promise<void> | null = null;
let writes: Promise<void> = Promise.resolve();
let replaying: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
/** Bumped by clearOutbox: a replay that started before stops. */
let generation = 0;
let resync: () => Promise<unknown> = () =>
  import('../stores/wardrobe-actions').then((m) => m.loadWardrobe({ quiet: true }));

const state = () => useOutbox.getState();

function setEntries(entries: OutboxEntry[]): void {
  useOutbox.setState({ entries, pending: pendingIds(entries) });
}

function snapshot(): OutboxSnapshot {
  return { owner, entries: state().entries, refused: state().refused, idMap: sentIds.map, nextSeq };
}

/**
 * A seq unique across windows (two windows may add an entry at once), in creation order: the
 * time in microseconds-ish, with a random low part.
 */
function newSeq(): number {
  const seq = Math.max(nextSeq, Date.now() * 1000 + Math.floor(Math.random() * 1000));
  nextSeq = seq + 1;
  return seq;
}

/**
 * Merges this window's queue into the stored one (read-modify-write in one transaction, so
 * another window's changes are kept), takes in what other windows did, and tells them.
 */
async function syncStored(): Promise<void> {
  const before = snapshot();
  let changed = false;
  const written = await storage.update((stored) => {
    const merged = mergeSnapshot(stored, before, seen);
    changed = JSON.stringify(stored) !== JSON.stringify(merged);
    return merged;
  });
  seen = seenIn(written);
  await adopt(written, before);
  if (changed) channel?.postMessage('changed');
}

/** The stored queue as written, with what changed here meanwhile. */
async function adopt(written: OutboxSnapshot, before: OutboxSnapshot): Promise<void> {
  owner ??= written.owner;
  sentIds.map = { ...written.idMap, ...sentIds.map };
  nextSeq = Math.max(nextSeq, written.nextSeq);
  const now = state().entries;
  const entries = rebase(written.entries, before.entries, now, (e) => e.seq);
  const refused = rebase(written.refused, before.refused, state().refused, (r) => r.id);
  if (refused.length !== state().refused.length || refused.some((r, i) => r !== state().refused[i]))
    useOutbox.setState({ refused });
  const nowSeqs = new Set(now.map((e) => e.seq));
  const nextSeqs = new Set(entries.map((e) => e.seq));
  const added = entries.filter((e) => !nowSeqs.has(e.seq));
  const gone = now.some((e) => !nextSeqs.has(e.seq));
  if (added.length === 0 && !gone) return;
  // Another window added or sent something: its changes show here too.
  for (const entry of added) {
    for (const key of photosOf(entry.op)) {
      if (photoUrls.has(key)) continue;
      const photo = await storage.getPhoto(key).catch(() => undefined);
      if (photo) keepPhotoUrl(key, photo);
    }
  }
  setEntries(rebase(entries, now, state().entries, (e) => e.seq));
  if (!state().hydrated) return;
  if (state().entries.length > 0) useWardrobeStore.getState().update(withPendingChanges);
  else if (gone && replaying === null && currentUserId() && browserOnline()) void resync();
}

/** Queue writes run one after another, merged into the stored queue. */
function persist(): Promise<void> {
  writes = writes
    .then(syncStored)
    .catch((err: unknown) => console.error('Hanger: could not store the outbox', err));
  return writes;
}

function keepPhotoUrl(key: string, photo: Blob): string | undefined {
  if (typeof URL.createObjectURL !== 'function') return undefined;
  let url = photoUrls.get(key);
  if (!url) {
    url = URL.createObjectURL(photo);
    photoUrls.set(key, url);
  }
  return url;
}

function freePhotos(keys: readonly string[]): void {
  for (const key of keys) {
    writes = writes.then(() => storage.deletePhoto(key)).catch(() => undefined);
  }
}

/** A displayable URL of a stored photo, while its change waits. */
export function photoUrl(key: string): string | undefined {
  return photoUrls.get(key);
}

/** The waiting changes laid over `data` (all of them are idempotent). */
export function withPendingChanges(data: WardrobeData): WardrobeData {
  return state().entries.reduce((d, e) => applyOp(d, e.op, photoUrl), data);
}

/** Reads the stored queue once; every other function waits for it. */
export function hydrateOutbox(): Promise<void> {
  hydration ??= (async () => {
    // The stored queue, merged with anything queued here before it was read.
    await persist();
    useOutbox.setState({ hydrated: true });
    // The stored wardrobe copy holds the changes, but its photo URLs died with the last page.
    const relay = () => useWardrobeStore.getState().update(withPendingChanges);
    if (state().entries.length === 0) return;
    if (useWardrobeStore.persist.hasHydrated()) relay();
    else useWardrobeStore.persist.onFinishHydration(relay);
  })();
  return hydration;
}

/**
 * Whether a write must queue instead of being sent: something already waits (it must not be
 * overtaken), or the browser knows it is offline.
 */
export async function mustQueue(): Promise<boolean> {
  await hydrateOutbox();
  await dropForeign();
  return state().entries.length > 0 || !browserOnline();
}

/** Changes made under another account never go to this one: they are dropped at its sign-in. */
async function dropForeign(): Promise<boolean> {
  const user = currentUserId();
  if (owner === null || user === null || owner === user) return false;
  await clearOutbox();
  return true;
}

/**
 * Before signing out: sends what waits when the browser is online. Answers how many changes
 * still wait (they would be lost).
 */
export async function flushBeforeSignOut(): Promise<number> {
  await hydrateOutbox();
  if (state().entries.length > 0 && browserOnline()) await replayOutbox();
  return state().entries.length;
}

/**
 * Queues an operation (its local effect is the caller's). `photos` are stored with it until it
 * has been sent. Answers at once; the write to IndexedDB follows in order.
 */
export async function enqueue(
  op: OutboxOp,
  about: string | ClothingItem | undefined,
  photos: Record<string, Blob> = {},
): Promise<void> {
  // Named as the user knew it when the change was made (before the change, for an edit).
  const label = typeof about === 'string' ? about : nameOf(about);
  await hydrateOutbox();
  await dropForeign();
  for (const [key, photo] of Object.entries(photos)) {
    keepPhotoUrl(key, photo);
    writes = writes
      .then(() => storage.putPhoto(key, photo))
      .catch((err: unknown) => console.error('Hanger: could not store a photo', err));
  }
  owner ??= currentUserId();
  const entry: OutboxEntry = { seq: newSeq(), op, createdAt: new Date().toISOString(), label };
  const { entries, freedPhotos } = addToQueue(state().entries, entry, inFlight);
  setEntries(entries);
  freePhotos(freedPhotos);
  void persist();
  if (!browserOnline()) return;
  if (state().networkDown) scheduleRetry();
  else void replayOutbox();
}

/** Stores a photo for an operation and answers a URL to show it meanwhile. */
export function showPhoto(key: string, photo: Blob): string {
  return keepPhotoUrl(key, photo) ?? '';
}

function scheduleRetry(): void {
  if (retryTimer !== undefined || state().entries.length === 0) return;
  const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 300_000;
  attempt += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void replayOutbox();
  }, delay);
}

function clearRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

type Outcome = 'network' | 'retry' | 'refused' | 'stop' | 'sent' | 'gone';

/** Removals whose target may already be gone (deleted on another device): what was asked for. */
const REMOVALS: ReadonlySet<OutboxOp['kind']> = new Set([
  'deleteItem',
  'deleteOutfit',
  'calendarRemove',
]);

/** What a failure means for the entry being sent. */
export function classifyFailure(err: unknown, op?: OutboxOp): Outcome {
  if (err instanceof NoUserError) return 'stop';
  if (err instanceof MissingPhotoError) return 'refused';
  if (err instanceof ApiError) {
    if (err.status === null) return isNetworkFailure(err) ? 'network' : 'retry';
    if (err.status === 401) return 'stop';
    if (err.status === 408 || err.status === 429 || err.status >= 500) return 'retry';
    // Removing what is already gone is done, not refused (review bug 7).
    if (err.status === 404 && op && REMOVALS.has(op.kind)) return 'gone';
    return 'refused';
  }
  // The server answered, but not as expected (an answer that does not parse): it was done.
  return 'sent';
}

const REFUSAL_TITLES: Record<OutboxOp['kind'], string> = {
  createItem: ERROR_TOASTS.uploadItem,
  updateItem: ERROR_TOASTS.updateItem,
  updateItemImage: ERROR_TOASTS.updateImage,
  deleteItem: ERROR_TOASTS.deleteItem,
  saveOutfit: ERROR_TOASTS.uploadOutfit,
  updateOutfit: ERROR_TOASTS.updateItem,
  deleteOutfit: ERROR_TOASTS.deleteItem,
  calendarAdd: ERROR_TOASTS.updateCalendar,
  calendarStar: ERROR_TOASTS.updateCalendar,
  calendarRemove: ERROR_TOASTS.deleteCalendarItem,
};

function takeOff(entry: OutboxEntry): OutboxEntry[] {
  return state().entries.filter((e) => e.seq !== entry.seq);
}

/** The server did it: the rest of the queue and the local copy follow its answer. */
function settleSent(entry: OutboxEntry, answer: SendAnswer): void {
  let entries = takeOff(entry);
  const op = entry.op;
  const target = targetOf(op);
  if (answer && 'created' in answer && target) {
    const created = answer.created;
    if (created.id !== target.id) {
      sentIds.map[target.id] = created.id;
      entries = renameInQueue(entries, target.id, created.id);
    }
    setEntries(entries);
    useWardrobeStore
      .getState()
      .update((d) => withPendingChanges(renameRecord(d, target.kind, target.id, created)));
  } else {
    setEntries(entries);
    if (answer && 'patch' in answer && target) {
      const patch = answer.patch;
      useWardrobeStore.getState().update((d) => {
        const record = d[target.kind][target.id];
        if (!record) return d;
        const merged = mergeAnswer(record as object, patch as object);
        return withPendingChanges({
          ...d,
          [target.kind]: { ...d[target.kind], [target.id]: merged },
        });
      });
    }
  }
  freePhotos(photosOf(op));
  sentIds.settled += 1;
}

/** The server refused it: off the queue (with what depended on it), announced, listed. */
function refuse(entry: OutboxEntry, err: unknown): void {
  const { entries, freedPhotos } = afterRefusal(takeOff(entry), entry);
  setEntries(entries);
  freePhotos([...photosOf(entry.op), ...freedPhotos]);
  const op = entry.op;
  if (isTempId(targetOf(op)?.id ?? '')) {
    const target = targetOf(op);
    // A record created offline that the server would not take is gone from the local copy too.
    if (target)
      useWardrobeStore.getState().update((d) => {
        const { [target.id]: _gone, ...rest } = d[target.kind];
        return { ...d, [target.kind]: rest };
      });
  }
  const reason =
    err instanceof MissingPhotoError
      ? 'The photo is no longer on this device.'
      : toCatalogueError(err).message;
  const title = REFUSAL_TITLES[op.kind];
  const message = `Couldn't save ${describeOp(entry)}: ${reason}`;
  // A calendar change stays on its day, marked not saved (with Retry and Discard there).
  if (!keepRefusedCalendarChange(op, reason))
    useOutbox.setState((s) => ({
      refused: [...s.refused, { id: `${entry.seq}`, title, message, at: new Date().toISOString() }],
    }));
  toast.error(title, message, { duration: 0 });
  sentIds.settled += 1;
}

async function tokenReady(): Promise<Outcome | null> {
  try {
    // A token with more than the refresh lead (5 minutes) left, else a new one first.
    await getAccessToken();
    return null;
  } catch (err) {
    if (err instanceof TokenUnavailableError) {
      if (err.status === null) return 'network';
      if (err.status === 401 || err.status === 403) return 'stop';
    }
    return 'retry';
  }
}

async function runReplay(): Promise<void> {
  await hydrateOutbox();
  const gen = generation;
  if (state().entries.length === 0) return;
  // Another window may have sent or added changes since this one last read the queue.
  await persist();
  if (gen !== generation || state().entries.length === 0) return;
  // Offline for sure: the online event starts the replay.
  if (!currentUserId() || !browserOnline()) return;
  if (await dropForeign()) return;
  clearRetry();
  useOutbox.setState({ replaying: true });
  let changed = false;
  try {
    const blocked = await tokenReady();
    if (blocked) {
      if (blocked === 'network') noteNetworkFailure();
      if (blocked !== 'stop') scheduleRetry();
      return;
    }
    for (;;) {
      if (gen !== generation) return;
      const entry = state().entries[0];
      if (!entry) break;
      inFlight = entry.seq;
      let answer: SendAnswer = null;
      let outcome: Outcome = 'sent';
      let failure: unknown;
      try {
        answer = await sendOp(entry.op, (key) => storage.getPhoto(key));
      } catch (err) {
        failure = err;
        outcome = classifyFailure(err, entry.op);
      } finally {
        inFlight = null;
      }
      if (gen !== generation) return;
      if (outcome === 'network' || outcome === 'retry') {
        if (outcome === 'network') noteNetworkFailure();
        scheduleRetry();
        return;
      }
      if (outcome === 'stop') return;
      noteReachable();
      changed = true;
      if (outcome === 'refused') refuse(entry, failure);
      else {
        if (failure && outcome !== 'gone') {
          console.error('Hanger: unexpected answer to a waiting change', failure);
        }
        settleSent(entry, answer);
      }
      await persist();
    }
    attempt = 0;
  } finally {
    useOutbox.setState({ replaying: false });
    if (changed && gen === generation) await persist();
  }
  // The queue is empty: the local copy becomes exactly what the server holds.
  if (changed && gen === generation) {
    await resync();
    reapplyFailedCalendarChanges();
    revokeUnusedUrls();
  }
}

function revokeUnusedUrls(): void {
  const used = new Set(state().entries.flatMap((e) => photosOf(e.op)));
  for (const [key, url] of photoUrls) {
    if (used.has(key)) continue;
    URL.revokeObjectURL(url);
    photoUrls.delete(key);
  }
}

/** Sends the waiting changes in order, one at a time (one replay at a time). */
export function replayOutbox(): Promise<void> {
  replaying ??= underReplayLock(runReplay)
    .catch((err: unknown) => console.error('Hanger: replay failed', err))
    .finally(() => {
      replaying = null;
    });
  return replaying;
}

/**
 * Runs `run` unless another window is sending the queue (then tries again later, for what that
 * window may not have seen). Browsers without Web Locks just run it.
 */
async function underReplayLock(run: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return run();
  await locks.request(REPLAY_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await run();
    else scheduleRetry();
  });
}

/** The sync to run once the queue is empty (the wardrobe fetch; registered by its module). */
export function setOutboxResync(fn: () => Promise<unknown>): void {
  resync = fn;
}

/** Takes refusals off the "Not saved" list (all of them without an id). */
export function dismissRefused(id?: string): void {
  useOutbox.setState((s) => ({ refused: id ? s.refused.filter((r) => r.id !== id) : [] }));
  void persist();
}

/** Forgets every waiting change and its photos (sign-out). */
export async function clearOutbox(): Promise<void> {
  generation += 1;
  clearRetry();
  attempt = 0;
  owner = null;
  sentIds.map = {};
  nextSeq = 1;
  for (const url of photoUrls.values()) URL.revokeObjectURL(url);
  photoUrls.clear();
  useOutbox.setState({ ...initialOutboxState(), hydrated: true });
  await writes;
  await storage.clear().catch((err: unknown) => console.error('Hanger: could not clear', err));
  seen = nothingSeen();
  channel?.postMessage('changed');
}

/**
 * Follows the connection: back online, the queue is sent at once (and the backoff restarts).
 * Answers the function that stops listening.
 */
export function startOutbox(): () => void {
  void hydrateOutbox();
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    // Another window changed the stored queue: read it again (pending marks, counts, photos).
    channel.onmessage = () => void persist();
  }
  const online = () => {
    useOutbox.setState({ online: true, networkDown: false });
    attempt = 0;
    clearRetry();
    void replayOutbox();
  };
  const offline = () => useOutbox.setState({ online: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  useOutbox.setState({ online: browserOnline() });
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    channel?.close();
    channel = null;
  };
}

/** For tests: a fresh outbox over `next` (as after a reload when `next` holds the old data). */
export function resetOutboxForTests(next: OutboxStorage = memoryOutboxStorage()): void {
  generation += 1;
  clearRetry();
  storage = next;
  owner = null;
  sentIds.map = {};
  nextSeq = 1;
  seen = nothingSeen();
  inFlight = null;
  attempt = 0;
  photoUrls.clear();
  hydration = null;
  replaying = null;
  writes = Promise.resolve();
  useOutbox.setState(initialOutboxState());
}

/** For tests: the stored writes have finished. */
export function outboxWritten(): Promise<void> {
  return writes;
}
