import { ERROR_TOASTS } from '@hanger/domain';
import { NoUserError, toCatalogueError } from '../api/transport';
import { fetchWardrobe } from '../api/users';
import {
  isNetworkFailure,
  noteNetworkFailure,
  noteReachable,
  settledCount,
  useOutbox,
} from '../outbox/state';
import { loadOutbox } from '../outbox/port';
import { clearFirstView } from './first-view';
import { toast } from './toast-store';
import { useWardrobeStore } from './wardrobe-store';

/**
 * GET users, the one wardrobe action the first screen needs, and the request wrapper every
 * wardrobe action shares (toasts, the outbox when offline). The changes (save, update, delete)
 * are in wardrobe-actions.ts, which loads with the screens that make them (docs/performance.md: the
 * first load carries only what /items needs to paint).
 */

export interface ActionOptions {
  /** No success or error toast (batch work and quiet follow-ups); failures are still logged. */
  quiet?: boolean;
}

function fail(title: string, err: unknown, quiet = false): void {
  if (err instanceof NoUserError) return;
  if (quiet) {
    console.error(`Hanger: ${title}`, err);
    return;
  }
  toast.error(title, toCatalogueError(err).message);
}

/**
 * One server call: its success toast, or its failure under `failure` (both unless quiet). With
 * `queue`, a write that must wait (offline, or others waiting) or that fails for want of a network
 * is queued in the outbox instead, and counts as done.
 */
export async function send(
  call: () => Promise<unknown>,
  success: string | null,
  failure: string,
  options: ActionOptions,
  queue?: () => Promise<void>,
): Promise<boolean> {
  if (queue && (await (await loadOutbox()).mustQueue())) {
    await queue();
    return true;
  }
  try {
    await call();
    noteReachable();
    if (success && !options.quiet) toast.success(success);
    return true;
  } catch (err) {
    if (isNetworkFailure(err)) {
      noteNetworkFailure();
      if (queue) {
        await queue();
        return true;
      }
    }
    fail(failure, err, options.quiet);
    return false;
  }
}

/**
 * GET users: the whole wardrobe replaces the local copy, with the changes still waiting laid
 * over it. Once it has loaded (the session is confirmed), waiting changes are sent.
 */
export async function loadWardrobe(options: ActionOptions = {}): Promise<boolean> {
  // The outbox (a lazy chunk) loads and reads IndexedDB while the wardrobe is fetched.
  const outbox = loadOutbox()
    .then(async (m) => {
      await m.hydrate();
      return m;
    })
    .catch((err: unknown) => {
      console.error('Hanger: the outbox could not be loaded', err);
      return undefined;
    });
  const before = settledCount();
  let box: Awaited<typeof outbox> | undefined;
  const ok = await send(
    async () => {
      const data = await fetchWardrobe();
      box = await outbox;
      // A waiting change reached the server meanwhile: this answer may predate it, and the
      // replay syncs again once the queue is empty.
      if (settledCount() !== before) return;
      useWardrobeStore.getState().setData(box ? box.withPendingChanges(data) : data);
    },
    null,
    ERROR_TOASTS.loadWardrobe,
    options,
  );
  // The Items grid has the whole wardrobe now (or its failure): the head read ahead is done with.
  clearFirstView();
  if (ok && box && useOutbox.getState().entries.length > 0) void box.replay();
  return ok;
}
