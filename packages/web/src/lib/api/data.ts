import {
  ERROR_CATALOGUE,
  errorForFailure,
  errorFromStatus,
  serverDetailOf,
  type ErrorCode,
} from '@hanger/domain';
import {
  TokenUnavailableError,
  clearAccessToken,
  getAccessToken,
  refreshAccessToken,
} from '../access-token';
import { currentUserId } from '../stores/session-store';
import { ApiError, NoUserError, api } from './transport';

/**
 * The "your data" calls: the export zip, the items CSV, importing an export, the calendar feed
 * and deleting the account. JSON calls go through the transport; the two that move files do not:
 * the CSV is read as bytes (the transport reads text and would drop a byte-order mark) and the
 * import is sent with XMLHttpRequest, the one browser API that reports upload progress. Both
 * carry the same bearer token, retry once with a new one on 401, and fail with the same
 * catalogue errors as every other call.
 *
 * Answers are checked before use, like those of wire-parse.ts: snake_case on the wire, camelCase
 * records here, and an answer of the wrong shape is refused rather than half-read.
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

export type ImportState = 'previewed' | 'running' | 'done' | 'failed';

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

function record(json: unknown, what: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new AnswerShapeError(what, json);
  return json as Record<string, unknown>;
}

function count(value: unknown, what: string, json: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new AnswerShapeError(what, json);
  return value;
}

function text(value: unknown, what: string, json: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new AnswerShapeError(what, json);
  return value;
}

/**
 * A URL from an answer, made absolute against this page (a calendar app cannot follow a path)
 * and held to the schemes a browser or calendar may open: never javascript: or data:.
 */
function wireUrl(value: unknown, schemes: readonly string[], what: string, json: unknown): string {
  if (typeof value !== 'string' || value === '') throw new AnswerShapeError(what, json);
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
  const r = record(json, 'export');
  const bytes = r.bytes === null || r.bytes === undefined ? null : count(r.bytes, 'export', json);
  return {
    url: wireUrl(r.url, WEB, 'export', json),
    expiresAt: text(r.expires_at, 'export', json),
    bytes,
  };
}

export function parseImportPreview(json: unknown): ImportPreview {
  const r = record(json, 'import preview');
  const already = r.already_imported === undefined ? {} : record(r.already_imported, 'import');
  const n = (v: unknown) => count(v, 'import preview', json);
  return {
    id: text(r.id, 'import preview', json),
    items: n(r.items),
    outfits: n(r.outfits),
    calendarDays: n(r.calendar_days),
    photos: n(r.photos ?? 0),
    alreadyImported: { items: n(already.items ?? 0), outfits: n(already.outfits ?? 0) },
  };
}

const IMPORT_STATES: readonly ImportState[] = ['previewed', 'running', 'done', 'failed'];

export function parseImportStatus(json: unknown): ImportStatus {
  const r = record(json, 'import status');
  if (!IMPORT_STATES.includes(r.state as ImportState))
    throw new AnswerShapeError('import status', json);
  const status: ImportStatus = {
    state: r.state as ImportState,
    done: count(r.done ?? 0, 'import status', json),
    total: count(r.total ?? 0, 'import status', json),
  };
  if (typeof r.error === 'string' && r.error.trim()) status.error = r.error.trim();
  if (typeof r.result === 'object' && r.result !== null && !Array.isArray(r.result)) {
    const result: Record<string, number> = {};
    for (const [key, value] of Object.entries(r.result))
      if (typeof value === 'number' && Number.isFinite(value)) result[key] = value;
    status.result = result;
  }
  return status;
}

export function parseCalendarFeed(json: unknown): CalendarFeed {
  const r = record(json, 'calendar feed');
  if (r.url === null || r.url === undefined) return { url: null, createdAt: null };
  return {
    url: wireUrl(r.url, FEED, 'calendar feed', json),
    createdAt: typeof r.created_at === 'string' && r.created_at ? r.created_at : null,
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

function catalogueError(code: ErrorCode, message: string, status: number | null): ApiError {
  return new ApiError(code, message, status);
}

async function bearerToken(fresh: boolean): Promise<string> {
  if (currentUserId() === null) throw new NoUserError();
  try {
    if (!fresh) return await getAccessToken();
    clearAccessToken();
    return await refreshAccessToken();
  } catch (err) {
    if (!(err instanceof TokenUnavailableError)) throw err;
    if (err.status === null) {
      const { code, message } = errorForFailure('network');
      throw catalogueError(code, message, null);
    }
    if (err.status === 401 || err.status === 403)
      throw catalogueError('UNAUTHORIZED', ERROR_CATALOGUE.UNAUTHORIZED, 401);
    const { code, message } = errorFromStatus(err.status);
    throw catalogueError(code, message, err.status);
  }
}

function parseBody(body: string): unknown {
  if (!body) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function statusError(status: number, body: unknown): ApiError {
  const { code, message } = errorFromStatus(status, serverDetailOf(body));
  return catalogueError(code, message, status);
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
  const send = async (fresh: boolean) => {
    const token = await bearerToken(fresh);
    try {
      return await fetch('/api/export/items.csv', {
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
    } catch {
      const { code, message } = errorForFailure('network');
      throw catalogueError(code, message, null);
    }
  };
  let res = await send(false);
  if (res.status === 401) res = await send(true);
  if (!res.ok) throw statusError(res.status, parseBody(await res.text()));
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
      const { code, message } = errorForFailure('network');
      reject(catalogueError(code, message, null));
    };
    xhr.ontimeout = () => {
      done();
      const { code, message } = errorForFailure('timeout');
      reject(catalogueError(code, message, null));
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
  let answer = await sendArchive(file, await bearerToken(false), options);
  if (answer.status === 401) answer = await sendArchive(file, await bearerToken(true), options);
  if (answer.status < 200 || answer.status >= 300) throw statusError(answer.status, answer.body);
  return parseImportPreview(answer.body);
}
