import { createOutbox, type Outbox, type OutboxDeps } from '../lib/outbox/engine';
import { classifyFailure, refusalReason, refusalTitle, tokenReady } from '../lib/outbox/failures';
import { sendOp } from '../lib/outbox/send';
import { useOutbox } from '../lib/outbox/state';
import { memoryOutboxStorage } from '../lib/outbox/storage';
import { hasIndexedDb } from '../lib/persistence/database';
import { idbOutboxStorage } from '../lib/persistence/outbox-storage';
import {
  keepRefusedCalendarChange,
  reapplyFailedCalendarChanges,
} from '../lib/stores/calendar-actions';
import { nameOf } from '../lib/stores/labels';
import { currentUserId } from '../lib/stores/session-store';
import { toast } from '../lib/stores/toast-store';
import { loadWardrobe } from '../lib/stores/wardrobe-load';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';

/**
 * The app's outbox: the engine (lib/outbox/engine.ts) wired with the stores, the API and the
 * device's storage. Loaded on first use (src/boot.ts provides it to the stores), so that it
 * stays out of the first load.
 */
export function createAppOutbox(overrides: Partial<OutboxDeps> = {}): Outbox {
  return createOutbox({
    storage: hasIndexedDb() ? idbOutboxStorage() : memoryOutboxStorage(),
    view: useOutbox,
    send: sendOp,
    classify: classifyFailure,
    tokenReady,
    applyLocally: (change) => useWardrobeStore.getState().update(change),
    whenLocalCopyRead: (fn) => {
      if (useWardrobeStore.persist.hasHydrated()) fn();
      else useWardrobeStore.persist.onFinishHydration(fn);
    },
    onRefused: keepRefusedCalendarChange,
    announce: (title, message) => toast.error(title, message, { duration: 0 }),
    reasonOf: refusalReason,
    refusalTitle,
    resync: () => loadWardrobe({ quiet: true }),
    afterResync: reapplyFailedCalendarChanges,
    currentUser: currentUserId,
    nameOf,
    ...overrides,
  });
}
