import {
  calendarFeedSchema,
  exportLinkSchema,
  importPreviewSchema,
  importStartedSchema,
  importStatusSchema,
  sheetPreviewSchema,
  type ImportState,
  type SheetEncoding,
  type SheetMapping,
  type SheetPreview,
} from '@hanger/domain';
import { answerError, api, failureError } from './transport';

export type { ImportState };

/**
 * The "your data" calls: the export zip, the items CSV, importing an export, the calendar feed
 * and deleting the account. JSON calls go through the transport; the two that move files do not
 * read their answers through it: the CSV is read as bytes (the transport reads text and would
 * drop a byte-order mark) and the import is sent with XMLHttpRequest, the one browser API that
 * reports upload progress. Both still take the transport's bearer token and its one retry with a
 * new token (`api.authorized`), and fail with the same catalogue errors as every other call.
 *
 * Answers are checked with the domain's schemas (wire-answers.ts), like those of wire-parse.ts:
 * snake_case on the wire, camelCase records here, and an answer of the wrong shape is refused
 * rather than half-read.
 */

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export interface ExportTicket {
  /** Where the browser downloads the zip; signed, so it needs no Authorization header. */
  url: string;
  expiresAt: string;
  /** Size of the zip, or null when the server streams it without knowing it in advance. */
  bytes: number | null;
}

export interface ImportPreview {
  id: string;
  items: number;
  outfits: number;
  calendarDays: number;
  photos: number;
  /** Records of this archive an earlier import already brought in; they are skipped. */
  alreadyImported: { items: number; outfits: number };
}

export interface ImportStatus {
  state: ImportState;
  done: number;
  total: number;
  /** The server's reason, when the import failed. */
  error?: string;
  /** What the import added, by kind (items, outfits, calendar_days …), when it is done. */
  result?: Record<string, number>;
}

export interface CalendarFeed {
  url: string | null;
  createdAt: string | null;
}

class AnswerShapeError extends Error {
  constructor(what: string, json: unknown) {
    super(`Unexpected ${what} answer: ${JSON.stringify(json)?.slice(0, 200)}`);
    this.name = 'AnswerShapeError';
  }
}

/** The answer as the schema reads it, or AnswerShapeError naming what was expected. */
function parsed<T>(
  schema: { safeParse(json: unknown): { success: true; data: T } | { success: false } },
  json: unknown,
  what: string,
): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new AnswerShapeError(what, json);
  return result.data;
}

/**
 * A URL from an answer, made absolute against this page (a calendar app cannot follow a path)
 * and held to the schemes a browser or calendar may open: never javascript: or data:.
 */
function wireUrl(value: string, schemes: readonly string[], what: string, json: unknown): string {
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    throw new AnswerShapeError(what, json);
  }
  if (!schemes.includes(url.protocol)) throw new AnswerShapeError(what, json);
  return url.href;
}

const WEB = ['http:', 'https:'] as const;
const FEED = ['http:', 'https:', 'webcal:', 'webcals:'] as const;

export function parseExportTicket(json: unknown): ExportTicket {
  const link = parsed(exportLinkSchema, json, 'export');
  return {
    url: wireUrl(link.url, WEB, 'export', json),
    expiresAt: link.expires_at,
    bytes: link.bytes,
  };
}

export function parseImportPreview(json: unknown): ImportPreview {
  const preview = parsed(importPreviewSchema, json, 'import preview');
  return {
    id: preview.id,
    items: preview.items,
    outfits: preview.outfits,
    calendarDays: preview.calendar_days,
    photos: preview.photos,
    alreadyImported: preview.already_imported,
  };
}

export function parseImportStatus(json: unknown): ImportStatus {
  const { state, done, total, error, result } = parsed(importStatusSchema, json, 'import status');
  const status: ImportStatus = { state, done, total };
  if (error?.trim()) status.error = error.trim();
  if (result) {
    const counts = Object.entries(result).filter((e): e is [string, number] => e[1] !== undefined);
    status.result = Object.fromEntries(counts);
  }
  return status;
}

export function parseCalendarFeed(json: unknown): CalendarFeed {
  const feed = parsed(calendarFeedSchema, json, 'calendar feed');
  if (feed.url === null) return { url: null, createdAt: null };
  return {
    url: wireUrl(feed.url, FEED, 'calendar feed', json),
    createdAt: feed.created_at || null,
  };
}

// ---------------------------------------------------------------------------------------------
// JSON calls
// ---------------------------------------------------------------------------------------------

/** POST export: the server prepares the zip and answers where to download it. */
export async function requestExport(): Promise<ExportTicket> {
  return parseExportTicket(await api.post('/export'));
}

export async function commitImport(id: string): Promise<void> {
  await api.post(`/imports/${encodeURIComponent(id)}/commit`);
}

export async function fetchImportStatus(id: string, signal?: AbortSignal): Promise<ImportStatus> {
  return parseImportStatus(await api.get(`/imports/${encodeURIComponent(id)}`, { signal }));
}

/** DELETE imports/{id}: the previewed archive is dropped and nothing is imported. */
export async function cancelImport(id: string): Promise<void> {
  await api.delete(`/imports/${encodeURIComponent(id)}`);
}

export async function fetchCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return parseCalendarFeed(await api.get('/calendar-feed', { signal }));
}

/** POST calendar-feed: a new secret link; an existing one stops working. */
export async function createCalendarFeed(): Promise<CalendarFeed> {
  return parseCalendarFeed(await api.post('/calendar-feed'));
}

export async function deleteCalendarFeed(): Promise<void> {
  await api.delete('/calendar-feed');
}

/** DELETE users/me, confirmed with the account's e-mail address as typed by its owner. */
export async function deleteAccount(confirmEmail: string): Promise<void> {
  await api.delete('/users/me', { body: { confirm: confirmEmail } });
}

// ---------------------------------------------------------------------------------------------
// File calls: the bearer token and error catalogue of the transport, without its JSON reading
// ---------------------------------------------------------------------------------------------

function parseBody(body: string): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The file name of a Content-Disposition header (RFC 6266), when it names one. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  // Only a bare name: a path in the header is no business of the browser's download folder.
  return name ? (name.split(/[\\/]/).pop() ?? null) : null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** GET export/items.csv as bytes, one row per item (RFC 4180, the user's currency). */
export async function downloadItemsCsv(): Promise<DownloadedFile> {
  const res = await api.authorized('GET /export/items.csv', async (token) => {
    try {
      return await fetch('/api/export/items.csv', {
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
    } catch {
      throw failureError('network');
    }
  });
  if (!res.ok) throw answerError(res.status, parseBody(await res.text()));
  const blob = await res.blob();
  const filename =
    dispositionFilename(res.headers.get('content-disposition')) ??
    `hanger-items-${new Date().toISOString().slice(0, 10)}.csv`;
  return { blob: blob.type ? blob : new Blob([blob], { type: 'text/csv' }), filename };
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadImportOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function sendArchive(
  file: Blob,
  token: string,
  { onProgress, signal }: UploadImportOptions,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', '/api/imports');
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) =>
      onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(failureError('network'));
    };
    xhr.ontimeout = () => {
      done();
      reject(failureError('timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const body = new FormData();
    body.set('archive', file, file instanceof File ? file.name : 'hanger-export.zip');
    xhr.send(body);
  });
}

/**
 * POST imports with the export zip in the multipart field `archive`, reporting upload progress;
 * answers the preview of what it would import. Nothing is imported until commitImport. No time
 * limit: an archive of a few hundred megabytes takes minutes on a slow line.
 */
export async function uploadImport(
  file: Blob,
  options: UploadImportOptions = {},
): Promise<ImportPreview> {
  const answer = await api.authorized('POST /imports', (token) =>
    sendArchive(file, token, options),
  );
  if (answer.status < 200 || answer.status >= 300) throw answerError(answer.status, answer.body);
  return parseImportPreview(answer.body);
}

// ---------------------------------------------------------------------------------------------
// Spreadsheet import (docs/spreadsheet-import.md)
// ---------------------------------------------------------------------------------------------

export interface SheetForm {
  sheet: Blob;
  photos?: Blob | null;
  encoding?: SheetEncoding;
  mapping?: SheetMapping;
  skipRefused?: boolean;
}

async function sendSheet(action: 'preview' | 'import', form: SheetForm): Promise<unknown> {
  const answer = await api.authorized(`POST /imports/sheet (${action})`, async (token) => {
    const body = new FormData();
    body.set('action', action);
    if (form.encoding) body.set('encoding', form.encoding);
    if (form.mapping) body.set('mapping', JSON.stringify(form.mapping));
    if (form.skipRefused) body.set('skip_refused', 'true');
    body.set('sheet', form.sheet, form.sheet instanceof File ? form.sheet.name : 'items.csv');
    if (form.photos)
      body.set(
        'photos',
        form.photos,
        form.photos instanceof File ? form.photos.name : 'photos.zip',
      );
    let res: Response;
    try {
      res = await fetch('/api/imports/sheet', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        body,
      });
    } catch {
      throw failureError('network');
    }
    return { status: res.status, body: parseBody(await res.text()) };
  });
  if (answer.status < 200 || answer.status >= 300) throw answerError(answer.status, answer.body);
  return answer.body;
}

/** What a spreadsheet would import: the mapping used, the first rows, every refused row. */
export async function previewSheet(form: SheetForm): Promise<SheetPreview> {
  return parsed(sheetPreviewSchema, await sendSheet('preview', form), 'sheet preview');
}

/**
 * Starts importing a spreadsheet's rows (all or nothing, or without the refused ones) and answers
 * the import's id at once (202): the server runs it as a job, followed like an export's import
 * (fetchImportStatus), whose result counts the items added, those skipped as imported before
 * and the refused rows left out.
 */
export async function importSheet(form: SheetForm): Promise<{ id: string }> {
  const started = parsed(importStartedSchema, await sendSheet('import', form), 'sheet import');
  return { id: started.id };
}
