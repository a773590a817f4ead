import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { BadRequestError, PayloadTooLargeError } from '../errors.js';

/** Room for the text fields and multipart boundaries beside the photo itself. */
export const FORM_OVERHEAD_BYTES = 1024 * 1024;
const MAX_FORM_FIELDS = 1100;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route that streams a large upload to disk (POST /api/imports) declares its own cap here;
     * the declared Content-Length is checked against it instead of MAX_UPLOAD_BYTES.
     */
    maxBodyBytes?: number;
  }
}

export interface BodyOptions {
  config: Config;
}

/**
 * An application/x-www-form-urlencoded body, decoded strictly: a malformed escape ("%E0%A4%A",
 * a lone "%") or escaped bytes that are not UTF-8 (an over-long "%C0%80") make the whole body
 * unreadable (undefined) instead of being passed on half-decoded. Repeated names become lists.
 */
export function parseUrlEncoded(body: string): Record<string, string | string[]> | undefined {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
      value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
    const existing = fields[key];
    if (existing === undefined) fields[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else fields[key] = [existing, value];
  }
  return fields;
}

/**
 * Request bodies on every route: a body that declares itself too large is refused before a byte
 * of it is read, and url-encoded forms are read strictly. Multipart forms are formsPlugin's, in
 * the scope of the routes that read them.
 */
async function bodyPlugin(app: FastifyInstance, { config }: BodyOptions): Promise<void> {
  const maxBody = config.maxUploadBytes + FORM_OVERHEAD_BYTES;

  app.addHook('onRequest', function declaredLength(request, _reply, done) {
    const length = request.headers['content-length'];
    // A GET (almost every request) declares no body: nothing to look up.
    if (length === undefined) {
      done();
      return;
    }
    const declared = Number(length);
    const limit = request.routeOptions.config.maxBodyBytes ?? maxBody;
    done(Number.isFinite(declared) && declared > limit ? new PayloadTooLargeError() : undefined);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_OVERHEAD_BYTES },
    (_request, body, done) => {
      const fields = parseUrlEncoded(body as string);
      if (!fields) {
        done(new BadRequestError('The form is not valid url-encoding'), undefined);
        return;
      }
      done(null, fields);
    },
  );
}

export default fp(bodyPlugin, { name: 'hanger-body' });

/**
 * Multipart forms (the API of docs/spec.md §7), with the photo capped at MAX_UPLOAD_BYTES; one that
 * lies about its length is cut off by the limits while streaming. The routes read their forms with
 * routes/form.ts, and their zod body schemas validate the fields.
 *
 * Registered in the scope of the routes that take a body (routes/index.ts), not on the whole
 * server: @fastify/multipart adds an onRequest hook (watching for the client hanging up) and an
 * onResponse hook (removing saved uploads) to every route of the scope it is registered in, and
 * most requests, the app's revalidations of its wardrobe and its files among them, take no body
 * (docs/performance.md).
 */
async function formsPlugin(app: FastifyInstance, { config }: BodyOptions): Promise<void> {
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
}

// fastify-plugin: the parser and hooks belong to the scope that registers it.
export const forms = fp(formsPlugin, {
  name: 'hanger-forms',
  fastify: '5.x',
  dependencies: ['hanger-body'],
});
