import type { Settings, WardrobeData } from '@hanger/domain';

/** Messages between the page and wire-parse.worker.ts. */
export type ParseRequest =
  | { id: number; kind: 'wardrobe'; bytes: ArrayBuffer }
  | { id: number; kind: 'settings'; json: unknown };

export type ParseResponse =
  | { id: number; ok: true; value: WardrobeData | Settings }
  | { id: number; ok: false; message: string };
