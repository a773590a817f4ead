import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { formatCount, formatShare } from './data-format';
import { ProgressBar } from './progress-bar';

/** A step under way: its progress bar with the figures under it, a note, and one way out. */
export function ProgressDialog({
  bar,
  figures,
  note,
  action,
  onAction,
  ...dialog
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  bar: ReactNode;
  figures: ReactNode;
  note: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Dialog
      {...dialog}
      footer={
        <Button variant="secondary" onClick={onAction}>
          {action}
        </Button>
      }
    >
      <div className="flex flex-col gap-2">
        {bar}
        {figures}
      </div>
      <p className="text-sm leading-6 text-fg-muted">{note}</p>
    </Dialog>
  );
}

/**
 * An import running on the server, an export's or a spreadsheet's: done of total (photos stored)
 * with its share, "Starting…" until the server has counted; it may be hidden and goes on.
 */
export function ImportProgressDialog({
  open,
  title,
  description,
  done,
  total,
  locale,
  onHide,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  done: number;
  total: number;
  locale: string;
  onHide: () => void;
}) {
  const share = total > 0 ? done / total : null;
  const counted =
    total > 0
      ? `${formatCount(done, locale)} of ${formatCount(total, locale)} · ${formatShare(share ?? 0, locale)}`
      : 'Starting…';
  return (
    <ProgressDialog
      open={open}
      onClose={onHide}
      title={title}
      description={description}
      action="Hide"
      onAction={onHide}
      bar={<ProgressBar label="Import progress" value={share} valueText={counted} />}
      figures={<p className="text-sm text-fg-muted tabular-nums">{counted}</p>}
      note="You can hide this and keep using Hanger; your wardrobe refreshes when the import is done."
    />
  );
}
