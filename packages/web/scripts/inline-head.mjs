/**
 * Vite plugin (docs/first-screen.md): nothing in index.html's <head> may hold up the first paint of
 * the static /items shell. In the build:
 *
 * - `<script src="/early.js"></script>` becomes the script itself, minified, inline: the page's
 *   first requests (GET /api/start, GET users) still leave before anything else runs, without a
 *   request of its own that blocks the parser. The server allows exactly this script by its
 *   SHA-256 (packages/server/src/plugins/security.ts hashes the served index.html's inline scripts).
 * - The app's stylesheet stays a file (12.7 kB gzip). Inlining it into index.html was measured
 *   side by side on a quiet machine (Lighthouse mobile, 3 runs each): cold 65 vs 64, the repeat
 *   view 78 vs 83 with more blocking time (an 88 kB page to parse on every start, against a
 *   cached file), so it was left out.
 *
 * - The Latin subset of the app's font is preloaded: it is there for the first layout (no swap
 *   from the fallback font once the shell is on screen, which shifted the bottom bar's labels),
 *   and asked for at once instead of after the styles are applied.
 *
 * - The app's module script becomes a modulepreload of the same file (marked data-app-entry) and
 *   public/start-app.js, which imports it: the app's chunks still download and compile at once,
 *   but a server-drawn first screen's photos are painted before the app's code runs
 * (docs/first-screen.md).
 *
 * public/early.js stays the source (its tests run it as the page does). Its one rule shared with
 * the server and the app, which paths open on the Items screen, is written over by the domain's
 * (FIRST_SCREEN_PATH, packages/domain/src/app-routes.ts): the script cannot import it.
 */
import { minify } from 'vite';

const EARLY_TAG = /<script src="\/early\.js"><\/script>/;
/** early.js's copy of FIRST_SCREEN_PATH, a regular expression literal on a line of its own. */
const FIRST_SCREEN_COPY = /var FIRST_SCREEN_PATH = \/.*\/[a-z]*;/;
/** The font file the first screen's text uses (the app's only font, Latin subset). */
const FIRST_FONT = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;
const STYLESHEET_TAG = /<link rel="stylesheet"/;
/** The app's entry, as Vite writes it into the built index.html. */
const ENTRY_TAG = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * @param {{ readEarlyJs: () => string, firstScreenPath: RegExp }} options public/early.js's text,
 *   read at each build, and the domain's FIRST_SCREEN_PATH
 */
export function inlineHead({ readEarlyJs, firstScreenPath }) {
  return {
    name: 'hanger-inline-head',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      /**
       * @param {string} html
       * @param {{ bundle?: Record<string, { type: string, source?: string | Uint8Array }> }} ctx
       */
      async handler(html, ctx) {
        if (!EARLY_TAG.test(html)) throw new Error('index.html no longer loads /early.js');
        const copy = readEarlyJs();
        if (!FIRST_SCREEN_COPY.test(copy))
          throw new Error('early.js no longer has FIRST_SCREEN_PATH');
        const source = copy.replace(
          FIRST_SCREEN_COPY,
          () => `var FIRST_SCREEN_PATH = ${String(firstScreenPath)};`,
        );
        const { code } = await minify('early.js', source, { compress: true, mangle: true });
        // `</script` inside the script would end the element early.
        if (/<\/script/i.test(code)) throw new Error('early.js may not contain "</script"');
        let out = html.replace(EARLY_TAG, () => `<script>${code.trim()}</script>`);
        if (!ENTRY_TAG.test(out)) throw new Error("index.html no longer loads the app's entry");
        out = out.replace(
          ENTRY_TAG,
          (_tag, src) =>
            `<link rel="modulepreload" crossorigin href="${src}" data-app-entry>\n    ` +
            '<script type="module" src="/start-app.js"></script>',
        );
        const font = Object.keys(ctx.bundle ?? {}).find((file) => FIRST_FONT.test(file));
        if (font) {
          const preload = `<link rel="preload" href="/${font}" as="font" type="font/woff2" crossorigin>`;
          // Before the stylesheet that names it, so that it is asked for first.
          const at = out.search(STYLESHEET_TAG);
          out =
            at < 0
              ? out.replace('</head>', () => `${preload}\n  </head>`)
              : `${out.slice(0, at)}${preload}\n    ${out.slice(at)}`;
        }
        return out;
      },
    },
  };
}
