import type { Settings, WardrobeData } from '@hanger/domain';
import type { WireItem } from '@hanger/domain';
import type { FirstViewQuery } from './first-view';

/** Messages between the page and wire-parse.worker.ts. */
export type ParseRequest =
  | { id: number; kind: 'wardrobe'; bytes: ArrayBuffer }
  | { id: number; kind: 'settings'; json: unknown };

export type ParseResponse =
  | { id: number; ok: true; value: WardrobeData | Settings }
  | { id: number; ok: false; message: string };

/** To first-view.worker.ts: GET users' body and the Items view the page opens on. */
export interface FirstViewAsk {
  bytes: ArrayBuffer;
  query: FirstViewQuery;
}

/** From first-view.worker.ts: the head of that view as on the wire, or null when none is given. */
export interface FirstViewReply {
  head: WireItem[] | null;
}
