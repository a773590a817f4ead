/// <reference lib="webworker" />
/**
 * Hanger's service worker (built by vite-plugin-pwa, injectManifest strategy).
 *
 * - Precaches the app shell: index.html and every JS/CSS chunk (lazy screens too, so they open
 *   offline), fonts and icons. Navigations are answered with the precached index.html.
 * - Caches photos (GET /media/**) cache-first under their stable key, within a byte budget (LRU).
 * - Never touches the API: /api/** requests are not intercepted at all; the wardrobe copy lives in
 *   IndexedDB, kept by the app.
 * - Receives photos shared to the app (Web Share Target) and hands them to the upload page.
 * - Waits to be activated until the user chooses Reload ("Update available — reload"): versions
 *   never mix.
 */
import { isAppRoute } from '@hanger/domain';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { photoBudgetBytes } from './lib/pwa/lru';
import { deleteAllCaches, staleCaches } from './lib/persistence/caches';
import { CACHE_PREFIX, PHOTO_CACHE, SW_MESSAGE } from './lib/pwa/names';
import { PhotoCache } from './lib/pwa/photo-cache';
import {
  SHARE_REDIRECT,
  SHARE_TARGET_FIELD,
  SHARE_TARGET_PATH,
  storeSharedFiles,
} from './lib/pwa/shared-files';

declare const self: ServiceWorkerGlobalScope;

setCacheNameDetails({ prefix: CACHE_PREFIX });

// The build replaces this with the list of app-shell files and their revisions.
const shell = self.__WB_MANIFEST;
precacheAndRoute(shell);
cleanupOutdatedCaches();
// The first visit is controlled at once, so its photos are cached too. An update still waits.
clientsClaim();

/**
 * App routes are the single-page app: the domain's isAppRoute (app-routes.ts), the server's rule
 * for answering with index.html too, so a path is a page both online and offline. The share
 * target is this worker's own (below).
 */
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.mode === 'navigate' &&
    isAppRoute(url.pathname) &&
    !url.pathname.startsWith(SHARE_TARGET_PATH),
  createHandlerBoundToURL('/index.html'),
);

// Byte budget of the photo cache: VITE_PHOTO_CACHE_MB at build time, 60 MB by default.
const photos = new PhotoCache(
  self.location.origin,
  photoBudgetBytes(import.meta.env.VITE_PHOTO_CACHE_MB as string | undefined),
);
const photoStrategy = new CacheFirst({ cacheName: PHOTO_CACHE, plugins: [photos.plugin()] });
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith('/media/'),
  photoStrategy,
);

/** The most photos one cachePhotos message keeps (a first screen has a few dozen). */
const PHOTOS_PER_MESSAGE = 200;

/** Photos the page showed before this worker controlled it, kept as if it had fetched them. */
function cachePhotos(event: ExtendableMessageEvent, urls: unknown): Promise<unknown> {
  const own = (Array.isArray(urls) ? urls : [])
    .filter((url): url is string => typeof url === 'string')
    .filter((url) => photos.keyOf(url) !== null)
    .slice(0, PHOTOS_PER_MESSAGE);
  return Promise.all(
    own.map((url) =>
      photoStrategy
        .handle({ event, request: new Request(url, { credentials: 'same-origin' }) })
        .catch(() => undefined),
    ),
  );
}

/** Web Share Target: keep the photos, then open the upload page (303: the POST is not repeated). */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    try {
      const form = await request.formData();
      const files = form.getAll(SHARE_TARGET_FIELD).filter((v): v is File => v instanceof File);
      await storeSharedFiles(files);
    } catch (err) {
      console.error('Hanger: could not keep the shared photos', err);
    }
    return Response.redirect(SHARE_REDIRECT, 303);
  },
  'POST',
);

/** Downloads the app shell again after the caches were cleared (sign-out). */
async function restoreShell(): Promise<void> {
  const cache = await caches.open(
    (await caches.keys()).find((n) => n.startsWith(`${CACHE_PREFIX}-precache`)) ??
      `${CACHE_PREFIX}-precache-v2-${self.registration.scope}`,
  );
  for (const entry of shell) {
    const url = new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).href;
    const key = getCacheKeyForURL(url);
    if (!key || (await cache.match(key))) continue;
    const response = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
    if (response?.ok) await cache.put(key, response);
  }
}

function clearEverything(): Promise<void> {
  return photos.reset(deleteAllCaches);
}

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SW_MESSAGE.skipWaiting) {
    void self.skipWaiting();
  } else if (type === SW_MESSAGE.cachePhotos) {
    event.waitUntil(cachePhotos(event, (event.data as { urls?: unknown }).urls));
  } else if (type === SW_MESSAGE.clearCaches) {
    event.waitUntil(
      clearEverything()
        .then(() => event.ports[0]?.postMessage({ done: true }))
        .then(() => restoreShell())
        .catch((err: unknown) => console.error('Hanger: clearing the caches failed', err)),
    );
  }
});

/** Caches of earlier versions of this worker (a renamed photo or share cache). */
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(staleCaches(names).map((n) => caches.delete(n)))),
  );
});
