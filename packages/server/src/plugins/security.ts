import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

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
 * its first script (public/early.js, docs/performance.md) into index.html so that nothing blocks
 * the first paint; the policy allows exactly that script's text, hashed from the index.html being
 * served.
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
 * Every header helmet can set (security.test.ts checks that @fastify/helmet never sets another).
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
 * the tab: its 304 is 776 bytes of headers lighter (12 headers, the CSP most of it).
 */
export function sendNotModified(reply: FastifyReply): void {
  // The security plugin's onSend hook leaves helmet's headers off a 304.
  void reply.code(304).send();
}

/** What the app's own origin may do cross-origin (the web app on another port in development). */
export const CORS_OPTIONS = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
  exposedHeaders: ['ETag'],
  maxAge: 600,
};

/** Helmet's options for this server: the policy above and the headers it sets with it. */
export function helmetOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Signed photo URLs carry their signature in the query: never hand them to another site.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
    xContentTypeOptions: true,
  };
}

/**
 * Security and CORS headers on every answer, and CORS preflights. Helmet's headers come from
 * helmet's own middleware (its public API, what @fastify/helmet calls), made once from
 * helmetOptions and run in an onSend hook, on every answer but a 304 (sendNotModified above), so
 * that a 304 neither sets nor removes them: @fastify/helmet makes the middleware on every request
 * (its global hook calls `helmet(options)` per request), which parsed the whole policy again each
 * time, about as much CPU as the rest of a cached 304 (docs/performance.md). security.test.ts
 * checks the headers against @fastify/helmet's. CORS is @fastify/cors with the app's own origin
 * (a fixed Access-Control-Allow-Origin, no Vary, strict preflights answered 204 or 400). API
 * answers are per user and change with every write: no shared cache may keep them
 * (`Cache-Control: no-store` unless a route sets its own).
 *
 * Registered first (every other plugin of the server depends on it, directly or through another):
 * its hooks are the first onRequest and onSend hooks, so every answer, a 429, a 401 or an error
 * too, carries them.
 */
async function securityPlugin(app: FastifyInstance, { config }: SecurityOptions): Promise<void> {
  const helmetHeaders = helmet(helmetOptions(config));
  app.addHook('onSend', function securityHeaders(request, reply, payload, done) {
    if (reply.statusCode === 304) {
      done(null, payload);
      return;
    }
    // Helmet sets its headers on the Node response (reply.raw), as @fastify/helmet has it do.
    helmetHeaders(request.raw, reply.raw, (error?: unknown) =>
      error ? done(error as Error) : done(null, payload),
    );
  });
  await app.register(cors, { origin: config.publicUrl, ...CORS_OPTIONS });
  // A route's own reply.header (e.g. its Cache-Control) replaces the value set here.
  app.addHook('onRequest', function noStore(request, reply, done) {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}

export default fp(securityPlugin, { name: 'hanger-security', fastify: '5.x' });
