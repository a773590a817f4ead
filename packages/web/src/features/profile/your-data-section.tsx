import { FileSpreadsheet, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import { downloadItemsCsv, type ImportPreview, type ImportStatus } from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { toast } from '../../lib/stores/toast-store';
import { CalendarFeedCard } from './calendar-feed-card';
import { countOf, formatCount, listOf } from './data-format';
import { EXPORT_CONTENTS, ExportButton, ExportStatus } from './export-controls';
import { ImportDialog } from './import-dialog';
import { SheetImportDialog } from './sheet-import-dialog';
import { ProgressBar } from './progress-bar';
import { ProfileSection } from './profile-section';
import { saveBlob } from './save-file';
import { SettingRow } from './setting-row';
import type { useExport } from './use-export';
import { useImportStore } from './import-store';
import { syncFromServer } from '../../lib/stores/session-actions';

/** What a finished import added, from the server's result or else from the preview. */
export function importSummary(
  preview: ImportPreview,
  status: ImportStatus,
  locale: string,
): string {
  const result = status.result ?? {};
  const items = result.items ?? preview.items - preview.alreadyImported.items;
  const outfits = result.outfits ?? preview.outfits - preview.alreadyImported.outfits;
  const days = result.calendar_days ?? preview.calendarDays;
  const parts = [
    countOf(Math.max(0, items), 'item', 'items', locale),
    countOf(Math.max(0, outfits), 'outfit', 'outfits', locale),
    countOf(Math.max(0, days), 'calendar day', 'calendar days', locale),
  ];
  const skipped = result.skipped ?? 0;
  const skippedNote =
    skipped > 0
      ? ` ${formatCount(skipped, locale)} already there ${skipped === 1 ? 'was' : 'were'} skipped.`
      : '';
  return `Added ${listOf(parts, locale)} to your wardrobe.${skippedNote}`;
}

/** An import's progress so far: done of total (0 until the server has counted). */
interface ImportRun {
  done: number;
  total: number;
}

/** A hidden import's progress under its row: it goes on while its dialog is put away. */
function ImportingNote({ run, label, locale }: { run: ImportRun; label: string; locale: string }) {
  return (
    <div className="mt-4 flex flex-col gap-2">
      <ProgressBar label={label} value={run.total > 0 ? run.done / run.total : null} />
      <span className="text-fg-muted tabular-nums">
        Importing…{' '}
        {run.total > 0
          ? `${formatCount(run.done, locale)} of ${formatCount(run.total, locale)}`
          : ''}
      </span>
    </div>
  );
}

/** Profile → "Your data": export, CSV, import and the calendar feed. */
export function YourDataSection({
  locale,
  exporter,
}: {
  locale: string;
  exporter: ReturnType<typeof useExport>;
}) {
  const [csvBusy, setCsvBusy] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetRun, setSheetRun] = useState<ImportRun | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const importer = useImportStore();
  const { flow, hidden: importHidden, setHidden: setImportHidden } = importer;
  const importing = flow.phase !== 'idle' && flow.phase !== 'failed';

  async function downloadCsv() {
    setCsvBusy(true);
    try {
      const { blob, filename } = await downloadItemsCsv();
      saveBlob(blob, filename);
    } catch (err) {
      if (!(err instanceof NoUserError))
        toast.error('Could not download the CSV', toCatalogueError(err).message);
    } finally {
      setCsvBusy(false);
    }
  }

  function chooseFile() {
    const input = fileInput.current;
    if (!input) return;
    input.value = '';
    input.click();
  }

  return (
    <ProfileSection
      id="your-data"
      title="Your data"
      description="Your wardrobe is yours: take it with you, keep a copy, or move it to another server."
    >
      <div className="rounded-3xl border border-line bg-surface">
        <SettingRow
          controlWidth="auto"
          label="Export everything"
          description={
            <>
              {EXPORT_CONTENTS}
              <ExportStatus state={exporter.state} locale={locale} />
            </>
          }
        >
          <ExportButton
            state={exporter.state}
            onStart={() => void exporter.start()}
            className="w-full sm:w-auto"
          />
        </SettingRow>
        <SettingRow
          controlWidth="auto"
          label="Items as a spreadsheet"
          description="One row per item with times worn, cost per wear, last worn, days in closet and pairings, in your currency. Opens in Excel, Numbers or Google Sheets."
        >
          <Button
            variant="secondary"
            loading={csvBusy}
            icon={<FileSpreadsheet aria-hidden="true" className="size-4" />}
            onClick={() => void downloadCsv()}
            className="w-full sm:w-auto"
          >
            Download items as CSV
          </Button>
        </SettingRow>
        <SettingRow
          controlWidth="auto"
          label="Import a spreadsheet"
          description={
            <>
              Add items from a CSV (Hanger’s own items CSV or any sheet with a header row) and, if
              you like, a zip of their photos. You match its columns and see refused rows before
              anything is added.
              {sheetRun && !sheetOpen && (
                <ImportingNote run={sheetRun} label="Spreadsheet import progress" locale={locale} />
              )}
            </>
          }
        >
          <Button
            variant="secondary"
            icon={sheetRun ? undefined : <FileSpreadsheet aria-hidden="true" className="size-4" />}
            onClick={() => setSheetOpen(true)}
            className="w-full sm:w-auto"
          >
            {sheetRun && !sheetOpen ? 'Show progress' : 'Import a spreadsheet…'}
          </Button>
        </SettingRow>
        <SettingRow
          controlWidth="auto"
          label="Import from a Hanger export"
          description={
            <>
              Add the items, outfits and calendar of an export .zip from this or another Hanger
              server. You see what it holds before anything is added.
              {flow.phase === 'running' && importHidden && (
                <ImportingNote run={flow} label="Import progress" locale={locale} />
              )}
            </>
          }
        >
          <input
            ref={fileInput}
            type="file"
            accept=".zip,application/zip"
            aria-label="Export archive to import"
            tabIndex={-1}
            className="hidden"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              void importer.choose(file, (preview, status) => {
                // Said wherever the user is by then: the import may have run while hidden.
                toast.success('Import complete', importSummary(preview, status, locale));
                void syncFromServer();
              });
            }}
          />
          {flow.phase === 'running' && importHidden ? (
            <Button
              variant="secondary"
              onClick={() => setImportHidden(false)}
              className="w-full sm:w-auto"
            >
              Show progress
            </Button>
          ) : (
            <Button
              variant="secondary"
              icon={<Upload aria-hidden="true" className="size-4" />}
              disabled={importing}
              onClick={chooseFile}
              className="w-full sm:w-auto"
            >
              Import…
            </Button>
          )}
        </SettingRow>
      </div>
      <CalendarFeedCard locale={locale} />
      <SheetImportDialog
        open={sheetOpen}
        locale={locale}
        onClose={() => setSheetOpen(false)}
        onRunning={setSheetRun}
      />
      <ImportDialog
        flow={flow}
        hidden={importHidden}
        locale={locale}
        onCommit={() => void importer.commit()}
        onCancel={() => void importer.cancel()}
        onHide={() => setImportHidden(true)}
        onChooseAnother={() => {
          void importer.cancel();
          chooseFile();
        }}
      />
    </ProfileSection>
  );
}
