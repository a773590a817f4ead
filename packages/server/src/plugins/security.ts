import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { HelmetOptions } from 'helmet';
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

/**
 * The Content-Security-Policy, checked against OWASP ASVS 5.0 level 2 (V3.4.3, V3.4.6): one global
 * policy with an allowlist, `object-src 'none'` and `base-uri 'none'` (the app has no `<base>`),
 * `frame-ancestors 'none'`, forms posting only to this origin, and scripts only from this origin's
 * files (no 'unsafe-inline', no 'unsafe-eval', no inline event handlers). Styles keep
 * 'unsafe-inline': React and Konva set element styles at run time, and styles do not run code.
 */
export function contentSecurityPolicy(config: Pick<Config, 's3' | 'publicUrl' | 'oidc'>) {
  const photos = objectStoreOrigins(config);
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
      scriptSrc: ["'self'"],
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

async function securityPlugin(app: FastifyInstance, { config }: SecurityOptions): Promise<void> {
  const https = config.publicUrl.startsWith('https:');
  const headers = securityHeaders({
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
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(cors, {
    origin: config.publicUrl,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposedHeaders: ['ETag'],
    maxAge: 600,
  });

  // API answers are per user and change with every write; no shared cache may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

export default fp(securityPlugin, { name: 'hanger-security' });
