import { CircleCheck, Download } from 'lucide-react';
import { Button } from '../../components/button';
import { formatBytes } from './data-format';
import type { ExportState } from './use-export';

/** What the export holds, said wherever it is offered. */
export const EXPORT_CONTENTS =
  'A .zip file with your settings, items, outfits and calendar as JSON, and every photo at display size. It can be imported into this or any other Hanger server.';

/** "Your download has started (12.4 MB)", or where the export got to. */
export function ExportStatus({ state, locale }: { state: ExportState; locale: string }) {
  return (
    <p role="status" className="mt-2 text-sm empty:hidden">
      {state.phase === 'started' && (
        <span className="inline-flex items-center gap-2 font-medium text-success">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          Your download has started
          {state.bytes !== null ? ` (${formatBytes(state.bytes, locale)})` : ''}
        </span>
      )}
      {state.phase === 'failed' && (
        <span className="text-danger">Could not prepare your export. {state.message}</span>
      )}
    </p>
  );
}

/** The export's button: "Download my data", then "Preparing your export…" while the server works. */
export function ExportButton({
  state,
  onStart,
  className = '',
}: {
  state: ExportState;
  onStart: () => void;
  className?: string;
}) {
  const preparing = state.phase === 'preparing';
  return (
    <Button
      variant="secondary"
      loading={preparing}
      icon={<Download aria-hidden="true" className="size-4" />}
      onClick={onStart}
      className={className}
    >
      {preparing ? 'Preparing your export…' : 'Download my data'}
    </Button>
  );
}
