import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppRoute } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { NotFoundError } from '../errors.js';
import { firstScreenAnswer } from './first-screen-page.js';

export interface WebOptions {
  config: Pick<Config, 'webDir'>;
}

/** Served when the web app has not been built, so a fresh server still says what it is. */
export const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hanger</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#292524}</style>
</head>
<body><h1>Hanger</h1>
<p>The server is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code>, then restart the server. The API answers at <code>/api</code>.</p>
</body>
</html>
`;

/** Where a share lands when no service worker took it (the upload page, docs/spec.md §2). */
export const SHARE_FALLBACK = '/items/upload';

/** The web app manifest's media type (W3C Web App Manifest). */
export const MANIFEST_TYPE = 'application/manifest+json';

/**
 * The built single-page app's files. Hashed assets are cached for a year; every other path that is
 * not the API falls back to index.html so the app's router can handle it (history routing), unless
 * first-screen-page.ts draws the first screen of /items for it.
 */
async function webPlugin(app: FastifyInstance, { config }: WebOptions): Promise<void> {
  const hasIndex = existsSync(join(config.webDir, 'index.html'));
  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      // One route for every file, looked up when asked for, not a route per file found at
      // start-up: listing the folder and registering some 400 routes was a tenth of a cold start.
      // A path that names no file falls through to the not-found handler below.
      wildcard: true,
      // `/` is left to the not-found handler below, as /items is: its first screen
      // (docs/first-screen.md).
      allowedPath: (pathName) => pathName !== '/',
      cacheControl: false,
      // The web build writes .br and .gz beside its text assets (docs/performance.md); sent when
      // accepted.
      preCompressed: true,
      setHeaders(reply, path) {
        const immutable = path.includes(`${join(config.webDir, 'assets')}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The installable app (README, Install and offline): the manifest's registered media type.
        // (The service worker, sw.js, is JavaScript and revalidated on every visit like every file
        // outside assets/; precompressed copies get the type of the file they stand for.)
        if (/\.webmanifest(\.br|\.gz)?$/.test(path)) reply.header('content-type', MANIFEST_TYPE);
      },
    });
  }

  // The installed app's share target (manifest share_target) is answered by the service worker.
  // Without one (site data cleared, worker not installed yet) the browser posts the photos here:
  // send the person to the upload page instead of an error page. The photos are not kept, since
  // the request carries no access token; the upload page lets them pick the photos again.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.resume();
      done(null);
    });
    scope.post('/share-target', async (_request, reply) =>
      reply.code(303).header('location', SHARE_FALLBACK).header('cache-control', 'no-store').send(),
    );
  });

  // The server-drawn first screen of /items (docs/first-screen.md; first-screen-page.ts).
  const firstScreen = firstScreenAnswer(
    app,
    hasIndex ? readFileSync(join(config.webDir, 'index.html'), 'utf8') : null,
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The app's pages: the domain's rule (app-routes.ts), which the service worker follows too.
    // Those that open on Items may get the drawn first screen instead of the static page.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isAppRoute(path)) {
      throw new NotFoundError('Not found');
    }
    const drawn = await firstScreen(request, reply);
    if (drawn !== null) return drawn;
    reply.header('cache-control', 'no-cache');
    if (hasIndex) return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(PLACEHOLDER_PAGE);
  });
}

// Last: its not-found handler is the history fallback. Its files carry the security headers, its
// errors go through the errors plugin, and its first screen reads the session and the wardrobe.
export default fp(webPlugin, {
  name: 'hanger-web',
  fastify: '5.x',
  dependencies: ['hanger-errors', 'hanger-security', 'hanger-auth', 'hanger-services'],
});
