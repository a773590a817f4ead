import { failImport, findImport } from '../repositories/imports.js';
import type { ServiceContext } from './context.js';
import { INTERRUPTED, runImport, type ImportConfig, type ImportJob } from './import.js';
import { runSheetImport } from './sheet-import.js';

/**
 * The 'import' job's handler and onFailed (registered by the data routes; docs/jobs.md), for an
 * export's archive and a spreadsheet alike: the import's row says which it is. A job runs an
 * import that is still running only: one done, failed or discarded is not run again, so a job
 * taken over from a process that died after the import's transaction does nothing twice; one
 * taken over before it runs the import from the start (the rows land in one transaction, and only
 * while the import is running: repositories/imports.ts finishImport).
 */
export function importJobHandlers(ctx: ServiceContext, config: ImportConfig) {
  return {
    handler: async (job: { payload: ImportJob }): Promise<void> => {
      const { ownerId, importId } = job.payload;
      const row = await findImport(ctx.db, ownerId, importId);
      if (row?.state !== 'running') return;
      if (row.kind === 'sheet') await runSheetImport(ctx, ownerId, row, config);
      else await runImport(ctx, ownerId, importId, row.archive_path, config);
    },
    onFailed: async (job: { payload: ImportJob }): Promise<void> => {
      await failImport(ctx.db, job.payload.ownerId, job.payload.importId, {
        error: INTERRUPTED,
        updated_at: new Date().toISOString(),
      });
    },
  };
}
