import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
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
 * Request bodies: multipart forms (the API of SPEC §7) with the photo capped at MAX_UPLOAD_BYTES,
 * and url-encoded forms. A body that declares itself too large is refused before a byte of it is
 * read; one that lies about its length is cut off by the multipart limits while streaming.
 */
/** Methods whose requests carry a body (a form); the others never reach multipart. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Hook = (...args: never[]) => unknown;

/**
 * @fastify/multipart, its per-request hooks (an async onRequest that adds a 'close' listener to
 * every response, an async onResponse that removes saved temporary files) on the routes that take
 * a body only. They do nothing for a GET, which never reads a form, but cost as much as the rest
 * of a cached GET's own hooks. The plugin's hooks are collected while it registers and added to
 * each such route (route-level hooks run after the global ones: the order among the
 * onRequest hooks does not matter to a listener that only cleans up after the response).
 */
async function registerMultipart(app: FastifyInstance, options: FastifyMultipartOptions) {
  const perRoute: { name: 'onRequest' | 'onResponse'; hook: Hook }[] = [];
  const own = Object.prototype.hasOwnProperty.call(app, 'addHook');
  const addHook = app.addHook;
  app.addHook = function (this: FastifyInstance, name: string, hook: Hook) {
    if (name === 'onRequest' || name === 'onResponse') {
      perRoute.push({ name, hook });
      return this;
    }
    return (addHook as (this: FastifyInstance, n: string, h: Hook) => FastifyInstance).call(
      this,
      name,
      hook,
    );
  } as FastifyInstance['addHook'];
  try {
    await app.register(multipart, options);
  } finally {
    if (own) app.addHook = addHook;
    else delete (app as Partial<FastifyInstance>).addHook;
  }
  if (perRoute.length === 0) return;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => BODY_METHODS.has(m))) return;
    for (const { name, hook } of perRoute) {
      const existing = route[name] as Hook | Hook[] | undefined;
      const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
      (route as unknown as Record<string, Hook[]>)[name] = [...hooks, hook];
    }
  });
}

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

  await registerMultipart(app, {
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
