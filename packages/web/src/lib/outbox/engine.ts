import type { ClothingItem, WardrobeData } from '@hanger/domain';
import type { StoreApi } from 'zustand';
import type { Outcome } from './failures';
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
import type { SendAnswer } from './send';
import { browserOnline, initialOutboxState, type OutboxState } from './state';
import type { OutboxSnapshot, OutboxStorage } from './storage';

/**
 * The outbox: writes made without a connection wait here, in order, and are sent one at a time
 * when it returns (the `online` event, a successful sync at start-up, or a retry with backoff).
 * Once anything waits, later writes wait behind it, so nothing overtakes. A change the server
 * refuses (4xx) is not retried: it leaves the queue, is announced with what happened, and stays
 * in the "Not saved" list until dismissed. Network failures and 5xx keep it waiting.
 *
 * An engine made with what it works with (OutboxDeps): it imports no store and no API call, and
 * all it knows lives in the instance. The app wires one (src/app/outbox.ts) and lends it to the
 * stores through port.ts's loadOutbox.
 */

/** Waits between replay attempts after a network failure or 5xx, in milliseconds. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

/** Tells the other windows that the stored queue changed, and hears them. */
const CHANNEL = 'hanger-outbox';
/** Only one window sends the queue at a time. */
const REPLAY_LOCK = 'hanger-outbox-replay';

export interface OutboxDeps {
  /** Where the queue and its photos are kept between visits. */
  storage: OutboxStorage;
  /** What the screens read of the outbox (state.ts's useOutbox), kept up to date here. */
  view: StoreApi<OutboxState>;
  /** Sends one operation to the server; `photo` reads a waiting photo. */
  send: (op: OutboxOp, photo: (key: string) => Promise<Blob | undefined>) => Promise<SendAnswer>;
  /** What a failed send means: network, retry, refused, stop, gone or sent. */
  classify: (err: unknown, op: OutboxOp) => Outcome;
  /** Waits for a usable access token: null when there is one, else why there is none. */
  tokenReady: () => Promise<Outcome | null>;
  /** Changes the local wardrobe copy (when there is one). */
  applyLocally: (change: (data: WardrobeData) => WardrobeData) => void;
  /** Runs `fn` once the local copy has been read from the device (at once if it has). */
  whenLocalCopyRead: (fn: () => void) => void;
  /**
   * The server refused a waiting change, for `reason`: answers true when the caller keeps it
   * itself (a calendar change stays on its day), else it goes on the "Not saved" list.
   */
  onRefused: (op: OutboxOp, reason: string) => boolean;
  /** Announces a refusal (the error toast, which stays until closed). */
  announce: (title: string, message: string) => void;
  /** The reason a refusal gives the user, from the error. */
  reasonOf: (err: unknown) => string;
  /** The action's error toast title of each kind of change (docs/spec.md §8). */
  refusalTitle: (op: OutboxOp) => string;
  /** The wardrobe fetched again: once the queue is empty, the local copy is the server's. */
  resync: () => Promise<unknown>;
  /** After the resync that follows a replay (refused calendar changes laid over it again). */
  afterResync: () => void;
  /** The signed-in user, null when signed out. */
  currentUser: () => string | null;
  /** What an item is called in messages ("Uniqlo Top"), '' when unknown. */
  nameOf: (item: ClothingItem | undefined) => string;
  /** Milliseconds since the epoch (Date.now by default). */
  now?: () => number;
}

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(deps: OutboxDeps) {
  const { storage, view } = deps;
  const now = deps.now ?? Date.now;
  const state = () => view.getState();

  let owner: string | null = null;
  let nextSeq = 1;
  /** What this window has seen of the stored queue (other windows write to it too). */
  let seen: Seen = nothingSeen();
  let channel: BroadcastChannel | null = null;
  /** The entry being sent: nothing is folded into it. */
  let inFlight: number | null = null;
  /** Object URLs of the waiting photos, to show them before they are sent. */
  const photoUrls = new Map<string, string>();
  let hydration: Promise<void> | null = null;
  let writes: Promise<void> = Promise.resolve();
  let replaying: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  /** Bumped by clear (and dispose): a replay that started before stops. */
  let generation = 0;

  function setEntries(entries: OutboxEntry[]): void {
    view.setState({ entries, pending: pendingIds(entries) });
  }

  function setIdMap(idMap: Record<string, string>): void {
    view.setState({ idMap });
  }

  function snapshot(): OutboxSnapshot {
    const s = state();
    return { owner, entries: s.entries, refused: s.refused, idMap: s.idMap, nextSeq };
  }

  /**
   * A seq unique across windows (two windows may add an entry at once), in creation order: the
   * time in microseconds-ish, with a random low part.
   */
  function newSeq(): number {
    const seq = Math.max(nextSeq, now() * 1000 + Math.floor(Math.random() * 1000));
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
    setIdMap({ ...written.idMap, ...state().idMap });
    nextSeq = Math.max(nextSeq, written.nextSeq);
    const current = state().entries;
    const entries = rebase(written.entries, before.entries, current, (e) => e.seq);
    const refused = rebase(written.refused, before.refused, state().refused, (r) => r.id);
    if (
      refused.length !== state().refused.length ||
      refused.some((r, i) => r !== state().refused[i])
    )
      view.setState({ refused });
    const nowSeqs = new Set(current.map((e) => e.seq));
    const nextSeqs = new Set(entries.map((e) => e.seq));
    const added = entries.filter((e) => !nowSeqs.has(e.seq));
    const gone = current.some((e) => !nextSeqs.has(e.seq));
    if (added.length === 0 && !gone) return;
    // Another window added or sent something: its changes show here too.
    for (const entry of added) {
      for (const key of photosOf(entry.op)) {
        if (photoUrls.has(key)) continue;
        const photo = await storage.getPhoto(key).catch(() => undefined);
        if (photo) keepPhotoUrl(key, photo);
      }
    }
    setEntries(rebase(entries, current, state().entries, (e) => e.seq));
    if (!state().hydrated) return;
    if (state().entries.length > 0) deps.applyLocally(withPendingChanges);
    else if (gone && replaying === null && deps.currentUser() && browserOnline())
      void deps.resync();
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
  function photoUrl(key: string): string | undefined {
    return photoUrls.get(key);
  }

  /** The waiting changes laid over `data` (all of them are idempotent). */
  function withPendingChanges(data: WardrobeData): WardrobeData {
    return state().entries.reduce((d, e) => applyOp(d, e.op, photoUrl), data);
  }

  /** Reads the stored queue once; every other function waits for it. */
  function hydrate(): Promise<void> {
    hydration ??= (async () => {
      // The stored queue, merged with anything queued here before it was read.
      await persist();
      view.setState({ hydrated: true });
      // The stored wardrobe copy holds the changes, but its photo URLs died with the last page.
      if (state().entries.length === 0) return;
      deps.whenLocalCopyRead(() => deps.applyLocally(withPendingChanges));
    })();
    return hydration;
  }

  /**
   * Whether a write must queue instead of being sent: something already waits (it must not be
   * overtaken), or the browser knows it is offline.
   */
  async function mustQueue(): Promise<boolean> {
    await hydrate();
    await dropForeign();
    return state().entries.length > 0 || !browserOnline();
  }

  /** Changes made under another account never go to this one: they are dropped at its sign-in. */
  async function dropForeign(): Promise<boolean> {
    const user = deps.currentUser();
    if (owner === null || user === null || owner === user) return false;
    await clear();
    return true;
  }

  /**
   * Before signing out: sends what waits when the browser is online. Answers how many changes
   * still wait (they would be lost).
   */
  async function flushBeforeSignOut(): Promise<number> {
    await hydrate();
    if (state().entries.length > 0 && browserOnline()) await replay();
    return state().entries.length;
  }

  /**
   * Queues an operation (its local effect is the caller's). `photos` are stored with it until it
   * has been sent. Answers at once; the write to IndexedDB follows in order.
   */
  async function enqueue(
    op: OutboxOp,
    about: string | ClothingItem | undefined,
    photos: Record<string, Blob> = {},
  ): Promise<void> {
    // Named as the user knew it when the change was made (before the change, for an edit).
    const label = typeof about === 'string' ? about : deps.nameOf(about);
    await hydrate();
    await dropForeign();
    for (const [key, photo] of Object.entries(photos)) {
      keepPhotoUrl(key, photo);
      writes = writes
        .then(() => storage.putPhoto(key, photo))
        .catch((err: unknown) => console.error('Hanger: could not store a photo', err));
    }
    owner ??= deps.currentUser();
    const entry: OutboxEntry = {
      seq: newSeq(),
      op,
      createdAt: new Date(now()).toISOString(),
      label,
    };
    const { entries, freedPhotos } = addToQueue(state().entries, entry, inFlight);
    setEntries(entries);
    freePhotos(freedPhotos);
    void persist();
    if (!browserOnline()) return;
    if (state().networkDown) scheduleRetry();
    else void replay();
  }

  /** Keeps a photo for an operation and answers a URL to show it meanwhile. */
  function showPhoto(key: string, photo: Blob): string {
    return keepPhotoUrl(key, photo) ?? '';
  }

  function scheduleRetry(): void {
    if (retryTimer !== undefined || state().entries.length === 0) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)] ?? 300_000;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void replay();
    }, delay);
  }

  function clearRetry(): void {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  function takeOff(entry: OutboxEntry): OutboxEntry[] {
    return state().entries.filter((e) => e.seq !== entry.seq);
  }

  function noteSettled(): void {
    view.setState((s) => ({ settled: s.settled + 1 }));
  }

  /** The server did it: the rest of the queue and the local copy follow its answer. */
  function settleSent(entry: OutboxEntry, answer: SendAnswer): void {
    let entries = takeOff(entry);
    const op = entry.op;
    const target = targetOf(op);
    if (answer && 'created' in answer && target) {
      const created = answer.created;
      if (created.id !== target.id) {
        setIdMap({ ...state().idMap, [target.id]: created.id });
        entries = renameInQueue(entries, target.id, created.id);
      }
      setEntries(entries);
      deps.applyLocally((d) =>
        withPendingChanges(renameRecord(d, target.kind, target.id, created)),
      );
    } else {
      setEntries(entries);
      if (answer && 'patch' in answer && target) {
        const patch = answer.patch;
        deps.applyLocally((d) => {
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
    noteSettled();
  }

  /** The server refused it: off the queue (with what depended on it), announced, listed. */
  function refuse(entry: OutboxEntry, err: unknown): void {
    const { entries, freedPhotos } = afterRefusal(takeOff(entry), entry);
    setEntries(entries);
    freePhotos([...photosOf(entry.op), ...freedPhotos]);
    const op = entry.op;
    const target = targetOf(op);
    // A record created offline that the server would not take is gone from the local copy too.
    if (target && isTempId(target.id))
      deps.applyLocally((d) => {
        const { [target.id]: _gone, ...rest } = d[target.kind];
        return { ...d, [target.kind]: rest };
      });
    const reason = deps.reasonOf(err);
    const title = deps.refusalTitle(op);
    const message = `Couldn't save ${describeOp(entry)}: ${reason}`;
    // A calendar change stays on its day, marked not saved (with Retry and Discard there).
    if (!deps.onRefused(op, reason))
      view.setState((s) => ({
        refused: [
          ...s.refused,
          { id: `${entry.seq}`, title, message, at: new Date(now()).toISOString() },
        ],
      }));
    deps.announce(title, message);
    noteSettled();
  }

  function noteNetworkFailure(): void {
    if (!state().networkDown) view.setState({ networkDown: true });
  }

  function noteReachable(): void {
    if (state().networkDown) view.setState({ networkDown: false });
  }

  async function runReplay(): Promise<void> {
    await hydrate();
    const gen = generation;
    if (state().entries.length === 0) return;
    // Another window may have sent or added changes since this one last read the queue.
    await persist();
    if (gen !== generation || state().entries.length === 0) return;
    // Offline for sure: the online event starts the replay.
    if (!deps.currentUser() || !browserOnline()) return;
    if (await dropForeign()) return;
    clearRetry();
    view.setState({ replaying: true });
    let changed = false;
    try {
      const blocked = await deps.tokenReady();
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
          answer = await deps.send(entry.op, (key) => storage.getPhoto(key));
        } catch (err) {
          failure = err;
          outcome = deps.classify(err, entry.op);
        } finally {
          inFlight = null;
        }
        if (gen !== generation) return;
        if (outcome === 'network' || outcome === 'retry') {
          // It may have reached the server: the next attempt must send exactly the same request.
          if (!entry.sent) {
            setEntries(
              state().entries.map((e) => (e.seq === entry.seq ? { ...e, sent: true } : e)),
            );
            await persist();
          }
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
      view.setState({ replaying: false });
      if (changed && gen === generation) await persist();
    }
    // The queue is empty: the local copy becomes exactly what the server holds.
    if (changed && gen === generation) {
      await deps.resync();
      deps.afterResync();
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
  function replay(): Promise<void> {
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

  /** Takes refusals off the "Not saved" list (all of them without an id). */
  function dismissRefused(id?: string): void {
    view.setState((s) => ({ refused: id ? s.refused.filter((r) => r.id !== id) : [] }));
    void persist();
  }

  /** Stops what runs on its own (a replay under way, the retry timer). */
  function halt(): void {
    generation += 1;
    clearRetry();
    attempt = 0;
  }

  /** Forgets every waiting change and its photos (sign-out). */
  async function clear(): Promise<void> {
    halt();
    owner = null;
    nextSeq = 1;
    for (const url of photoUrls.values()) URL.revokeObjectURL(url);
    photoUrls.clear();
    view.setState({ ...initialOutboxState(), hydrated: true, settled: state().settled });
    await writes;
    await storage.clear().catch((err: unknown) => console.error('Hanger: could not clear', err));
    seen = nothingSeen();
    channel?.postMessage('changed');
  }

  /**
   * Follows the connection: back online, the queue is sent at once (and the backoff restarts).
   * Answers the function that stops listening.
   */
  function start(): () => void {
    void hydrate();
    if (!channel && typeof BroadcastChannel !== 'undefined') {
      channel = new BroadcastChannel(CHANNEL);
      // Another window changed the stored queue: read it again (pending marks, counts, photos).
      channel.onmessage = () => void persist();
    }
    const online = () => {
      view.setState({ online: true, networkDown: false });
      attempt = 0;
      clearRetry();
      void replay();
    };
    const offline = () => view.setState({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    view.setState({ online: browserOnline() });
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      channel?.close();
      channel = null;
    };
  }

  return {
    hydrate,
    mustQueue,
    enqueue,
    showPhoto,
    photoUrl,
    withPendingChanges,
    flushBeforeSignOut,
    replay,
    dismissRefused,
    clear,
    start,
    /** Stops this instance for good (a test replacing it): no replay or retry runs any more. */
    dispose: halt,
    /** The stored writes so far have finished (tests wait on it). */
    written: (): Promise<void> => writes,
  };
}
