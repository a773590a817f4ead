import { create } from 'zustand';
import { ApiError } from '../api/transport';
import type { OutboxEntry } from './ops';
import type { RefusedChange } from './storage';

/**
 * What the shell and the tiles read of the outbox, and the few facts the store actions need
 * synchronously. Kept apart from the queue's machinery (engine.ts), which is loaded on first use
 * so that it stays out of the initial bundle.
 */

export interface OutboxState {
  entries: OutboxEntry[];
  /** Ids of records with a change waiting (their tiles show a pending mark). */
  pending: ReadonlySet<string>;
  refused: RefusedChange[];
  replaying: boolean;
  /** The browser says it is online. */
  online: boolean;
  /** The last request failed for want of a network, although the browser may say online. */
  networkDown: boolean;
  hydrated: boolean;
  /** Temporary ids of records created offline and sent since, and the ids the server gave them. */
  idMap: Record<string, string>;
  /** How many entries have left the queue so far. */
  settled: number;
}

export const browserOnline = (): boolean =>
  typeof navigator === 'undefined' || navigator.onLine !== false;

export const initialOutboxState = (): OutboxState => ({
  entries: [],
  pending: new Set<string>(),
  refused: [],
  replaying: false,
  online: browserOnline(),
  networkDown: false,
  hydrated: false,
  idMap: {},
  settled: 0,
});

export const useOutbox = create<OutboxState>()(initialOutboxState);

/** The server id of a record created offline and sent since, else the id itself. */
export function resolveId(id: string): string {
  return useOutbox.getState().idMap[id] ?? id;
}

/** How many entries have left the queue so far (a sync started before one may predate it). */
export function settledCount(): number {
  return useOutbox.getState().settled;
}

/** Failures that leave a write waiting in the outbox: no answer from the server. */
export function isNetworkFailure(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === null &&
    (err.code === 'NETWORK_ERROR' || err.code === 'TIMEOUT')
  );
}

/** A request failed for want of a network: the indicator shows Offline. */
export function noteNetworkFailure(): void {
  if (!useOutbox.getState().networkDown) useOutbox.setState({ networkDown: true });
}

/** A request reached the server. */
export function noteReachable(): void {
  if (useOutbox.getState().networkDown) useOutbox.setState({ networkDown: false });
}
