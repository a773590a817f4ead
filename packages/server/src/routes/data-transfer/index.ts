import { join } from 'node:path';
import {
  exportLinkSchema,
  importStartedSchema,
  importPreviewSchema,
  importStatusSchema,
  type ExportLink,
} from '@hanger/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { DEFAULT_MAX_PIXELS } from '../../photos/limits.js';
import { logSecurityEvent } from '../../security-events.js';
import {
  createExportLink,
  exportSize,
  openExportArchive,
  resolveExportLink,
} from '../../services/export.js';
import {
  DEFAULT_DOCUMENT_LIMIT,
  DEFAULT_MAX_ENTRIES,
  DEFAULT_MAX_RATIO,
} from '../../services/import-archive.js';
import {
  commitImport,
  createImport,
  discardImport,
  importStatus,
  sweepImportFiles,
  type ImportConfig,
} from '../../services/import.js';
import { importJobHandlers } from '../../services/import-jobs.js';
import { FORM_OVERHEAD_BYTES } from '../../plugins/body.js';
import { noContent, refusals } from '../answers.js';
import { formReadError, multipartBoundary, watchForCloseDelimiter } from '../form.js';
import { idParamsSchema } from '../params.js';

export interface DataRoutesOptions {
  config: Config;
}

const NOT_FOUND = 'The requested item was not found.';

/**
 * POST /api/imports, for the document only: the zip is streamed to disk by the handler (up to
 * IMPORT_MAX_BYTES, never held in memory), so the framework never sees a body to validate (it
 * reads null, which this admits); the handler answers a missing or misnamed field with 422.
 */
const importUploadSchema = z
  .object({ archive: z.string().meta({ format: 'binary', description: 'The export zip' }) })
  .nullable();

/**
 * The account's data, in and out (docs/export-format.md): POST /api/export (a short-lived download
 * link), GET /api/export/<token>/<file> (the zip, no Authorization header: the browser's download
 * manager fetches it), and the import of such a zip (/api/imports…).
 */
export default async function dataRoutes(
  app: FastifyInstance,
  { config }: DataRoutesOptions,
): Promise<void> {
  const ctx = app.services;
  const importConfig: ImportConfig = {
    dir: join(config.dataDir, 'imports'),
    maxBytes: config.importMaxBytes,
    keepOwnPhotos: config.importKeepOwnPhotos,
    limits: {
      maxTotalBytes: config.importMaxBytes + DEFAULT_DOCUMENT_LIMIT,
      maxPhotoBytes: config.maxUploadBytes,
      maxDocumentBytes: DEFAULT_DOCUMENT_LIMIT,
      maxEntries: DEFAULT_MAX_ENTRIES,
      maxRatio: DEFAULT_MAX_RATIO,
      maxPixels: DEFAULT_MAX_PIXELS,
    },
  };
  // Local disk answers sizes for free; S3 would need a request per photo, so its zips are sent
  // without a length.
  const exactSize = !config.s3;

  // Imports, of an export or a spreadsheet (routes/sheet-import), run as 'import' jobs, in
  // whichever process takes them (docs/jobs.md).
  const importJobs = importJobHandlers(ctx, importConfig);
  app.jobs.work('import', importJobs.handler, { onFailed: importJobs.onFailed });

  const swept = await sweepImportFiles(ctx, importConfig.dir).catch(() => 0);
  if (swept > 0) app.log.info({ swept }, 'removed abandoned import uploads');

  // The download: the token in the path is the capability, so no bearer token is needed.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/export/:token/:file',
    {
      schema: {
        summary: 'Download an export (the link POST /api/export made; no token needed)',
        security: [],
        params: z.object({ token: z.string(), file: z.string() }),
        response: {
          200: {
            description: 'The export zip',
            content: { 'application/zip': { schema: z.any().meta({ format: 'binary' }) } },
          },
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const link = await resolveExportLink(ctx, request.params.token, request.params.file);
      if (!link || !(await sameUserIfSignedIn(app, request, reply, link.userId))) {
        logSecurityEvent(request.log, 'not_found', { ip: request.ip, reason: 'export link' });
        throw new NotFoundError(NOT_FOUND);
      }
      const archive = await openExportArchive(ctx, link.userId, link.createdAt, { exactSize });
      logSecurityEvent(request.log, 'export_downloaded', {
        userId: link.userId,
        ip: request.ip,
        photos: archive.photos,
        ...(archive.bytes === null ? {} : { bytes: archive.bytes }),
      });
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${request.params.file}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff');
      if (archive.bytes !== null) reply.header('content-length', archive.bytes);
      return reply.send(archive.stream);
    },
  );

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    // As in routes/index.ts: appended per route, after the rate limiter's hook.
    scope.addHook('onRoute', (route) => {
      const existing = route.onRequest;
      const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
      route.onRequest = [...hooks, app.authenticate];
    });

    api.post(
      '/export',
      {
        schema: {
          summary: 'A short-lived download link of the whole account',
          response: { 200: exportLinkSchema, ...refusals(401) },
        },
      },
      async (request): Promise<ExportLink> => {
        const link = await createExportLink(ctx, request.user.id, request.user.sessionId);
        const bytes = await exportSize(ctx, request.user.id, link.createdAt, { exactSize });
        return {
          url: `/api/export/${link.token}/${link.fileName}`,
          expires_at: link.expiresAt.toISOString(),
          bytes,
        };
      },
    );

    api.post(
      '/imports',
      {
        config: { maxBodyBytes: config.importMaxBytes + FORM_OVERHEAD_BYTES },
        schema: {
          summary: 'Upload an export zip (field archive): answers a preview, nothing imported yet',
          consumes: ['multipart/form-data'],
          body: importUploadSchema,
          response: { 200: importPreviewSchema, ...refusals(400, 401, 413, 415, 422) },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new ValidationError('Send the export zip as multipart/form-data, field "archive".');
        // 415 without a usable boundary; a body cut off or malformed is the client's: 400.
        const boundary = multipartBoundary(request.headers['content-type'] ?? '');
        const complete = watchForCloseDelimiter(request.raw, boundary);
        const part = await request
          .file({ limits: { fileSize: config.importMaxBytes, files: 1, fields: 10 } })
          .catch((err: unknown) => {
            throw formReadError(err);
          });
        if (!part || part.fieldname !== 'archive')
          throw new ValidationError('Attach the export zip in the field "archive".');
        try {
          return await createImport(ctx, request.user.id, part.file, importConfig).catch(
            (err: unknown) => {
              throw complete() ? err : formReadError(err);
            },
          );
        } catch (err) {
          if (err instanceof ValidationError) {
            logSecurityEvent(request.log, 'import_refused', {
              userId: request.user.id,
              ip: request.ip,
              reason: err.message.slice(0, 200),
            });
          }
          throw err;
        }
      },
    );

    api.get(
      '/imports/:id',
      {
        schema: {
          summary: "An import's state and progress",
          params: idParamsSchema,
          response: { 200: importStatusSchema, ...refusals(401, 404) },
        },
      },
      async (request) => importStatus(ctx, request.user.id, request.params.id),
    );

    api.post(
      '/imports/:id/commit',
      {
        schema: {
          summary: 'Import what the preview showed; runs in the background',
          params: idParamsSchema,
          response: { 202: importStartedSchema, ...refusals(401, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const started = await commitImport(ctx, request.user.id, request.params.id, (job) =>
          app.jobs.enqueue('import', job, { singletonKey: job.importId }),
        );
        return reply.code(202).send(started);
      },
    );

    api.delete(
      '/imports/:id',
      {
        schema: {
          summary: 'Discard an import that has not run',
          params: idParamsSchema,
          response: { 204: noContent, ...refusals(401, 404, 409) },
        },
      },
      async (request, reply) => {
        await discardImport(ctx, request.user.id, request.params.id);
        return reply.code(204).send();
      },
    );
  });
}

/**
 * A download needs no Authorization header; one that does send a bearer token must be the link's
 * owner (a link handed to another signed-in account answers as if it did not exist).
 */
async function sameUserIfSignedIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<boolean> {
  if (!request.headers.authorization) return true;
  try {
    await app.authenticate(request, reply);
  } catch {
    reply.removeHeader('www-authenticate');
    return false;
  }
  return request.user?.id === userId;
}
