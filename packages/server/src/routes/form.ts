import type { FastifyRequest } from 'fastify';
import { UnsupportedMediaTypeError, ValidationError } from '../errors.js';

export type FormFields = Record<string, string | string[]>;

export interface Form {
  fields: FormFields;
  /** The uploaded file's bytes, when the route takes one and the client sent a non-empty one. */
  file?: Buffer;
}

function addField(fields: FormFields, name: string, value: string): void {
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else fields[name] = [existing, value];
}

/**
 * Read a multipart or url-encoded form. Repeated fields become lists. Only `fileField` may carry
 * a file; it is buffered up to MAX_UPLOAD_BYTES (past that the multipart limit answers 413).
 */
export async function readForm(request: FastifyRequest, fileField?: string): Promise<Form> {
  const fields: FormFields = Object.create(null) as FormFields;
  if (request.isMultipart()) {
    let file: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file !== undefined) {
          throw new ValidationError(`Unexpected file in field "${part.fieldname}"`);
        }
        const bytes = await part.toBuffer();
        if (bytes.length > 0) file = bytes;
      } else {
        addField(
          fields,
          part.fieldname,
          typeof part.value === 'string' ? part.value : String(part.value),
        );
      }
    }
    return file ? { fields, file } : { fields };
  }
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

/** The photo of an upload form: SPEC §5 requires one. */
export function requirePhoto(form: Form, field = 'image'): Buffer {
  if (!form.file) throw new ValidationError(`An image file is required in field "${field}"`);
  return form.file;
}
