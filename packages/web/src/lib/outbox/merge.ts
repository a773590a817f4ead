import type { OutboxEntry } from './ops';
import type { OutboxSnapshot, RefusedChange } from './storage';

/**
 * Several windows share one stored queue. A window never writes its snapshot over the stored one:
 * it writes its own view merged into what is stored (read-modify-write in one transaction), by
 * these rules. An entry is identified by its `seq` (unique across windows), a refusal by its id.
 */

/** What a window has seen of the stored queue: the entries and refusals it read or wrote. */
export interface Seen {
  entries: ReadonlySet<number>;
  refused: ReadonlySet<string>;
}

export const nothingSeen = (): Seen => ({ entries: new Set(), refused: new Set() });

export function seenIn(snapshot: OutboxSnapshot): Seen {
  return {
    entries: new Set(snapshot.entries.map((e) => e.seq)),
    refused: new Set(snapshot.refused.map((r) => r.id)),
  };
}

/** Oldest first: by creation time, then by seq. */
export function byCreation(a: OutboxEntry, b: OutboxEntry): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.seq - b.seq;
}

/**
 * This window's list over the stored one: its own items win; an item it has seen stored and no
 * longer holds was taken off here (dropped); one it has seen and the store no longer holds was
 * taken off elsewhere (dropped); one it has never seen was added elsewhere (kept).
 */
function mergeList<T>(
  stored: readonly T[],
  local: readonly T[],
  has: ReadonlySet<number | string>,
  key: (x: T) => number | string,
): T[] {
  const storedKeys = new Set(stored.map(key));
  const localKeys = new Set(local.map(key));
  return [
    ...local.filter((x) => !has.has(key(x)) || storedKeys.has(key(x))),
    ...stored.filter((x) => !has.has(key(x)) && !localKeys.has(key(x))),
  ];
}

/** What a window writes, given what is stored, its own snapshot and what it has seen stored. */
export function mergeSnapshot(
  stored: OutboxSnapshot | undefined,
  local: OutboxSnapshot,
  seen: Seen,
): OutboxSnapshot {
  const entries = mergeList(stored?.entries ?? [], local.entries, seen.entries, (e) => e.seq);
  const refused = mergeList<RefusedChange>(
    stored?.refused ?? [],
    local.refused,
    seen.refused,
    (r) => r.id,
  );
  return {
    owner: local.owner ?? stored?.owner ?? null,
    entries: entries.sort(byCreation),
    refused: refused.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)),
    idMap: { ...stored?.idMap, ...local.idMap },
    nextSeq: Math.max(stored?.nextSeq ?? 1, local.nextSeq),
  };
}

/**
 * The window's list once `written` is stored, keeping what changed here while it was written
 * (from `before` to `now`): added items stay, removed ones go, changed ones are the new version.
 */
export function rebase<T>(
  written: readonly T[],
  before: readonly T[],
  now: readonly T[],
  key: (x: T) => number | string,
): T[] {
  const was = new Map(before.map((x) => [key(x), x]));
  const is = new Map(now.map((x) => [key(x), x]));
  const out = written
    .filter((x) => !(was.has(key(x)) && !is.has(key(x))))
    .map((x) => (was.get(key(x)) !== is.get(key(x)) ? (is.get(key(x)) ?? x) : x));
  const inOut = new Set(out.map(key));
  for (const x of now) if (!was.has(key(x)) && !inOut.has(key(x))) out.push(x);
  return out;
}
