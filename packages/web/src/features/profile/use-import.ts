import { useCallback, useEffect, useRef, useState } from 'react';
import {
  cancelImport,
  commitImport,
  fetchImportStatus,
  uploadImport,
  type ImportPreview,
  type ImportStatus,
} from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { syncFromServer } from '../../lib/stores/session-actions';
import { toast } from '../../lib/stores/toast-store';

export type ImportFlow =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number }
  | { phase: 'previewed'; preview: ImportPreview; busy: 'commit' | 'cancel' | null }
  | { phase: 'running'; preview: ImportPreview; done: number; total: number }
  | { phase: 'failed'; message: string };

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 800;
/** Polls that may fail in a row (a blip on the line) before the import is reported lost. */
const POLL_FAILURES_ALLOWED = 5;

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/**
 * Importing an export: upload (with progress), preview, commit, then progress until the server
 * is done. On success the wardrobe and settings are fetched again, as after a sign-in.
 */
export function useImport(onDone: (preview: ImportPreview, status: ImportStatus) => void) {
  const [flow, setFlow] = useState<ImportFlow>({ phase: 'idle' });
  const upload = useRef<AbortController | null>(null);
  // The poll reads the latest callback and flow without restarting on every render.
  const latest = useRef({ onDone, flow });
  useEffect(() => {
    latest.current = { onDone, flow };
  });

  useEffect(() => () => upload.current?.abort(), []);

  const fail = useCallback((err: unknown) => {
    if (err instanceof NoUserError) return setFlow({ phase: 'idle' });
    setFlow({ phase: 'failed', message: toCatalogueError(err).message });
  }, []);

  const choose = useCallback(
    async (file: File) => {
      upload.current?.abort();
      const controller = new AbortController();
      upload.current = controller;
      setFlow({ phase: 'uploading', fileName: file.name, loaded: 0, total: file.size });
      try {
        const preview = await uploadImport(file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) =>
            setFlow((f) => (f.phase === 'uploading' ? { ...f, loaded, total } : f)),
        });
        if (!controller.signal.aborted) setFlow({ phase: 'previewed', preview, busy: null });
      } catch (err) {
        if (isAbort(err)) return;
        fail(err);
      } finally {
        if (upload.current === controller) upload.current = null;
      }
    },
    [fail],
  );

  const commit = useCallback(async () => {
    if (flow.phase !== 'previewed' || flow.busy) return;
    const { preview } = flow;
    setFlow({ ...flow, busy: 'commit' });
    try {
      await commitImport(preview.id);
      setFlow({ phase: 'running', preview, done: 0, total: 0 });
    } catch (err) {
      fail(err);
    }
  }, [flow, fail]);

  /** Stops an upload, or drops a previewed archive on the server; then nothing is imported. */
  const cancel = useCallback(async () => {
    if (flow.phase === 'uploading') {
      upload.current?.abort();
      return setFlow({ phase: 'idle' });
    }
    if (flow.phase === 'previewed') {
      if (flow.busy) return;
      setFlow({ ...flow, busy: 'cancel' });
      try {
        await cancelImport(flow.preview.id);
      } catch (err) {
        // The server forgets a previewed archive on its own; cancelling must not trap the user.
        console.warn('Hanger: cancelling the import failed', err);
      }
      return setFlow({ phase: 'idle' });
    }
    if (flow.phase === 'failed') setFlow({ phase: 'idle' });
  }, [flow]);

  const runningId = flow.phase === 'running' ? flow.preview.id : null;
  useEffect(() => {
    if (!runningId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const poll = async () => {
      try {
        const status = await fetchImportStatus(runningId, controller.signal);
        failures = 0;
        if (controller.signal.aborted) return;
        if (status.state === 'done') {
          const { flow: current, onDone: done } = latest.current;
          setFlow({ phase: 'idle' });
          if (current.phase === 'running') done(current.preview, status);
          return;
        }
        if (status.state === 'failed') {
          setFlow({
            phase: 'failed',
            message: status.error ?? 'The import failed. Nothing was added to your wardrobe.',
          });
          return;
        }
        setFlow((f) =>
          f.phase === 'running' ? { ...f, done: status.done, total: status.total } : f,
        );
      } catch (err) {
        if (controller.signal.aborted || isAbort(err)) return;
        if (err instanceof NoUserError) return setFlow({ phase: 'idle' });
        failures += 1;
        if (failures >= POLL_FAILURES_ALLOWED) return fail(err);
      }
      timer = setTimeout(() => void poll(), IMPORT_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [runningId, fail]);

  return { flow, choose, commit, cancel };
}

/** After a finished import: a toast that says what arrived, and the wardrobe fetched again. */
export function reportImported(summary: string): void {
  toast.success('Import complete', summary);
  void syncFromServer();
}
