import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { FIRST_SCREEN_VIEW_COOKIE, isAppRoute, isFirstScreenPath } from '@hanger/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_COOKIE_PREFIX } from '../auth/create-auth.js';
import { identityGet, passCookies, sessionUserId } from '../auth/identity-call.js';
import type { Config } from '../config.js';
import { NotFoundError } from '../errors.js';
import { acceptsGzip } from '../routes/users/negotiate.js';
import { readFirstScreen, readTabCounts } from '../services/first-screen.js';
import { gzipAnswer } from '../services/wardrobe-cache.js';
import { FirstScreenPage } from './first-screen-page.js';

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

/** Where a share lands when no service worker took it (the upload page, SPEC §2). */
export const SHARE_FALLBACK = '/items/upload';

/** The web app manifest's media type (W3C Web App Manifest). */
export const MANIFEST_TYPE = 'application/manifest+json';

/** The session cookie (`hanger.session_token`, `__Secure-` over HTTPS): who may be signed in. */
const SESSION_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`,
);

/**
 * The built single-page app. Hashed assets are cached for a year; every other path that is not
 * the API falls back to index.html so the app's router can handle it (history routing).
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

  // The server-drawn first screen of /items (docs/first-screen.md): index.html with the first tiles
  // of the signed-in user's Items view filled in, for a browser with nothing stored (a service
  // worker answers every later visit with the static index.html, and the app paints from its copy).
  const firstScreen = hasIndex
    ? FirstScreenPage.from(readFileSync(join(config.webDir, 'index.html'), 'utf8'))
    : null;
  const drawFirstScreen = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | null> => {
    const cookie = request.headers.cookie ?? '';
    if (!firstScreen || !app.hasDecorator('identity') || !app.hasDecorator('services')) return null;
    if (!SESSION_COOKIE.test(cookie) || cookie.includes(`${FIRST_SCREEN_VIEW_COOKIE}=`))
      return null;
    try {
      const session = await identityGet(app.identity, request, '/get-session');
      passCookies(reply, session);
      const userId = await sessionUserId(session);
      if (userId === null) return null;
      const [tiles, counts] = await Promise.all([
        readFirstScreen(app.services, userId),
        readTabCounts(app.services, userId),
      ]);
      return firstScreen.fill(tiles, counts);
    } catch (err) {
      // The static page is always there to fall back on.
      request.log.warn({ err }, 'first screen not drawn');
      return null;
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // The app's pages and the paths that open on Items: the domain's rule (app-routes.ts), which
    // the service worker and the page follow too.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !isAppRoute(path)) {
      throw new NotFoundError('Not found');
    }
    if (request.method === 'GET' && isFirstScreenPath(path)) {
      const page = await drawFirstScreen(request, reply);
      if (page !== null) {
        // Someone's own wardrobe: never stored by a cache, and not for another cookie.
        reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'Cookie, Accept-Encoding')
          .type('text/html; charset=utf-8');
        // Compressed as the static files are (docs/performance.md): some 31 kB of markup is 5 kB
        // gzipped, a round trip or two less on a phone's link before the first photos. gzip at
        // level 6 takes a fraction of a millisecond here; brotli saved 8 % more for twice the time.
        // Nothing in the page echoes what a request sent, so there is nothing for a compression
        // oracle to probe.
        if (acceptsGzip(request.headers['accept-encoding'])) {
          return reply.header('content-encoding', 'gzip').send(await gzipAnswer(page));
        }
        return reply.send(page);
      }
    }
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
