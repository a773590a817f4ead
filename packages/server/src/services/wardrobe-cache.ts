import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Redis } from 'ioredis';
import { capabilityIn } from '../storage/signed-url.js';

const gzipAsync = promisify(gzipCallback);

/** gzip at level 6, off the main thread: the wardrobe answers' and the drawn pages' compression. */
export const gzipAnswer = (data: string | Buffer): Promise<Buffer> => gzipAsync(data, { level: 6 });

/** The forms GET users answers: the default maps (docs/spec.md §7) and the columns (wire-columns.ts). */
export type WardrobeForm = 'json' | 'columns';

/** Reads the user's wardrobe afresh and serializes it in the form asked for. */
export type WardrobeBuild = (form: WardrobeForm) => Promise<string>;

/** One form of the wardrobe answer, serialized once and compressed once per encoding. */
export interface WardrobeRepresentation {
  /** The serialized answer. */
  body: Buffer;
  /** Strong validator of `body`, quoted as the ETag header wants it. */
  etag: string;
  /** The media capability of the first photo URL in `body` (capabilityIn), read on demand. */
  capability(): string | null;
  /** The answer compressed once, on first demand, for every later client that accepts gzip. */
  gzipped(): Promise<Buffer>;
}

/** Each form's tag prefix: a client never revalidates one form with the other's ETag. */
const TAG_PREFIX: Record<WardrobeForm, string> = { json: '', columns: 'c2-' };

interface Entry {
  window: number;
  expiresAt: number;
  /** What the entry holds in memory: the forms made so far, and their compressed copies. */
  bytes: number;
  /** Makes a form the entry does not hold yet. */
  build: WardrobeBuild;
  /** Each form once made (or being made: concurrent first requests share one build). */
  forms: Partial<Record<WardrobeForm, Promise<WardrobeRepresentation>>>;
  /** The forms made, for answering without waiting. */
  made: Partial<Record<WardrobeForm, WardrobeRepresentation>>;
}

interface Flight {
  promise: Promise<Entry>;
  /** Set when a write lands while the flight reads: its result must not be kept. */
  stale: boolean;
}

export interface WardrobeCacheOptions {
  /** Upper bound on staleness if an invalidation message is ever lost (Redis outage). */
  ttlMs?: number;
  maxEntries?: number;
  /**
   * Upper bound on the bytes held (bodies and their compressed copies, WARDROBE_CACHE_MB): past
   * it the least recently used wardrobes are dropped. A wardrobe larger than the whole budget is
   * served but not kept.
   */
  maxBytes?: number;
  /** Photo URLs are re-signed per window; an entry from an older window is not served. */
  currentWindow?: () => number;
  now?: () => number;
}

export const INVALIDATION_CHANNEL = 'hanger:wardrobe-invalidate';

/**
 * The items and outfits a write changed, by id: edited, created or deleted. With a deleted item go
 * its wears and its places on canvases, with a deleted outfit its canvas and its calendar entries
 * (services/wardrobe-entry.ts); an outfit's save also sets the scale of the items on its canvas,
 * and names them.
 */
export interface RecordsChange {
  items: readonly string[];
  outfits: readonly string[];
}

/**
 * What a write changed (invalidate): 'wardrobe' anything; 'calendar' the calendar alone;
 * 'settings' the settings alone (no item's or outfit's row); `{ items, outfits }` those items and
 * outfits alone (either may be left out: none of that kind), and perhaps the calendar.
 */
export type WardrobeChange = 'wardrobe' | 'calendar' | 'settings' | Partial<RecordsChange>;

/**
 * The items and outfits changed since a records version are known only for this many ids (every
 * step since it, items and outfits, added together); past it a reader reads them whole again.
 */
export const CHANGED_RECORDS_MAX = 64;
/** Users whose record changes are remembered (least recently written out: they read all again). */
const CHANGE_LOGS_MAX = 1000;

/**
 * The steps of one user's records version since `from` that named their records: step
 * `from + i + 1` changed `steps[i]`. A user without a log has none known: only their current
 * records version is.
 */
interface ChangeLog {
  from: number;
  steps: RecordsChange[];
  ids: number;
}

/** How many ids a change names. */
const idsIn = (change: RecordsChange): number => change.items.length + change.outfits.length;

/**
 * Each user's serialized wardrobe, kept in this process's memory and dropped on every write. Each
 * form is serialized (and hashed, and compressed) on its first request only: a rebuild after a
 * write costs the one form the next client asks for. With
 * several server processes, writes are announced on a Redis channel so that every process drops
 * its copy too (messages carry the sender's id so a process does not drop its own fresh copy).
 * Bounded by bytes and by count, least recently used first.
 */
export class WardrobeCache {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private heldBytes = 0;
  /** The key last inserted or re-inserted: the map's last, already in its place. */
  private newest: string | undefined;
  private readonly currentWindow: () => number;
  private readonly now: () => number;
  private readonly instanceId = randomUUID();
  /** Counts every drop of each user's wardrobe (writes, announcements), for version(). */
  private readonly drops = new Map<string, number>();
  /** Counts the drops that may have changed the user's items or outfits, for recordsVersion(). */
  private readonly recordDrops = new Map<string, number>();
  /** The records each recent records step changed, for changedSince (bounded). */
  private readonly changeLogs = new Map<string, ChangeLog>();
  /** Counts clear(): every user's copy was dropped at once. */
  private epoch = 0;
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  constructor(options: WardrobeCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 128 * 1024 * 1024;
    this.currentWindow = options.currentWindow ?? (() => 0);
    this.now = options.now ?? Date.now;
  }

  /** Share invalidations with other processes: `subscriber` is dedicated to the channel. */
  async connect(publisher: Redis, subscriber: Redis): Promise<void> {
    this.publisher = publisher;
    this.subscriber = subscriber;
    let connectedBefore = false;
    subscriber.on('ready', () => {
      // Invalidations sent while this process was cut off are lost: start from empty.
      if (connectedBefore) this.clear();
      connectedBefore = true;
    });
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== INVALIDATION_CHANNEL) return;
      const separator = message.indexOf(' ');
      if (separator < 0 || message.slice(0, separator) === this.instanceId) return;
      this.drop(message.slice(separator + 1));
    });
    await subscriber.subscribe(INVALIDATION_CHANNEL);
  }

  /**
   * The cached answer in `form`, or the result of `build` (shared by concurrent callers and kept).
   * An entry made for one form makes the other with its own `build` on the other's first request.
   */
  async get(
    userId: string,
    build: WardrobeBuild,
    form: WardrobeForm = 'json',
  ): Promise<WardrobeRepresentation> {
    const entry = this.entries.get(userId);
    if (entry && this.fresh(entry)) {
      this.touch(userId, entry);
      return entry.made[form] ?? this.formOf(userId, entry, form);
    }
    if (entry) this.remove(userId, entry);

    const running = this.flights.get(userId);
    if (running && !running.stale) return this.formOf(userId, await running.promise, form);

    const window = this.currentWindow();
    const flight: Flight = { stale: false, promise: Promise.resolve(null as never) };
    const made: Entry = {
      window,
      expiresAt: 0,
      bytes: 0,
      build,
      forms: {},
      made: {},
    };
    const first = this.formOf(userId, made, form);
    flight.promise = first
      .then(() => {
        made.expiresAt = this.now() + this.ttlMs;
        if (!flight.stale) this.store(userId, made);
        return made;
      })
      .finally(() => {
        if (this.flights.get(userId) === flight) this.flights.delete(userId);
      });
    this.flights.set(userId, flight);
    await flight.promise;
    return first;
  }

  /**
   * The form of the user's wardrobe when the cache holds it made and valid, without a promise
   * (the hot path of a revalidation); undefined when `get` has to make or wait for it.
   */
  peek(userId: string, form: WardrobeForm = 'json'): WardrobeRepresentation | undefined {
    const entry = this.entries.get(userId);
    if (entry === undefined) return undefined;
    const made = entry.made[form];
    if (made === undefined || !this.fresh(entry)) return undefined;
    this.touch(userId, entry);
    return made;
  }

  /**
   * Called after every committed write of the user's wardrobe. `changed` 'calendar' or
   * 'settings': the write changed the calendar alone (its wears and starred days) or the settings
   * alone, not an item or an outfit, so recordsVersion() stays. `{ items, outfits }`: it changed
   * those items and outfits alone (WardrobeChange); recordsVersion() moves, and changedSince()
   * names them. Other processes are told of a drop of the whole wardrobe.
   */
  async invalidate(userId: string, changed: WardrobeChange = 'wardrobe'): Promise<void> {
    this.drop(userId, changed);
    if (this.publisher) {
      await this.publisher
        .publish(INVALIDATION_CHANNEL, `${this.instanceId} ${userId}`)
        .catch(() => {
          // The TTL bounds how long another process may serve the old copy.
        });
    }
  }

  /**
   * A tag of the user's wardrobe as this process knows it: it changes on every write of it (and
   * every write announced by another process), so a value derived from the wardrobe may be kept
   * under it (docs/suggestions.md). Read it BEFORE reading the wardrobe: a write landing during
   * the read then leaves the kept value under a tag that is already stale.
   */
  version(userId: string): string {
    return `${this.epoch}.${this.drops.get(userId) ?? 0}`;
  }

  /**
   * As version(), of the user's items and outfits: a write of the calendar or the settings alone
   * leaves it, so a value derived from them may outlive that write (docs/suggestions.md). Read it
   * first too.
   */
  recordsVersion(userId: string): string {
    return `${this.epoch}.${this.recordDrops.get(userId) ?? 0}`;
  }

  /**
   * The items and outfits changed since `recordsVersion` (an earlier value of
   * recordsVersion(userId)), when every records write since named what it changed and is still
   * remembered (at most CHANGED_RECORDS_MAX ids, this process's own writes only); undefined when
   * the items and outfits must be read whole again. Both empty when the version is current.
   */
  changedSince(userId: string, recordsVersion: string): RecordsChange | undefined {
    const [epoch, count] = recordsVersion.split('.').map(Number);
    if (epoch !== this.epoch || count === undefined || !Number.isInteger(count)) return undefined;
    const now = this.recordDrops.get(userId) ?? 0;
    if (count === now) return { items: [], outfits: [] };
    const log = this.changeLogs.get(userId);
    if (!log || count < log.from || count > now) return undefined;
    const steps = log.steps.slice(count - log.from);
    return {
      items: [...new Set(steps.flatMap((step) => step.items))],
      outfits: [...new Set(steps.flatMap((step) => step.outfits))],
    };
  }

  /** What the cache holds now (for measurements and tests). */
  stats(): { entries: number; bytes: number; maxBytes: number } {
    return { entries: this.entries.size, bytes: this.heldBytes, maxBytes: this.maxBytes };
  }

  clear(): void {
    this.epoch += 1;
    this.drops.clear();
    this.recordDrops.clear();
    this.changeLogs.clear();
    this.entries.clear();
    this.newest = undefined;
    this.heldBytes = 0;
    for (const flight of this.flights.values()) flight.stale = true;
  }

  async close(): Promise<void> {
    this.clear();
    if (this.subscriber) await this.subscriber.quit().catch(() => this.subscriber?.disconnect());
    this.subscriber = null;
    this.publisher = null;
  }

  /** Still within its lifetime and its media window: its bodies may be answered. */
  private fresh(entry: Entry): boolean {
    return entry.expiresAt > this.now() && entry.window === this.currentWindow();
  }

  /** Re-inserts the entry to keep the map in least-recently-used order (unless it is last). */
  private touch(userId: string, entry: Entry): void {
    if (this.newest === userId) return;
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    this.newest = userId;
  }

  private drop(userId: string, changed: WardrobeChange = 'wardrobe'): void {
    // Bounded by the users written to since the last clear(); a count kept is a few bytes.
    if (this.drops.size >= 100_000) this.clear();
    this.drops.set(userId, (this.drops.get(userId) ?? 0) + 1);
    if (changed !== 'calendar' && changed !== 'settings') {
      const before = this.recordDrops.get(userId) ?? 0;
      this.recordDrops.set(userId, before + 1);
      this.logChange(
        userId,
        before,
        changed === 'wardrobe'
          ? undefined
          : { items: [...(changed.items ?? [])], outfits: [...(changed.outfits ?? [])] },
      );
    }
    const entry = this.entries.get(userId);
    if (entry) this.remove(userId, entry);
    const flight = this.flights.get(userId);
    if (flight) flight.stale = true;
  }

  /**
   * Remembers the records of step `before + 1`; `change` undefined (a whole-wardrobe write), or
   * more ids than CHANGED_RECORDS_MAX since the oldest step kept, forgets the older steps.
   */
  private logChange(userId: string, before: number, change: RecordsChange | undefined): void {
    let log = this.changeLogs.get(userId);
    this.changeLogs.delete(userId);
    if (change === undefined || idsIn(change) > CHANGED_RECORDS_MAX) return;
    if (!log || log.from + log.steps.length !== before) log = { from: before, steps: [], ids: 0 };
    log.steps.push(change);
    log.ids += idsIn(change);
    while (log.ids > CHANGED_RECORDS_MAX) {
      log.ids -= idsIn(log.steps.shift()!);
      log.from += 1;
    }
    // Re-inserted last: the least recently written user's log is the first to go.
    this.changeLogs.set(userId, log);
    if (this.changeLogs.size > CHANGE_LOGS_MAX)
      this.changeLogs.delete(this.changeLogs.keys().next().value!);
  }

  private remove(userId: string, entry: Entry): void {
    if (this.entries.get(userId) !== entry) return;
    this.entries.delete(userId);
    this.heldBytes -= entry.bytes;
    if (this.newest === userId) this.newest = undefined;
  }

  private store(userId: string, entry: Entry): void {
    const previous = this.entries.get(userId);
    if (previous) this.remove(userId, previous);
    if (entry.bytes > this.maxBytes) return;
    this.entries.set(userId, entry);
    this.newest = userId;
    this.heldBytes += entry.bytes;
    this.evict();
  }

  /**
   * The entry's form, made on its first request. A form made for an entry that a write has
   * dropped meanwhile is served to the callers that asked for it (they asked before the write
   * was announced) but, like the entry, is not kept.
   */
  private formOf(
    userId: string,
    entry: Entry,
    form: WardrobeForm,
  ): Promise<WardrobeRepresentation> {
    let pending = entry.forms[form];
    if (pending === undefined) {
      const grow = (extra: number) => this.grow(userId, entry, extra);
      pending = entry.build(form).then((text) => {
        const made = makeRepresentation(text, TAG_PREFIX[form], grow);
        entry.made[form] = made;
        grow(made.body.length);
        return made;
      });
      entry.forms[form] = pending;
      // A failed build is tried again by the next request.
      const failed = pending;
      failed.catch(() => {
        if (entry.forms[form] === failed) delete entry.forms[form];
      });
    }
    return pending;
  }

  /** A form or a compressed copy was made: it counts too, while the entry is still kept. */
  private grow(userId: string, entry: Entry, extra: number): void {
    entry.bytes += extra;
    if (this.entries.get(userId) !== entry) return;
    this.heldBytes += extra;
    this.evict();
  }

  /** Drops the least recently used entries until both bounds hold. */
  private evict(): void {
    while (this.entries.size > this.maxEntries || this.heldBytes > this.maxBytes) {
      const oldest = this.entries.entries().next().value;
      if (oldest === undefined) break;
      this.remove(oldest[0], oldest[1]);
    }
  }
}

function makeRepresentation(
  text: string,
  tagPrefix: string,
  grow: (bytes: number) => void,
): WardrobeRepresentation {
  const body = Buffer.from(text);
  const etag = `"${tagPrefix}${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  let gzipped: Promise<Buffer> | undefined;
  let capability: string | null | undefined;
  return {
    body,
    etag,
    capability: () => (capability === undefined ? (capability = capabilityIn(body)) : capability),
    gzipped: () =>
      (gzipped ??= gzipAnswer(body).then((gz) => {
        grow(gz.length);
        return gz;
      })),
  };
}

/** RFC 9110 If-None-Match: a list of (possibly weak) tags, or `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  // What a client almost always sends: the one tag it holds, as it received it.
  if (header === etag) return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}
