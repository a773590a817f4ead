import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import {
  AppError,
  BadRequestError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../errors.js';

export type FormFields = Record<string, string | string[]>;

export interface Form {
  fields: FormFields;
  /** The uploaded file's bytes, when the route takes one and the client sent a non-empty one. */
  file?: Buffer;
  /** Every non-empty file by field, for a route that takes several (`fileField` a list). */
  files?: Record<string, Buffer>;
}

function addField(fields: FormFields, name: string, value: string): void {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else fields[name] = [existing, value];
}

/** RFC 2046 §5.1.1: 1 to 70 characters from a small set, optionally quoted in the header. */
const BOUNDARY_PARAM =
  /;\s*boundary=(?:"([0-9A-Za-z'()+_,\-./:=? ]{1,70})"|([0-9A-Za-z'()+_,\-./:=?]{1,70}))\s*(?:;|$)/i;

/** The boundary a multipart Content-Type declares; 415 without a usable one. */
export function multipartBoundary(contentType: string): string {
  const match = BOUNDARY_PARAM.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.endsWith(' ')) {
    throw new UnsupportedMediaTypeError('A multipart form needs a boundary in its Content-Type');
  }
  return boundary;
}

/**
 * Watches the raw body for the close delimiter (`--boundary--`). Only a body that reaches it is a
 * whole form: one cut off mid-upload (a phone losing signal, a proxy giving up) ends without it,
 * whatever the multipart parser made of the parts it did see.
 */
export function watchForCloseDelimiter(raw: IncomingMessage, boundary: string): () => boolean {
  const close = Buffer.from(`--${boundary}--`, 'latin1');
  let tail = Buffer.alloc(0);
  let seen = false;
  const onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    // The delimiter may straddle two chunks: look at the end of the last one joined to this one.
    const joint = Buffer.concat([tail, bytes.subarray(0, close.length - 1)]);
    if (joint.includes(close) || bytes.includes(close)) {
      seen = true;
      raw.off('data', onData);
      return;
    }
    const keep = close.length - 1;
    tail =
      bytes.length >= keep
        ? Buffer.from(bytes.subarray(bytes.length - keep))
        : Buffer.concat([tail, bytes]).subarray(-keep);
  };
  raw.on('data', onData);
  return () => seen;
}

const UNREADABLE_FORM = 'The form could not be read: it was cut off or is not valid multipart';

/**
 * What the multipart parser threw, as an HTTP error. Limits (413) and the errors of this app keep
 * their status; anything else the parser raises while reading the client's bytes (busboy's
 * "Unexpected end of form", "Malformed part header", a premature close...) is a body that cannot
 * be read: 400, never a server error.
 */
export function formReadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return new BadRequestError(UNREADABLE_FORM);
}

/** What a form with a second file is told: the route takes one photo (`record`: item, outfit). */
export function onePhotoMessage(fileField: string, record: string): string {
  return `One photo per ${record}: the form holds more than one file; send a single one in field "${fileField}"`;
}

async function readMultipart(
  request: FastifyRequest,
  fileField: string | readonly string[] | undefined,
  record: string,
): Promise<Form> {
  const fields: FormFields = Object.create(null) as FormFields;
  const boundary = multipartBoundary(request.headers['content-type'] ?? '');
  // An empty body (Content-Length: 0) is an empty form, as the multipart plugin reads it.
  if (request.headers['content-length'] === '0') return { fields };
  const complete = watchForCloseDelimiter(request.raw, boundary);
  const allowed = typeof fileField === 'string' ? [fileField] : (fileField ?? []);
  const files: Record<string, Buffer> = Object.create(null) as Record<string, Buffer>;
  const seen = new Set<string>();
  try {
    // A route that takes several files lifts the plugin's one-file limit to their number.
    const parts =
      allowed.length > 1 ? request.parts({ limits: { files: allowed.length } }) : request.parts();
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!allowed.includes(part.fieldname)) {
          throw new ValidationError(`Unexpected file in field "${part.fieldname}"`);
        }
        if (seen.has(part.fieldname))
          throw new ValidationError(onePhotoMessage(part.fieldname, record));
        seen.add(part.fieldname);
        const bytes = await part.toBuffer();
        if (bytes.length > 0) files[part.fieldname] = bytes;
      } else {
        // Past FORM_OVERHEAD_BYTES the parser cuts a value short; never read half a field.
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new ValidationError(`Field "${part.fieldname.slice(0, 40)}" is too long`);
        }
        // A part sent as application/json arrives parsed; the schemas read JSON fields as text.
        const value = part.value;
        addField(fields, part.fieldname, typeof value === 'string' ? value : JSON.stringify(value));
      }
    }
  } catch (error) {
    // The parser stops at a second file (its `files: 1` limit) with a 413, though nothing is
    // too large: the request is well-formed but asks for what the call does not take.
    if (typeof fileField === 'string' && (error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
      throw new ValidationError(onePhotoMessage(fileField, record));
    }
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
      throw new ValidationError(`Too many files: this call takes ${allowed.join(' and ')}`);
    }
    throw formReadError(error);
  }
  if (!complete()) throw new BadRequestError(UNREADABLE_FORM);
  if (typeof fileField === 'string') {
    const file = files[fileField];
    return file ? { fields, file } : { fields };
  }
  return { fields, files };
}

/**
 * Read a multipart or url-encoded form. Repeated fields become lists. Only `fileField` may carry
 * a file, one photo of the `record` the call saves (a second file answers 422); it is buffered up
 * to MAX_UPLOAD_BYTES (past that the multipart limit answers 413). A multipart body without a
 * boundary answers 415; one cut off or malformed answers 400.
 */
export async function readForm(
  request: FastifyRequest,
  fileField?: string | readonly string[],
  record = 'item',
): Promise<Form> {
  if (request.isMultipart()) return readMultipart(request, fileField, record);
  const fields: FormFields = Object.create(null) as FormFields;
  const body = request.body;
  if (body === undefined || body === null) return { fields };
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') && typeof body === 'object') {
    for (const [name, value] of Object.entries(body as FormFields)) {
      for (const v of Array.isArray(value) ? value : [value]) addField(fields, name, v);
    }
    return { fields };
  }
  throw new UnsupportedMediaTypeError('Send a multipart/form-data or url-encoded form');
}

/** What a form route reads (its `consumes` in the document). */
export const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];
/** What an upload reads: a file needs multipart. */
export const UPLOAD_TYPES = ['multipart/form-data'];

/** The photos of the requests being served, read by formBody for the handler (photoOf). */
const photos = new WeakMap<FastifyRequest, Record<string, Buffer>>();

/**
 * A route's form, as its `preValidation` hook: read by readForm (with every limit and message
 * above) into `request.body`, where the route's zod body schema validates it like any body. The
 * photo of a route that takes one (`fileField`) is kept for the handler: photoOf. This is what
 * @fastify/multipart's attachFieldsToBody does, with this app's own answers to a cut-off or
 * malformed form, a second file and an overlong field.
 */
export function formBody(fileField?: string | readonly string[], record?: string) {
  return async function readFormBody(request: FastifyRequest): Promise<void> {
    const form = await readForm(request, fileField, record);
    request.body = form.fields;
    if (form.file && typeof fileField === 'string') photos.set(request, { [fileField]: form.file });
    else if (form.files) photos.set(request, form.files);
  };
}

/** The photo formBody read from the request; docs/spec.md §5 requires one on an upload. */
export function photoOf(request: FastifyRequest, field = 'image'): Buffer {
  const photo = photos.get(request)?.[field];
  if (!photo) throw new ValidationError(`An image file is required in field "${field}"`);
  return photo;
}

/** The files formBody read for a route that takes several, by field (absent: not sent). */
export function filesOf(request: FastifyRequest): Record<string, Buffer | undefined> {
  return { ...photos.get(request) };
}
