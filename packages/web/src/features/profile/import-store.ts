import { create } from 'zustand';
import {
  cancelImport,
  commitImport,
  uploadImport,
  type ImportPreview,
  type ImportStatus,
} from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { followImport } from './follow-import';

export type ImportFlow =
  | { phase: 'idle' }
  | { phase: 'uploading'; fileName: string; loaded: number; total: number }
  | { phase: 'previewed'; preview: ImportPreview; busy: 'commit' | 'cancel' | null }
  | { phase: 'running'; preview: ImportPreview; done: number; total: number }
  | { phase: 'failed'; message: string };

type OnDone = (preview: ImportPreview, status: ImportStatus) => void;

interface ImportStore {
  flow: ImportFlow;
  /** A running import's dialog was put away; the import goes on and reports when done. */
  hidden: boolean;
  choose: (file: File, onDone: OnDone) => Promise<void>;
  commit: () => Promise<void>;
  cancel: () => Promise<void>;
  setHidden: (hidden: boolean) => void;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The upload under way, and the running import's poll, outside React: they outlive the screen. */
let upload: AbortController | null = null;
let poll: AbortController | null = null;
let whenDone: OnDone = () => {};

const failedFlow = (err: unknown): ImportFlow =>
  err instanceof NoUserError
    ? { phase: 'idle' }
    : { phase: 'failed', message: toCatalogueError(err).message };

/**
 * Importing an export: upload (with progress), preview, commit, then progress until the server is
 * done. The state lives outside the Profile screen so that an import hidden and left running
 * still reports (a toast, the wardrobe fetched again) while another screen is open.
 */
export const useImportStore = create<ImportStore>()((set, get) => {
  function startPolling(preview: ImportPreview) {
    poll?.abort();
    const controller = new AbortController();
    poll = controller;
    followImport(
      preview.id,
      {
        onProgress: (status) => {
          const { flow } = get();
          if (flow.phase === 'running' && flow.preview.id === preview.id)
            set({ flow: { ...flow, done: status.done, total: status.total } });
        },
        onDone: (status) => {
          set({ flow: { phase: 'idle' }, hidden: false });
          whenDone(preview, status);
        },
        onFailed: (message) => set({ flow: { phase: 'failed', message }, hidden: false }),
        onLost: (err) => set({ flow: failedFlow(err), hidden: false }),
      },
      controller.signal,
    );
  }

  return {
    flow: { phase: 'idle' },
    hidden: false,

    choose: async (file, onDone) => {
      upload?.abort();
      poll?.abort();
      whenDone = onDone;
      const controller = new AbortController();
      upload = controller;
      set({
        flow: { phase: 'uploading', fileName: file.name, loaded: 0, total: file.size },
        hidden: false,
      });
      try {
        const preview = await uploadImport(file, {
          signal: controller.signal,
          onProgress: ({ loaded, total }) => {
            const { flow } = get();
            if (flow.phase === 'uploading' && upload === controller)
              set({ flow: { ...flow, loaded, total } });
          },
        });
        if (!controller.signal.aborted) set({ flow: { phase: 'previewed', preview, busy: null } });
      } catch (err) {
        if (!isAbort(err) && upload === controller) set({ flow: failedFlow(err) });
      } finally {
        if (upload === controller) upload = null;
      }
    },

    commit: async () => {
      const { flow } = get();
      if (flow.phase !== 'previewed' || flow.busy) return;
      const { preview } = flow;
      set({ flow: { ...flow, busy: 'commit' } });
      try {
        await commitImport(preview.id);
      } catch (err) {
        set({ flow: failedFlow(err) });
        return;
      }
      set({ flow: { phase: 'running', preview, done: 0, total: 0 } });
      startPolling(preview);
    },

    /** Stops an upload, or drops a previewed archive on the server; then nothing is imported. */
    cancel: async () => {
      const { flow } = get();
      if (flow.phase === 'uploading') {
        upload?.abort();
        upload = null;
        set({ flow: { phase: 'idle' } });
        return;
      }
      if (flow.phase === 'previewed') {
        if (flow.busy) return;
        set({ flow: { ...flow, busy: 'cancel' } });
        try {
          await cancelImport(flow.preview.id);
        } catch (err) {
          // The server forgets a previewed archive on its own; cancelling must not trap anyone.
          console.warn('Hanger: cancelling the import failed', err);
        }
        set({ flow: { phase: 'idle' } });
        return;
      }
      if (flow.phase === 'failed') set({ flow: { phase: 'idle' } });
    },

    setHidden: (hidden) => set({ hidden }),
  };
});

/** For tests: no upload, no poll, nothing on screen. */
export function resetImportForTests(): void {
  upload?.abort();
  poll?.abort();
  upload = null;
  poll = null;
  useImportStore.setState({ flow: { phase: 'idle' }, hidden: false });
}
