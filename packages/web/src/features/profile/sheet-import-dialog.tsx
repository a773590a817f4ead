import {
  SHEET_ENCODINGS,
  SHEET_FIELDS,
  SHEET_FIELD_LABELS,
  categoryFromWire,
  itemStatusLabel,
  type SheetEncoding,
  type SheetField,
  type SheetMapping,
  type SheetPreview,
} from '@hanger/domain';
import { CircleAlert, CircleCheck, FileArchive, FileSpreadsheet } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Select } from '../../components/field';
import { importSheet, previewSheet, type ImportStatus } from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { syncFromServer } from '../../lib/stores/session-actions';
import { toast } from '../../lib/stores/toast-store';
import { countOf } from './data-format';
import { followImport } from './follow-import';
import { ImportProgressDialog } from './progress-dialog';

const ENCODING_LABELS: Record<SheetEncoding, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 (little-endian)',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western)',
};

/** The fields the mapping step offers, in the order a person reads a row. */
const MAPPED_FIELDS: SheetField[] = SHEET_FIELDS.filter((f) => f !== 'id');

interface SheetImportDialogProps {
  open: boolean;
  locale: string;
  onClose: () => void;
  /** A started import's progress (done of total) while it runs on the server; null otherwise. */
  onRunning?: (running: { done: number; total: number } | null) => void;
}

type Busy = 'preview' | 'import' | null;

/** The import once started: running on the server (progress), then done (its result). */
type Job =
  | { phase: 'running'; id: string; fileName: string; items: number; done: number; total: number }
  | { phase: 'done'; fileName: string; result: NonNullable<ImportStatus['result']> };

/** "Imported 312 items", and what was left out: refused rows, rows imported before. */
export function sheetImportSummary(
  result: NonNullable<ImportStatus['result']>,
  locale: string,
): { title: string; notes: string[] } {
  const refused = result.refused_skipped ?? 0;
  const before = result.skipped ?? 0;
  const notes: string[] = [];
  if (refused > 0)
    notes.push(`${countOf(refused, 'refused row was', 'refused rows were', locale)} skipped.`);
  if (before > 0)
    notes.push(
      `${countOf(before, 'row was', 'rows were', locale)} imported before and ${before === 1 ? 'was' : 'were'} skipped.`,
    );
  return { title: `Imported ${countOf(result.items ?? 0, 'item', 'items', locale)}`, notes };
}

/**
 * Profile → Your data → Import a spreadsheet (docs/spreadsheet-import.md): choose a CSV and,
 * optionally, a zip of photos; check the columns the server guessed for each field, see the first
 * rows as items and every refused row with its reason; import them all, or all but the refused.
 */
export function SheetImportDialog({ open, locale, onClose, onRunning }: SheetImportDialogProps) {
  const [sheet, setSheet] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [mapping, setMapping] = useState<SheetMapping | undefined>(undefined);
  const [encoding, setEncoding] = useState<SheetEncoding | undefined>(undefined);
  const [skipRefused, setSkipRefused] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  // The Your data row shows a hidden import's progress, as the export import's row does.
  const runningDone = job?.phase === 'running' ? job.done : null;
  const runningTotal = job?.phase === 'running' ? job.total : 0;
  useEffect(() => {
    onRunning?.(runningDone === null ? null : { done: runningDone, total: runningTotal });
  }, [onRunning, runningDone, runningTotal]);
  // Whether the dialog is on screen: an import that ends hidden (or after the profile was left)
  // reports in a toast instead.
  const shown = useRef(open);
  const mounted = useRef(false);
  useEffect(() => {
    shown.current = open;
  }, [open]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reset = () => {
    setSheet(null);
    setPhotos(null);
    setPreview(null);
    setMapping(undefined);
    setEncoding(undefined);
    setSkipRefused(false);
    setBusy(null);
    setError(null);
    setJob(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const runPreview = async (next: {
    sheet?: File | null;
    photos?: File | null;
    mapping?: SheetMapping;
    encoding?: SheetEncoding;
  }) => {
    const file = next.sheet ?? sheet;
    if (!file) return;
    setBusy('preview');
    setError(null);
    try {
      const answer = await previewSheet({
        sheet: file,
        photos: next.photos === undefined ? photos : next.photos,
        mapping: next.mapping ?? mapping,
        encoding: next.encoding ?? encoding,
      });
      setPreview(answer);
      setMapping(answer.mapping);
    } catch (err) {
      setPreview(null);
      setError(toCatalogueError(err).message);
    } finally {
      setBusy(null);
    }
  };

  /** Follows the import on the server until it ends; it goes on while the dialog is hidden. */
  const follow = (started: Extract<Job, { phase: 'running' }>) => {
    const visible = () => mounted.current && shown.current;
    const failed = (message: string) => {
      setJob(null);
      setError(message);
      if (!visible()) toast.error('Spreadsheet import failed', message);
    };
    followImport(
      started.id,
      {
        onProgress: ({ done, total }) =>
          setJob((j) =>
            j?.phase === 'running' && j.id === started.id ? { ...j, done, total } : j,
          ),
        onDone: ({ result = {} }) => {
          void syncFromServer();
          if (visible()) {
            setJob({ phase: 'done', fileName: started.fileName, result });
            return;
          }
          const { title, notes } = sheetImportSummary(result, locale);
          toast.success(title, notes.join(' ') || undefined);
          reset();
        },
        onFailed: failed,
        onLost: (err) => {
          if (err instanceof NoUserError) reset();
          else failed(toCatalogueError(err).message);
        },
      },
      new AbortController().signal,
    );
  };

  const runImport = async () => {
    if (!sheet || !preview) return;
    setBusy('import');
    setError(null);
    try {
      const { id } = await importSheet({ sheet, photos, mapping, encoding, skipRefused });
      const started = {
        phase: 'running' as const,
        id,
        fileName: sheet.name,
        items: importCount,
        done: 0,
        total: 0,
      };
      setJob(started);
      follow(started);
    } catch (err) {
      setError(toCatalogueError(err).message);
    } finally {
      setBusy(null);
    }
  };

  const changeField = (field: SheetField, value: string) => {
    const next: SheetMapping = { ...mapping };
    if (value === '') delete next[field];
    else {
      const column = Number(value);
      // A column fills one field: the field that had it lets it go.
      for (const f of SHEET_FIELDS) if (next[f] === column) delete next[f];
      next[field] = column;
    }
    setMapping(next);
    void runPreview({ mapping: next });
  };

  const refusedCount = preview?.refused_count ?? 0;
  const importCount = preview ? preview.importable : 0;
  const blocked = refusedCount > 0 && !skipRefused;

  if (job?.phase === 'running')
    return (
      <ImportProgressDialog
        open={open}
        title="Importing your spreadsheet"
        description={`${countOf(job.items, 'item', 'items', locale)} from ${job.fileName}`}
        done={job.done}
        total={job.total}
        locale={locale}
        onHide={onClose}
      />
    );

  if (job?.phase === 'done') {
    const { title, notes } = sheetImportSummary(job.result, locale);
    return (
      <Dialog
        open={open}
        onClose={close}
        title={title}
        description={`From ${job.fileName}`}
        footer={<Button onClick={close}>Done</Button>}
      >
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl bg-surface-2 px-4 py-4 text-sm leading-6"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold text-fg">
              {countOf(job.result.items ?? 0, 'item', 'items', locale)} added to your wardrobe.
            </p>
            {notes.map((note) => (
              <p key={note} className="text-fg-muted">
                {note}
              </p>
            ))}
          </div>
        </div>
      </Dialog>
    );
  }

  const chooser = (
    <div className="flex flex-col gap-4">
      <FileRow
        icon={<FileSpreadsheet aria-hidden="true" className="size-5" />}
        title={sheet ? sheet.name : 'A CSV file'}
        detail={
          sheet
            ? 'Hanger’s own items CSV or any sheet with a header row'
            : 'Save your sheet as CSV (comma or semicolon) with a header row'
        }
        action={sheet ? 'Change' : 'Choose CSV'}
        accept=".csv,.tsv,.txt,text/csv"
        fileLabel="Spreadsheet to import"
        onFile={(file) => {
          setSheet(file);
          setMapping(undefined);
          void runPreview({ sheet: file, mapping: undefined });
        }}
      />
      <FileRow
        icon={<FileArchive aria-hidden="true" className="size-5" />}
        title={photos ? photos.name : 'Photos (optional)'}
        detail={
          photos
            ? `${countOf(preview?.photos ?? 0, 'photo', 'photos', locale)} found, matched by file name`
            : 'A .zip of photos named in a column of the sheet; rows without one get a plain tile'
        }
        action={photos ? 'Change' : 'Choose zip'}
        accept=".zip,application/zip"
        fileLabel="Zip of photos"
        onFile={(file) => {
          setPhotos(file);
          void runPreview({ photos: file });
        }}
        disabled={!sheet}
      />
    </div>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Import a spreadsheet"
      description={
        preview
          ? `${countOf(preview.rows, 'row', 'rows', locale)} · columns matched from the headers: check them below.`
          : 'Add items from a CSV. You check how its columns are read before anything is added.'
      }
      className="sm:max-w-2xl!"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy === 'import'}>
            Cancel
          </Button>
          <Button
            onClick={() => void runImport()}
            loading={busy === 'import'}
            disabled={!preview || busy !== null || blocked || importCount === 0}
          >
            {preview && importCount > 0
              ? `Import ${countOf(importCount, 'item', 'items', locale)}`
              : 'Import'}
          </Button>
        </>
      }
    >
      {chooser}
      {error && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-2xl bg-danger/10 px-4 py-3 text-sm text-danger"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {busy === 'preview' && !preview && (
        <p className="text-sm text-fg-muted" role="status">
          Reading the spreadsheet…
        </p>
      )}
      {preview && (
        <div className="flex flex-col gap-6" aria-busy={busy === 'preview'}>
          <section aria-labelledby="sheet-mapping" className="flex flex-col gap-4">
            <h3 id="sheet-mapping" className="text-sm font-semibold">
              Columns
            </h3>
            <div className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
              {MAPPED_FIELDS.map((field) => (
                <MappingRow key={field} label={SHEET_FIELD_LABELS[field]}>
                  {(id) => (
                    <Select
                      id={id}
                      value={mapping?.[field] === undefined ? '' : String(mapping[field])}
                      onChange={(e) => changeField(field, e.target.value)}
                      disabled={busy !== null}
                    >
                      <option value="">Not imported</option>
                      {preview.header.map((name, i) => (
                        <option key={i} value={i}>
                          {name || `Column ${i + 1}`}
                        </option>
                      ))}
                    </Select>
                  )}
                </MappingRow>
              ))}
              <MappingRow label="Text encoding">
                {(id) => (
                  <Select
                    id={id}
                    value={encoding ?? preview.encoding}
                    onChange={(e) => {
                      const next = e.target.value as SheetEncoding;
                      setEncoding(next);
                      void runPreview({ encoding: next });
                    }}
                    disabled={busy !== null}
                  >
                    {SHEET_ENCODINGS.map((e) => (
                      <option key={e} value={e}>
                        {ENCODING_LABELS[e]}
                      </option>
                    ))}
                  </Select>
                )}
              </MappingRow>
            </div>
            <p className="text-sm text-fg-subtle">
              Read as {ENCODING_LABELS[preview.encoding]}; pick another encoding if accents look
              wrong.
            </p>
          </section>

          <section aria-labelledby="sheet-preview" className="flex flex-col gap-2">
            <h3 id="sheet-preview" className="text-sm font-semibold">
              First rows
            </h3>
            {preview.items.length === 0 ? (
              <p className="rounded-2xl bg-surface-2 px-4 py-4 text-sm text-fg-muted">
                No row can be read as an item yet: map the Category column.
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-line rounded-2xl bg-surface-2 text-sm">
                {preview.items.slice(0, 5).map((item) => (
                  <li
                    key={item.row}
                    className="flex items-baseline justify-between gap-4 px-4 py-3"
                  >
                    <span className="min-w-0 truncate">
                      <span className="font-medium">{item.brand ?? 'Unnamed'}</span>
                      <span className="text-fg-muted">
                        {' · '}
                        {categoryFromWire(item.category)}
                        {item.subcategory ? ` · ${item.subcategory}` : ''}
                        {item.colors?.length ? ` · ${item.colors.join(', ')}` : ''}
                      </span>
                    </span>
                    <span className="shrink-0 text-fg-muted tabular-nums">
                      {item.price !== undefined
                        ? new Intl.NumberFormat(locale, {
                            style: 'currency',
                            currency: item.currency ?? 'EUR',
                          }).format(item.price)
                        : itemStatusLabel(item.status)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {preview.already_imported > 0 && (
              <p className="text-sm text-fg-muted">
                {countOf(preview.already_imported, 'row was', 'rows were', locale)} imported before
                and will be skipped.
              </p>
            )}
          </section>

          {refusedCount > 0 && (
            <section aria-labelledby="sheet-refused" className="flex flex-col gap-2">
              <h3 id="sheet-refused" className="text-sm font-semibold text-danger">
                {countOf(refusedCount, 'row is', 'rows are', locale)} refused
              </h3>
              <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-2xl bg-danger/5 px-4 py-3 text-sm">
                {preview.refused.map((r) => (
                  <li key={r.row}>
                    <span className="font-medium tabular-nums">Row {r.row}:</span> {r.reason}
                  </li>
                ))}
              </ul>
              <label className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-accent"
                  checked={skipRefused}
                  onChange={(e) => setSkipRefused(e.target.checked)}
                />
                Skip the refused rows and import the rest
              </label>
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** A field and its column side by side: the whole mapping fits a phone screen's height. */
function MappingRow({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid grid-cols-[7.5rem_1fr] items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A file to choose: what it is, and a button that opens the browser's file chooser for it. */
function FileRow({
  icon,
  title,
  detail,
  action,
  accept,
  fileLabel,
  onFile,
  disabled,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  action: string;
  /** The file input's `accept` and accessible name. */
  accept: string;
  fileLabel: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-4 rounded-2xl bg-surface-2 px-4 py-3">
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={fileLabel}
        className="hidden"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          // Cleared, so choosing the same file again is a change too.
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <span className="text-fg-muted">{icon}</span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{title}</span>
        <span className="text-sm text-fg-muted">{detail}</span>
      </span>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => input.current?.click()}
        disabled={disabled}
      >
        {action}
      </Button>
    </div>
  );
}
