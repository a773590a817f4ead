/**
 * Which paths are the web app's own pages (history routing, docs/spec.md §2), written once for the
 * three places that must agree: the server, which answers them with index.html (packages/server
 * plugins/web.ts); the service worker, which answers their navigations with its precached copy
 * (packages/web src/sw.ts); and the page's first script and code, which paint the static Items
 * screen on the paths that open on it (packages/web public/early.js, lib/api/first-view.ts). See
 * docs/first-screen.md.
 */

/**
 * The paths that open on the Items grid: /items, and /, which leads there. The server draws their
 * first screen (docs/first-screen.md); index.html's static first paint (#boot-shell) is theirs.
 * public/early.js cannot import it and holds a copy, which the web build replaces with this one
 * (scripts/inline-head.mjs) and a test holds equal.
 */
export const FIRST_SCREEN_PATH = /^\/(items\/?)?$/;

export function isFirstScreenPath(path: string): boolean {
  return FIRST_SCREEN_PATH.test(path);
}

/** The paths that are not pages: the API, and the photos (media URLs, docs/media-urls.md). */
function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/media/');
}

/**
 * Whether a path (without its query) is a page of the app, answered with index.html for the
 * app's router: anything but the API and the photos, unless its last segment names a file (has a
 * dot): a missing sw.js or manifest is a real 404, not a page.
 */
export function isAppRoute(path: string): boolean {
  if (isServerPath(path)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}
