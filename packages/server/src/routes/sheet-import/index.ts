import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  importStartedSchema,
  sheetImportFieldsSchema,
  sheetPreviewSchema,
  type ImportStarted,
  type SheetPreview,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { BadRequestError, PayloadTooLargeError, ValidationError } from '../../errors.js';
import { DEFAULT_MAX_PIXELS } from '../../photos/limits.js';
import { FORM_OVERHEAD_BYTES } from '../../plugins/body.js';
import { logSecurityEvent } from '../../security-events.js';
import {
  DEFAULT_DOCUMENT_LIMIT,
  DEFAULT_MAX_ENTRIES,
  DEFAULT_MAX_RATIO,
  openPhotoZip,
  type OpenedPhotoZip,
} from '../../services/import-archive.js';
import { previewSheet, sheetUploadPaths, startSheetImport } from '../../services/sheet-import.js';
import { refusals } from '../answers.js';
import { formReadError, multipartBoundary, watchForCloseDelimiter } from '../form.js';

export interface SheetImportRoutesOptions {
  config: Config;
}

/** A spreadsheet is text: 50,000 rows of a wide sheet fit well inside this. */
export const MAX_SHEET_BYTES = 32 * 1024 * 1024;

/** The form the document shows; the handler reads the parts itself (the zip goes to disk). */
const sheetFormSchema = z
  .object({
    action: z.enum(['preview', 'import']),
    sheet: z.string().meta({ format: 'binary', description: 'The CSV file' }),
    photos: z
      .string()
      .optional()
      .meta({ format: 'binary', description: 'A zip of the photos the sheet names by file name' }),
    encoding: z.string().optional(),
    mapping: z.string().optional().meta({ description: 'JSON: field → column index (0-based)' }),
    skip_refused: z.enum(['true', 'false']).optional(),
  })
  .nullable();

/**
 * POST /api/imports/sheet (docs/spreadsheet-import.md): a CSV (field `sheet`) and optionally a zip
 * of photos (field `photos`); `action=preview` answers what would be imported, `action=import`
 * starts importing it all or nothing (or without the refused rows, `skip_refused=true`) as an
 * 'import' job and answers 202 with its id: GET /api/imports/{id} tells its progress and result.
 */
export default async function sheetImportRoutes(
  app: FastifyInstance,
  { config }: SheetImportRoutesOptions,
): Promise<void> {
  const ctx = app.services;
  const dir = join(config.dataDir, 'imports');
  const limits = {
    maxTotalBytes: config.importMaxBytes + DEFAULT_DOCUMENT_LIMIT,
    maxPhotoBytes: config.maxUploadBytes,
    maxDocumentBytes: DEFAULT_DOCUMENT_LIMIT,
    maxEntries: DEFAULT_MAX_ENTRIES,
    maxRatio: DEFAULT_MAX_RATIO,
    maxPixels: DEFAULT_MAX_PIXELS,
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    '/imports/sheet',
    {
      config: { maxBodyBytes: config.importMaxBytes + MAX_SHEET_BYTES + FORM_OVERHEAD_BYTES },
      schema: {
        summary:
          'Preview items from a spreadsheet (CSV) and a zip of their photos, or start importing them (202: follow GET /api/imports/{id})',
        consumes: ['multipart/form-data'],
        body: sheetFormSchema,
        response: {
          200: sheetPreviewSchema,
          202: importStartedSchema,
          ...refusals(400, 401, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply): Promise<SheetPreview | ImportStarted> => {
      if (!request.isMultipart())
        throw new ValidationError('Send the spreadsheet as multipart/form-data, field "sheet".');
      const boundary = multipartBoundary(request.headers['content-type'] ?? '');
      const complete = watchForCloseDelimiter(request.raw, boundary);
      const fields: Record<string, string> = {};
      // The import's id names its files from the start (services/import.ts sweepImportFiles).
      const id = randomUUID();
      const paths = sheetUploadPaths({ dir }, id);
      let sheet: Buffer | undefined;
      let zipPath: string | undefined;
      let photos: OpenedPhotoZip | null = null;
      // Once the import is started its files are the job's.
      let handedOver = false;
      try {
        try {
          const parts = request.parts({
            limits: { fileSize: config.importMaxBytes, files: 2, fields: 10 },
          });
          for await (const part of parts) {
            if (part.type === 'file') {
              if (part.fieldname === 'sheet' && !sheet) {
                const chunks: Buffer[] = [];
                let size = 0;
                for await (const chunk of part.file) {
                  size += (chunk as Buffer).length;
                  if (size > MAX_SHEET_BYTES)
                    throw new PayloadTooLargeError(
                      `The spreadsheet is larger than ${MAX_SHEET_BYTES / 1024 / 1024} MB; import it in parts.`,
                    );
                  chunks.push(chunk as Buffer);
                }
                sheet = Buffer.concat(chunks);
              } else if (part.fieldname === 'photos' && !zipPath) {
                await mkdir(dir, { recursive: true });
                zipPath = `${paths.photos}.part`;
                await pipeline(part.file, createWriteStream(zipPath, { flags: 'wx', mode: 0o600 }));
                if (part.file.truncated)
                  throw new PayloadTooLargeError(
                    `The photos zip is larger than this server accepts (IMPORT_MAX_BYTES, ${config.importMaxBytes} bytes).`,
                  );
              } else {
                throw new ValidationError(
                  `Unexpected file in field "${part.fieldname}": send "sheet" and, optionally, "photos".`,
                );
              }
            } else {
              if (part.valueTruncated || part.fieldnameTruncated)
                throw new ValidationError(`Field "${part.fieldname.slice(0, 40)}" is too long`);
              fields[part.fieldname] = String(part.value);
            }
          }
        } catch (err) {
          if (err instanceof ValidationError || err instanceof PayloadTooLargeError) throw err;
          throw formReadError(err);
        }
        if (!complete()) throw new BadRequestError('The form could not be read: it is incomplete.');
        if (!sheet || sheet.length === 0)
          throw new ValidationError('Attach the spreadsheet (a CSV file) in the field "sheet".');
        const parsed = sheetImportFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new ValidationError(`${issue.path.join('.') || 'form'}: ${issue.message}`);
        }
        // The zip is checked whole here (its directory: quick), so that a bad one is refused now.
        if (zipPath) photos = await openPhotoZip(zipPath, limits);
        const { action, ...options } = parsed.data;
        if (action === 'preview')
          return await previewSheet(ctx, request.user.id, { sheet, photos, fields: options });
        const photoCount = photos?.names.size ?? 0;
        await photos?.close();
        photos = null;
        await mkdir(dir, { recursive: true });
        await writeFile(paths.sheet, sheet, { flag: 'wx', mode: 0o600 });
        handedOver = true;
        const started = await startSheetImport(
          ctx,
          request.user.id,
          id,
          { sheet: paths.sheet, photos: zipPath ?? null, photoCount },
          options,
          (job) => app.jobs.enqueue('import', job, { singletonKey: job.importId }),
        );
        return reply.code(202).send(started);
      } catch (err) {
        if (err instanceof ValidationError) {
          logSecurityEvent(request.log, 'import_refused', {
            userId: request.user.id,
            ip: request.ip,
            reason: err.message.slice(0, 200),
          });
        }
        throw err;
      } finally {
        await photos?.close();
        if (zipPath && !handedOver) await rm(zipPath, { force: true });
      }
    },
  );
}
