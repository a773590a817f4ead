import { useCallback, useEffect, useRef, useState } from 'react';
import { requestExport } from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { startDownload } from './save-file';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'started'; bytes: number | null }
  | { phase: 'failed'; message: string };

/**
 * "Download my data": the server prepares the zip and answers a signed URL, which the browser
 * downloads natively (its own progress and folder, no copy of the zip in this page's memory).
 */
export function useExport() {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const start = useCallback(async () => {
    setState({ phase: 'preparing' });
    try {
      const ticket = await requestExport();
      startDownload(ticket.url);
      if (alive.current) setState({ phase: 'started', bytes: ticket.bytes });
    } catch (err) {
      if (err instanceof NoUserError) return;
      if (alive.current) setState({ phase: 'failed', message: toCatalogueError(err).message });
    }
  }, []);

  return { state, start };
}
