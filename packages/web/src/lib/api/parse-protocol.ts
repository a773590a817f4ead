import type { Settings, WardrobeData } from '@hanger/domain';
import type { WireItem } from '@hanger/domain';
import type { FirstViewQuery } from './first-view';

/** Messages between the page and wire-parse.worker.ts. */
export type ParseRequest =
  | { id: number; kind: 'wardrobe'; bytes: ArrayBuffer }
  | { id: number; kind: 'settings'; json: unknown };

export type ParseResponse =
  | { id: number; ok: true; value: WardrobeData | Settings }
  /** A slice of a wardrobe's records; the answer's `value` follows them (see splitWardrobe). */
  | { id: number; ok: true; part: WardrobePart }
  | { id: number; ok: false; message: string };

/** Some records of one of a wardrobe's maps, as [key, record] pairs. */
export interface WardrobePart {
  map: keyof WardrobeData;
  entries: [string, unknown][];
}

/**
 * Records per message from the parse worker (docs/performance.md). The page reads a message in one
 * task, and reading (deserializing) a 1,000-item wardrobe in one piece took some 40 ms of main
 * thread, 160 under Lighthouse's 4× slowdown: in slices of this size no read is a long task.
 */
export const WARDROBE_PART_SIZE = 200;

const MAPS: readonly (keyof WardrobeData)[] = ['clothes', 'outfits', 'calendar'];

/**
 * A wardrobe as the parse worker sends it: its records in parts of at most `size`, then the
 * wardrobe with empty maps (the answer's `value`). joinWardrobe puts it together again.
 */
export function splitWardrobe(
  data: WardrobeData,
  size = WARDROBE_PART_SIZE,
): { parts: WardrobePart[]; rest: WardrobeData } {
  const parts: WardrobePart[] = [];
  for (const map of MAPS) {
    const entries = Object.entries(data[map]);
    for (let i = 0; i < entries.length; i += size) {
      parts.push({ map, entries: entries.slice(i, i + size) });
    }
  }
  return { parts, rest: { ...data, clothes: {}, outfits: {}, calendar: {} } };
}

/** The wardrobe from splitWardrobe's parts and rest, records in the order they were sent. */
export function joinWardrobe(parts: readonly WardrobePart[], rest: WardrobeData): WardrobeData {
  const entries = new Map<keyof WardrobeData, [string, unknown][]>(MAPS.map((m) => [m, []]));
  for (const part of parts) entries.get(part.map)?.push(...part.entries);
  // fromEntries makes every key an own property, "__proto__" included.
  const maps = Object.fromEntries(
    MAPS.map((map) => [map, Object.fromEntries(entries.get(map) ?? [])]),
  );
  return { ...rest, ...maps } as WardrobeData;
}

/** To first-view.worker.ts: GET users' body and the Items view the page opens on. */
export interface FirstViewAsk {
  bytes: ArrayBuffer;
  query: FirstViewQuery;
}

/** From first-view.worker.ts: the head of that view as on the wire, or null when none is given. */
export interface FirstViewReply {
  head: WireItem[] | null;
}
