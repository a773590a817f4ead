import { ERROR_TOASTS } from '@hanger/domain';
import { TokenUnavailableError, getAccessToken } from '../access-token';
import { ApiError, NoUserError, toCatalogueError } from '../api/transport';
import type { OutboxOp } from './ops';
import { MissingPhotoError } from './send';
import { isNetworkFailure } from './state';

/**
 * What a failure to send a waiting change means, in the API client's terms: the rules the app
 * hands the outbox engine (engine.ts) for its retries, refusals and messages.
 */

export type Outcome = 'network' | 'retry' | 'refused' | 'stop' | 'sent' | 'gone';

/** Removals whose target may already be gone (deleted on another device): what was asked for. */
const REMOVALS: ReadonlySet<OutboxOp['kind']> = new Set([
  'deleteItem',
  'deleteOutfit',
  'calendarRemove',
]);

/**
 * Changes that only matter while their records exist: a "Not this" whose piece was deleted
 * meanwhile (404) can never be shown again anyway, so it is dropped without a message.
 */
const MOOT_WITHOUT_RECORD: ReadonlySet<OutboxOp['kind']> = new Set([
  'suggestionFeedback',
  'collection',
]);

/** What a failure means for the entry being sent. */
export function classifyFailure(err: unknown, op?: OutboxOp): Outcome {
  if (err instanceof NoUserError) return 'stop';
  if (err instanceof MissingPhotoError) return 'refused';
  if (err instanceof ApiError) {
    if (err.status === null) return isNetworkFailure(err) ? 'network' : 'retry';
    if (err.status === 401) return 'stop';
    if (err.status === 408 || err.status === 429 || err.status >= 500) return 'retry';
    // Removing what is already gone is done, not refused: a delete resent after a lost answer.
    if (err.status === 404 && op && REMOVALS.has(op.kind)) return 'gone';
    if (err.status === 404 && op && MOOT_WITHOUT_RECORD.has(op.kind)) return 'gone';
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
  updateItems: ERROR_TOASTS.updateItem,
  deleteItems: ERROR_TOASTS.deleteItem,
  updateOutfits: ERROR_TOASTS.updateItem,
  deleteOutfits: ERROR_TOASTS.deleteItem,
  calendarAdd: ERROR_TOASTS.updateCalendar,
  calendarStar: ERROR_TOASTS.updateCalendar,
  calendarRemove: ERROR_TOASTS.deleteCalendarItem,
  // docs/spec.md §8 has no toast for it: named after the button.
  suggestionFeedback: 'Failed to save “Not this”',
  collection: 'Failed to update collection',
};

/** The action's error toast title of a refused change (docs/spec.md §8). */
export const refusalTitle = (op: OutboxOp): string => REFUSAL_TITLES[op.kind];

/** What a refusal tells the user of its cause. */
export function refusalReason(err: unknown): string {
  return err instanceof MissingPhotoError
    ? 'The photo is no longer on this device.'
    : toCatalogueError(err).message;
}

/** Null when a usable access token is there, else why the replay cannot go on. */
export async function tokenReady(): Promise<Outcome | null> {
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
