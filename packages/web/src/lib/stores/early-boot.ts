import { requestTimeoutMs, type WardrobeData } from '@hanger/domain';
import { parseWardrobeBytes } from '../api/parse-off-thread';
import { isMobileDevice } from '../device';
import { WARDROBE_ETAG_KEY } from '../persistence/schema';
import { clearFirstView, firstViewRequest } from './first-view';

/**
 * What the page's first script (public/early.js) started before the app's code arrived
 * (docs/first-screen.md): GET /api/start and then GET /api/users. Each is taken over once, by the
 * code that would otherwise have made the request; later calls find nothing and ask afresh.
 */

/** public/early.js's answer to GET /api/start: status (null: no answer) and JSON body. */
export interface EarlyStart {
  status: number | null;
  body: unknown;
}

/** public/early.js's GET users: what it sent and what came back. */
export interface EarlyUsers {
  sent: Record<string, string>;
  status: number;
  etag: string | null;
  /** The body of a 200, else null. */
  bytes: ArrayBuffer | null;
}

export interface Early {
  start: Promise<EarlyStart>;
  /** Null when nobody is signed in or the request failed. */
  users: Promise<EarlyUsers | null>;
}

declare global {
  interface Window {
    __hangerEarly?: Early;
  }
}

/**
 * The IndexedDB key (lib/persistence/schema.ts, the wardrobe's database) of the stored copy's
 * ETag, written with the copy (wardrobe-store.ts) and read by public/early.js.
 */
export const EARLY_ETAG_KEY = WARDROBE_ETAG_KEY;

const early = (): Early | undefined =>
  typeof window === 'undefined' ? undefined : window.__hangerEarly;

let startTaken = false;

export function takeEarlyStart(): Promise<EarlyStart> | undefined {
  if (startTaken) return undefined;
  startTaken = true;
  return early()?.start;
}

/** What the early GET users gave, in the terms of the app's own request. */
export type EarlyWardrobe =
  | { kind: 'data'; data: WardrobeData; etag: string | null }
  /** 304 to If-None-Match `etag`: good only for a stored copy of that ETag. */
  | { kind: 'notModified'; etag: string }
  | { kind: 'none' };

const NONE: EarlyWardrobe = { kind: 'none' };

/** The early request has no time-out of its own: past the app's, the app asks itself. */
function withinTimeout(pending: Promise<EarlyUsers | null>): Promise<EarlyUsers | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), requestTimeoutMs(isMobileDevice()));
    pending.then(
      (users) => {
        clearTimeout(timer);
        resolve(users);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

async function readEarlyUsers(pending: Promise<EarlyUsers | null>): Promise<EarlyWardrobe> {
  const users = await withinTimeout(pending);
  if (!users) return NONE;
  const sentEtag = users.sent['if-none-match'];
  if (users.status === 304 && sentEtag) return { kind: 'notModified', etag: sentEtag };
  if (users.status !== 200 || !users.bytes) return NONE;
  // Read off the main thread as soon as it is in, before the app asks for it; on the Items tab,
  // the first screen's records come first (first-view.ts).
  try {
    const data = await parseWardrobeBytes(users.bytes, firstViewRequest());
    return { kind: 'data', data, etag: users.etag };
  } catch {
    clearFirstView();
    return NONE;
  }
}

let wardrobe: Promise<EarlyWardrobe> | undefined;
let wardrobeTaken = false;

/** Starts reading the early GET users as soon as the app's code runs (boot.ts). */
export function beginEarlyWardrobe(): void {
  const pending = early()?.users;
  if (!pending || wardrobe || wardrobeTaken) return;
  wardrobe = readEarlyUsers(pending);
}

/**
 * The early GET users' result for the first wardrobe load, or `none` when there was none or it
 * failed in any way: the app then makes its own request (which also handles a refused token,
 * errors and time-outs).
 */
export function earlyWardrobe(): Promise<EarlyWardrobe> {
  if (wardrobeTaken) return Promise.resolve(NONE);
  beginEarlyWardrobe();
  wardrobeTaken = true;
  return wardrobe ?? Promise.resolve(NONE);
}

/** For tests: take over again. */
export function resetEarlyBootForTests(): void {
  startTaken = false;
  wardrobe = undefined;
  wardrobeTaken = false;
}
