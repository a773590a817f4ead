import {
  WARDROBE_COLUMNS_CONTENT_TYPE,
  settingsToWire,
  type Settings,
  type WardrobeData,
} from '@hanger/domain';
import { earlyWardrobe } from '../stores/early-boot';
import { clearFirstView, firstViewRequest } from '../stores/first-view';
import { useWardrobeStore, wardrobeHydrated } from '../stores/wardrobe-store';
import { rememberEtag } from './answer-etags';
import { parseAnswer } from './answers';
import { parseWardrobeBytes } from './parse-off-thread';
import { api } from './transport';

/** The users calls of docs/spec.md §7: the whole wardrobe (GET users) and the settings. */

/**
 * GET users is asked for the wardrobe in columns (docs/wardrobe-wire.md: about a third of the
 * bytes of the default maps at 10,000 items); a server that does not know that form answers the
 * maps, which the parser reads just as well.
 */
const WARDROBE_ACCEPT = { accept: `${WARDROBE_COLUMNS_CONTENT_TYPE}, application/json;q=0.9` };

/**
 * GET users, revalidating the stored copy (README, Install and offline): the copy's ETag goes out
 * as If-None-Match, and a 304 answers the copy itself (nothing downloaded, parsed or rendered
 * again). Otherwise the answer is read off the main thread, and its ETag remembered with it
 * (answer-etags.ts).
 */
export async function fetchWardrobe(signal?: AbortSignal): Promise<WardrobeData> {
  // The first load takes over the request the page's first script made (public/early.js).
  const early = earlyWardrobe();
  // The stored copy and its ETag are known once IndexedDB has been read.
  await wardrobeHydrated();
  const first = await early;
  if (first.kind === 'data') {
    rememberEtag(first.data, first.etag);
    return first.data;
  }
  const stored = useWardrobeStore.getState();
  const etag = stored.data ? stored.etag : null;
  const answer =
    first.kind === 'notModified' && first.etag === etag
      ? ({ notModified: true } as const)
      : await api.getIfChanged('/users', etag, { signal, headers: WARDROBE_ACCEPT });
  if (answer.notModified) {
    // A change made here while the request ran is newer than either.
    const latest = useWardrobeStore.getState().data ?? stored.data;
    if (latest) {
      if (latest === stored.data) rememberEtag(latest, etag);
      return latest;
    }
    return fetchUnconditionally(signal);
  }
  const data = await parseAnswerBytes(answer.bytes, stored.data === null);
  rememberEtag(data, answer.etag);
  return data;
}

/**
 * The ids of the account's items or outfits as the server holds them now, never the copy on this
 * device (which has the waiting changes in it): what a batch call refused for a record deleted
 * meanwhile can still be sent for (lib/outbox/send.ts `onWhatRemains`). Read as every GET users
 * is (fetchUnconditionally: the columns form, checked and mapped by the domain's wire parser), and
 * never drawn as the first screen.
 */
export async function fetchRecordIds(kind: 'clothes' | 'outfits'): Promise<Set<string>> {
  const data = await fetchUnconditionally(undefined, false);
  return new Set(Object.keys(data[kind]));
}

/** The answer read off the main thread; with no copy on screen, the first screen's records first. */
async function parseAnswerBytes(bytes: ArrayBuffer, firstView: boolean): Promise<WardrobeData> {
  try {
    return await parseWardrobeBytes(bytes, firstView ? firstViewRequest() : undefined);
  } catch (err) {
    clearFirstView();
    throw err;
  }
}

/**
 * GET users without a condition: the server's wardrobe as it is now, with its ETag. `firstView`:
 * with no copy on screen yet, the first screen is drawn from the answer's head (parseAnswerBytes).
 */
async function fetchUnconditionally(
  signal?: AbortSignal,
  firstView = useWardrobeStore.getState().data === null,
): Promise<WardrobeData> {
  const answer = await api.getIfChanged('/users', null, { signal, headers: WARDROBE_ACCEPT });
  if (answer.notModified) throw new Error('GET users answered 304 to an unconditional request');
  const data = await parseAnswerBytes(answer.bytes, firstView);
  rememberEtag(data, answer.etag);
  return data;
}

export async function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  return parseAnswer(api.get('/users/settings', { signal }), (p) => p.parseSettingsAnswer);
}

export async function putSettings(settings: Settings): Promise<void> {
  // cutouts_available is the server's to say (docs/cutouts.md), never sent back.
  const { cutouts_available: _readOnly, ...rest } = settingsToWire(settings);
  const wire = { ...rest, tracking_start_date: settings.trackingStartDate ?? '' };
  const body = new FormData();
  body.set('settings', JSON.stringify(wire));
  await api.put('/users/settings', { body });
}
