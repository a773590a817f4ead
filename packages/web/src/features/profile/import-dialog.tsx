import { CircleAlert } from 'lucide-react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import type { ImportPreview } from '../../lib/api/data';
import { countOf, formatBytes, formatShare, listOf } from './data-format';
import { ProgressBar } from './progress-bar';
import type { ImportFlow } from './import-store';
import { ImportProgressDialog, ProgressDialog } from './progress-dialog';

/** "412 items, 96 outfits, 1,204 calendar days": what an archive holds. */
export function previewCounts(preview: ImportPreview, locale: string): string {
  return [
    countOf(preview.items, 'item', 'items', locale),
    countOf(preview.outfits, 'outfit', 'outfits', locale),
    countOf(preview.calendarDays, 'calendar day', 'calendar days', locale),
  ].join(', ');
}

/** "12 items and 3 outfits from this export are already …", or null when none are. */
export function alreadyImportedNote(preview: ImportPreview, locale: string): string | null {
  const { items, outfits } = preview.alreadyImported;
  const parts = [
    items > 0 ? countOf(items, 'item', 'items', locale) : null,
    outfits > 0 ? countOf(outfits, 'outfit', 'outfits', locale) : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  const verb = items + outfits === 1 ? 'is' : 'are';
  return `${listOf(parts, locale)} from this export ${verb} already in your wardrobe from an earlier import and will be skipped.`;
}

interface ImportDialogProps {
  flow: ImportFlow;
  /** Running imports may be hidden; they go on and report when done. */
  hidden: boolean;
  locale: string;
  onCommit: () => void;
  onCancel: () => void;
  onHide: () => void;
  onChooseAnother: () => void;
}

/** Upload, preview and progress of an import, one dialog through all its steps. */
export function ImportDialog({
  flow,
  hidden,
  locale,
  onCommit,
  onCancel,
  onHide,
  onChooseAnother,
}: ImportDialogProps) {
  const open = flow.phase !== 'idle' && !(flow.phase === 'running' && hidden);
  const close = flow.phase === 'running' ? onHide : onCancel;

  if (flow.phase === 'uploading') {
    const share = flow.total > 0 ? flow.loaded / flow.total : null;
    const sizes = `${formatBytes(flow.loaded, locale)} of ${formatBytes(flow.total, locale)}`;
    return (
      <ProgressDialog
        open={open}
        onClose={close}
        title="Uploading your export"
        description={<span className="break-all">{flow.fileName}</span>}
        action="Cancel"
        onAction={onCancel}
        bar={<ProgressBar label="Upload progress" value={share} valueText={sizes} />}
        figures={
          <p className="flex justify-between gap-4 text-sm text-fg-muted tabular-nums">
            <span>{sizes}</span>
            {share !== null && <span>{formatShare(share, locale)}</span>}
          </p>
        }
        note="Nothing is imported yet: you will see what the export holds first."
      />
    );
  }

  if (flow.phase === 'previewed') {
    const { preview, busy } = flow;
    const already = alreadyImportedNote(preview, locale);
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Import this export?"
        description={`${previewCounts(preview, locale)} — import?`}
        footer={
          <>
            <Button variant="secondary" onClick={onCancel} loading={busy === 'cancel'}>
              Cancel
            </Button>
            <Button onClick={onCommit} loading={busy === 'commit'} disabled={busy !== null}>
              Import
            </Button>
          </>
        }
      >
        <ul className="flex flex-col gap-2 rounded-2xl bg-surface-2 px-4 py-4 text-sm leading-6 text-fg-muted">
          <li>
            {preview.photos > 0
              ? `${countOf(preview.photos, 'photo', 'photos', locale)} will be checked and added with them.`
              : 'The export holds no photos.'}
          </li>
          <li>Everything is added to your wardrobe; nothing you have now is changed or removed.</li>
          {already && <li>{already}</li>}
        </ul>
      </Dialog>
    );
  }

  if (flow.phase === 'running') {
    return (
      <ImportProgressDialog
        open={open}
        title="Importing…"
        description={previewCounts(flow.preview, locale)}
        done={flow.done}
        total={flow.total}
        locale={locale}
        onHide={onHide}
      />
    );
  }

  if (flow.phase === 'failed') {
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Import failed"
        footer={
          <>
            <Button variant="secondary" onClick={onCancel}>
              Close
            </Button>
            <Button onClick={onChooseAnother}>Choose another file</Button>
          </>
        }
      >
        <div
          role="alert"
          className="flex items-start gap-3 rounded-2xl bg-danger-soft px-4 py-4 text-sm leading-6"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <div>
            <p className="font-semibold text-fg">{flow.message}</p>
            <p className="mt-1 text-fg-muted">Nothing was added to your wardrobe.</p>
          </div>
        </div>
      </Dialog>
    );
  }

  return <Dialog open={false} onClose={close} title="Import" />;
}
