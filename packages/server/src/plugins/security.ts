import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The edge headers of a 304 to an API request (CORS, Cache-Control), as the hook and
     * sendNotModified leave them: for answers made outside the hook chain.
     */
    apiNotModifiedHeaders: readonly [string, string][];
  }
}

/** Origins photos may come from when they live in object storage (presigned S3 URLs). */
export function objectStoreOrigins(config: Pick<Config, 's3'>): string[] {
  const s3 = config.s3;
  if (!s3) return [];
  if (s3.endpoint) {
    const endpoint = new URL(s3.endpoint);
    if (s3.forcePathStyle) return [endpoint.origin];
    return [`${endpoint.protocol}//${s3.bucket}.${endpoint.host}`, endpoint.origin];
  }
  return [
    `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`,
    `https://s3.${s3.region}.amazonaws.com`,
  ];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP source expressions ('sha256-…') of the inline scripts of a page: the web build inlines
 * its first script (public/early.js, issue 16) into index.html so that nothing blocks the first
 * paint; the policy allows exactly that script's text, hashed from the index.html being served.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The inline scripts' hashes of the web build's index.html (none when there is no build). */
function webInlineScriptHashes(webDir: string | undefined): string[] {
  if (!webDir) return [];
  try {
    return inlineScriptHashes(readFileSync(join(webDir, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * The Content-Security-Policy, checked against OWASP ASVS 5.0 level 2 (V3.4.3, V3.4.6): one global
 * policy with an allowlist, `object-src 'none'` and `base-uri 'none'` (the app has no `<base>`),
 * `frame-ancestors 'none'`, forms posting only to this origin, and scripts only from this origin's
 * files plus the inline scripts of the served index.html by their SHA-256 (no 'unsafe-inline', no
 * 'unsafe-eval', no inline event handlers). Styles keep 'unsafe-inline': React and Konva set
 * element styles at run time, and styles do not run code.
 */
export function contentSecurityPolicy(
  config: Pick<Config, 's3' | 'publicUrl' | 'oidc'> & { webDir?: string },
) {
  const photos = objectStoreOrigins(config);
  const inlineScripts = webInlineScriptHashes(config.webDir);
  // Google accounts carry a profile photo hosted by Google.
  const avatars = config.oidc?.providerId === 'google' ? ['https://*.googleusercontent.com'] : [];
  const https = config.publicUrl.startsWith('https:');
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      scriptSrcAttr: ["'none'"],
      // React and Konva set element styles at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...photos, ...avatars],
      // The photo editor reads photos with fetch to draw them on a canvas.
      connectSrc: ["'self'", ...photos],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      // A household server is often reached over plain http on the LAN; upgrading would break it.
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export interface SecurityOptions {
  config: Config;
}

/**
 * The headers helmet sets for these options, worked out once. @fastify/helmet rebuilds helmet's
 * middleware (parsing the whole policy again) on every request; the headers depend only on the
 * options, so they are computed at start-up with the same helmet (@fastify/helmet's own copy) and
 * then set on every response as helmet would set them.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const require = createRequire(import.meta.url);
  const fromPlugin = createRequire(require.resolve('@fastify/helmet'));
  const loaded = fromPlugin('helmet') as { default?: unknown };
  const helmet = (loaded.default ?? loaded) as (
    o: HelmetOptions,
  ) => (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return [...headers];
}

/**
 * Every header helmet can set (security.test.ts checks that securityHeaders never makes another).
 * They govern a document or a body: what it may load, embed or be embedded by, and how to read it.
 */
export const HELMET_HEADER_NAMES: readonly string[] = [
  'content-security-policy',
  'cross-origin-embedder-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Answers 304 Not Modified with the fields RFC 9110 §15.4.5 asks of it (ETag, Vary,
 * Cache-Control, Date; set by the caller and Node) and the CORS ones, without the body-governing
 * security headers: a 304 carries no body, and the browser keeps using the cached answer's own
 * headers, which had them all. The app revalidates its wardrobe on every start and every return to
 * the tab: its 304 is 776 bytes of headers lighter (12 headers, the CSP most of it). Measured side
 * by side, the server's CPU per 304 did not change within the noise (setting them is the cost).
 */
export function sendNotModified(reply: FastifyReply): void {
  for (let i = 0; i < HELMET_HEADER_NAMES.length; i++) {
    if (reply.hasHeader(HELMET_HEADER_NAMES[i]!)) reply.removeHeader(HELMET_HEADER_NAMES[i]!);
  }
  void reply.code(304).send();
}

/** The headers of a list that a 304 keeps (sendNotModified's rule): all but helmet's. */
export function notModifiedHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => !HELMET_HEADER_NAMES.includes(name));
}

/** What the app's own origin may do cross-origin (the web app on another port in development). */
export const CORS_OPTIONS = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposedHeaders: ['ETag'],
  maxAge: 600,
};

/**
 * Security and CORS headers on every answer, and CORS preflights, from one hook whose headers are
 * worked out at start-up. Helmet's headers are computed once (securityHeaders). CORS is what
 * @fastify/cors does with a single allowed origin (a fixed Access-Control-Allow-Origin, no Vary,
 * strict preflights answered 204 or 400), without its per-request option merging and closures;
 * security.test.ts checks the headers against both plugins. API answers are per user and change
 * with every write: no shared cache may keep them (`Cache-Control: no-store` unless a route sets
 * its own).
 */
async function securityPlugin(app: FastifyInstance, { config }: SecurityOptions): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const helmetHeaders = securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Signed photo URLs carry their signature in the query: never hand them to another site.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
    xContentTypeOptions: true,
  });
  const everywhere: [string, string][] = [
    ...helmetHeaders,
    ['access-control-allow-origin', config.publicUrl],
    ['access-control-expose-headers', CORS_OPTIONS.exposedHeaders.join(', ')],
  ];
  const api: [string, string][] = [...everywhere, ['cache-control', 'no-store']];
  const preflight: [string, string][] = [
    ['access-control-allow-methods', CORS_OPTIONS.methods.join(', ')],
    ['access-control-allow-headers', CORS_OPTIONS.allowedHeaders.join(', ')],
    ['access-control-max-age', String(CORS_OPTIONS.maxAge)],
  ];

  // Lower case, as reply.header stores them: a route's own reply.header (e.g. its Cache-Control)
  // replaces the value set here.
  const lower = (list: [string, string][]) =>
    list.map(([name, value]): [string, string] => [name.toLowerCase(), value]);
  const apiHeaders = lower(api);
  const everywhereHeaders = lower(everywhere);
  app.decorate('apiNotModifiedHeaders', notModifiedHeaders(apiHeaders));

  app.addHook('onRequest', function edgeHeaders(request, reply, done) {
    // Among the reply's own headers, not on the raw response: Node then writes the head from that
    // one object (writeHead's fast path) instead of storing and checking each header twice.
    const headers = request.url.startsWith('/api/') ? apiHeaders : everywhereHeaders;
    for (let i = 0; i < headers.length; i++) reply.header(headers[i]![0], headers[i]![1]);
    if (request.method !== 'OPTIONS') {
      done();
      return;
    }
    if (!request.headers.origin || !request.headers['access-control-request-method']) {
      void reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    for (const [name, value] of preflight) reply.header(name, value);
    void reply.code(204).header('content-length', '0').send();
  });
  // Every OPTIONS request is a preflight, answered above (as @fastify/cors routes them).
  app.options('*', (_request, reply) => {
    reply.callNotFound();
  });
}

export default fp(securityPlugin, { name: 'hanger-security' });
