import { fetchImportStatus, type ImportStatus } from '../../lib/api/data';
import { NoUserError } from '../../lib/api/transport';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 800;
/** Polls that may fail in a row (a blip on the line) before the import is reported lost. */
const POLL_FAILURES_ALLOWED = 5;

export interface ImportWatcher {
  /** Still running: done of total so far. */
  onProgress: (status: ImportStatus) => void;
  onDone: (status: ImportStatus) => void;
  /** The server says the import failed, and why. */
  onFailed: (message: string) => void;
  /** The import cannot be followed any more (signed out, or the server unreachable). */
  onLost: (err: unknown) => void;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Follows a running import, an export's or a spreadsheet's (GET imports/{id}, every
 * IMPORT_POLL_MS), until it is done or failed, or `signal` aborts. Outside React: it outlives the
 * screen that started it, so an import hidden and left still reports.
 */
export function followImport(id: string, watcher: ImportWatcher, signal: AbortSignal): void {
  let failures = 0;
  const tick = async () => {
    if (signal.aborted) return;
    try {
      const status = await fetchImportStatus(id, signal);
      if (signal.aborted) return;
      failures = 0;
      if (status.state === 'done') return watcher.onDone(status);
      if (status.state === 'failed')
        return watcher.onFailed(
          status.error ?? 'The import failed. Nothing was added to your wardrobe.',
        );
      watcher.onProgress(status);
    } catch (err) {
      if (signal.aborted || isAbort(err)) return;
      failures += 1;
      if (err instanceof NoUserError || failures >= POLL_FAILURES_ALLOWED)
        return watcher.onLost(err);
    }
    setTimeout(() => void tick(), IMPORT_POLL_MS);
  };
  void tick();
}
