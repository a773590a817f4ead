import {
  BOOT_COUNT_SLOT,
  BOOT_COUNT_TEMPLATE_START,
  BOOT_TAB_COUNT_MARKERS,
  BOOT_TILES_END,
  BOOT_TILES_START,
  BOOT_TILE_SLOTS,
  BOOT_TILE_TEMPLATE_END,
  BOOT_TILE_TEMPLATE_START,
  FIRST_SCREEN_HIGH_PRIORITY,
  FIRST_SCREEN_VIEW_COOKIE,
  isFirstScreenPath,
  type FirstScreenCounts,
  type FirstScreenTile,
} from '@hanger/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '../auth/create-auth.js';
import { identityGet, passCookies, sessionUserId } from '../auth/identity-call.js';
import { acceptsGzip } from '../routes/users/negotiate.js';
import { readFirstScreen, readTabCounts } from '../services/first-screen.js';
import { gzipAnswer } from '../services/wardrobe-cache.js';

/**
 * The server's side of the server-drawn first screen of /items, in one module
 * (docs/first-screen.md): when to draw it (`firstScreenAnswer`: the domain's first-screen paths,
 * the cookies, the session) and how (`FirstScreenPage`: the built index.html with the first tiles
 * of the user's Items view filled in). plugins/web.ts asks it first when it answers a page of the
 * app, and sends the static index.html when it draws nothing.
 */

/** The shell element's opening tag in index.html (the web app's app/boot-shell.tsx). */
const SHELL_OPEN = '<div id="boot-shell"';

const SLOT_PATTERN = new RegExp(Object.values(BOOT_TILE_SLOTS).join('|'), 'g');

/** What a filled page's code links carry instead of `rel="modulepreload"`: named, not fetched. */
const CODE_AFTER_PHOTOS = 'data-rel="modulepreload"';

/**
 * The page's module preloads held back until the first photos are painted, and its start-up
 * script asked for with low priority (docs/first-screen.md). On a phone's link the photos and the
 * app's code share the bandwidth: the code (some 130 kB) downloading beside the photos held the
 * first photos back by as long. The links keep their place and addresses; public/start-app.js makes
 * them preloads once the photos are on screen, or after its time limit.
 */
export function codeAfterPhotos(html: string): string {
  return html
    .replaceAll('<link rel="modulepreload" ', `<link ${CODE_AFTER_PHOTOS} `)
    .replace(
      '<script type="module" src="/start-app.js">',
      '<script type="module" fetchpriority="low" src="/start-app.js">',
    );
}

/** Text for HTML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/**
 * index.html with its static first paint filled with the first tiles of /items
 * (docs/first-screen.md; the domain's first-screen.ts): made once from the served index.html, then
 * `fill` per request. A build without the tile template (or with a shell the markers do not fit)
 * fills nothing.
 */
export class FirstScreenPage {
  private readonly head: string;
  private readonly tail: string;
  private readonly tile: string;
  /** The tabs' count badge with its slot, or null for a build without one (no counts drawn). */
  private readonly count: string | null;

  private constructor(head: string, tail: string, tile: string, count: string | null) {
    this.head = head;
    this.tail = tail;
    this.tile = tile;
    this.count = count;
  }

  static from(indexHtml: string): FirstScreenPage | null {
    const tilesAt = indexHtml.indexOf(BOOT_TILES_START);
    const tilesEnd = indexHtml.indexOf(BOOT_TILES_END);
    const templateAt = indexHtml.indexOf(BOOT_TILE_TEMPLATE_START);
    const templateEnd = indexHtml.indexOf(BOOT_TILE_TEMPLATE_END, templateAt);
    const shellAt = indexHtml.indexOf(SHELL_OPEN);
    if (shellAt < 0 || tilesAt < shellAt || tilesEnd < tilesAt || templateAt < tilesEnd)
      return null;
    if (templateEnd < templateAt) return null;
    const tile = indexHtml.slice(templateAt + BOOT_TILE_TEMPLATE_START.length, templateEnd);
    if (!Object.values(BOOT_TILE_SLOTS).every((slot) => tile.includes(slot))) return null;
    // The shell is marked as filled (main.tsx then keeps it until the app's grid has records),
    // and the app's code, which a filled page starts after the photos are painted
    // (public/start-app.js), is only asked for then: the photos come first.
    const head =
      codeAfterPhotos(indexHtml.slice(0, shellAt)) +
      SHELL_OPEN +
      ' data-filled=""' +
      indexHtml.slice(shellAt + SHELL_OPEN.length, tilesAt + BOOT_TILES_START.length);
    // The tabs' count template follows the tile template (docs/first-screen.md); the markers are in
    // the head.
    let afterTemplates = templateEnd + BOOT_TILE_TEMPLATE_END.length;
    let count: string | null = null;
    if (indexHtml.startsWith(BOOT_COUNT_TEMPLATE_START, afterTemplates)) {
      const countAt = afterTemplates + BOOT_COUNT_TEMPLATE_START.length;
      const countEnd = indexHtml.indexOf(BOOT_TILE_TEMPLATE_END, countAt);
      if (countEnd < 0) return null;
      const markup = indexHtml.slice(countAt, countEnd);
      const marked = Object.values(BOOT_TAB_COUNT_MARKERS).every((m) => head.includes(m));
      if (markup.includes(BOOT_COUNT_SLOT) && marked) count = markup;
      afterTemplates = countEnd + BOOT_TILE_TEMPLATE_END.length;
    }
    // The templates are left out of a filled page: their work is done.
    const tail = indexHtml.slice(tilesEnd, templateAt) + indexHtml.slice(afterTemplates);
    return new FirstScreenPage(head, tail, tile, count);
  }

  /**
   * The page with these tiles in the shell's grid (none: null, the skeleton stays) and, when
   * given, the Items and Outfits tabs' counts.
   */
  fill(tiles: readonly FirstScreenTile[], counts?: FirstScreenCounts): string | null {
    if (tiles.length === 0) return null;
    const s = BOOT_TILE_SLOTS;
    // Replaced by functions: a replacement string would read `$&` and the like in the text.
    const drawn = tiles.map((t, i) => {
      const values: Record<string, string> = {
        [s.id]: escapeHtml(encodeURIComponent(t.id)),
        [s.src]: escapeHtml(t.src),
        [s.label]: escapeHtml(t.label),
        [s.caption]: escapeHtml(t.caption),
        [s.loading]:
          i < FIRST_SCREEN_HIGH_PRIORITY
            ? 'loading="eager" fetchpriority="high"'
            : 'loading="lazy" fetchpriority="auto"',
      };
      return this.tile.replace(SLOT_PATTERN, (slot) => values[slot] ?? slot);
    });
    let head = this.head;
    if (counts && this.count !== null) {
      for (const tab of ['items', 'outfits'] as const) {
        const badge = this.count.replace(BOOT_COUNT_SLOT, String(counts[tab]));
        head = head.replace(BOOT_TAB_COUNT_MARKERS[tab], () => badge);
      }
    }
    return head + drawn.join('') + this.tail;
  }
}

/** The session cookie (`hanger.session_token`, `__Secure-` over HTTPS): who may be signed in. */
const SESSION_COOKIE = new RegExp(
  `(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`,
);

/**
 * Sends the drawn first screen, or sends nothing and answers null for the caller to send the
 * static index.html.
 */
export type FirstScreenAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply | null>;

/**
 * The server-drawn first screen for a browser with nothing stored (a service worker answers every
 * later visit with the static index.html, and the app paints from its copy), made once from the
 * served index.html (null: no build, nothing is ever drawn). It is drawn for a GET of a
 * first-screen path (the domain's `isFirstScreenPath`) that carries the session cookie and not the
 * custom-view cookie (the server draws only the default view), when the identity service's own
 * get-session accepts the session (a refreshed cookie is passed on) and the wardrobe has items.
 * Anything else, an error included, draws nothing: the static page is always there to fall back
 * on.
 */
export function firstScreenAnswer(
  app: FastifyInstance,
  indexHtml: string | null,
): FirstScreenAnswer {
  const page = indexHtml === null ? null : FirstScreenPage.from(indexHtml);

  const draw = async (request: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const cookie = request.headers.cookie ?? '';
    if (!page || !app.hasDecorator('identity') || !app.hasDecorator('services')) return null;
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
      return page.fill(tiles, counts);
    } catch (err) {
      request.log.warn({ err }, 'first screen not drawn');
      return null;
    }
  };

  return async (request, reply) => {
    if (request.method !== 'GET' || !isFirstScreenPath(request.url.split('?')[0] ?? '/'))
      return null;
    const drawn = await draw(request, reply);
    if (drawn === null) return null;
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
      return reply.header('content-encoding', 'gzip').send(await gzipAnswer(drawn));
    }
    return reply.send(drawn);
  };
}
