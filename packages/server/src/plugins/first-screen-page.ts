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
  type FirstScreenCounts,
  type FirstScreenTile,
} from '@hanger/domain';

/**
 * The server's side of the server-drawn first screen of /items: the built index.html with the
 * first tiles of the user's Items view filled in. docs/first-screen.md says what calls it
 * (plugins/web.ts, on the domain's first-screen paths) and where the web's side lives.
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
