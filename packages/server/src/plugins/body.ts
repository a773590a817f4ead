import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { PayloadTooLargeError } from '../errors.js';

/** Room for the text fields and multipart boundaries beside the photo itself. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
const MAX_FORM_FIELDS = 1100;

export interface BodyOptions {
  config: Config;
}

/**
 * Request bodies: multipart forms (the API of SPEC §7) with the photo capped at MAX_UPLOAD_BYTES,
 * and url-encoded forms. A body that declares itself too large is refused before a byte of it is
 * read; one that lies about its length is cut off by the multipart limits while streaming.
 */
async function bodyPlugin(app: FastifyInstance, { config }: BodyOptions): Promise<void> {
  const maxBody = config.maxUploadBytes + FORM_OVERHEAD_BYTES;

  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBody) throw new PayloadTooLargeError();
  });

  await app.register(multipart, {
    limits: {
      fileSize: config.maxUploadBytes,
      files: 1,
      fields: MAX_FORM_FIELDS,
      parts: MAX_FORM_FIELDS + 1,
      fieldSize: FORM_OVERHEAD_BYTES,
      headerPairs: 100,
    },
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_OVERHEAD_BYTES },
    (_request, body, done) => {
      const fields: Record<string, string | string[]> = Object.create(null);
      for (const [key, value] of new URLSearchParams(body as string)) {
        const existing = fields[key];
        if (existing === undefined) fields[key] = value;
        else if (Array.isArray(existing)) existing.push(value);
        else fields[key] = [existing, value];
      }
      done(null, fields);
    },
  );
}

export default fp(bodyPlugin, { name: 'hanger-body' });
