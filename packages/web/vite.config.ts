import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The module itself, not the package's index: the config needs this one rule, not the schemas.
import { FIRST_SCREEN_PATH } from '../domain/src/app-routes.ts';
import { inlineHead } from './scripts/inline-head.mjs';
import { earlyReadLine } from './src/lib/persistence/schema';
import { precompress } from './scripts/precompress.mjs';

const API_TARGET = process.env.HANGER_API_URL ?? 'http://127.0.0.1:3000';

/** The domain package is pure by rule (no I/O, no globals): unused modules can be dropped. */
const domainIsPure = (id: string) => (id.includes('/packages/domain/src/') ? false : undefined);

/**
 * early.js's IndexedDB names and version, written from lib/persistence/schema.ts (the one place
 * that names them) into the built page; the source's copy is what the unit tests and the dev
 * server run, and early-boot.test.ts keeps it the same.
 */
function withStorageNames(earlyJs: string): string {
  const line = /^( *)var IDB = .*;$/m;
  if (!line.test(earlyJs)) throw new Error('public/early.js no longer declares `var IDB`');
  return earlyJs.replace(line, (_all, indent: string) => `${indent}${earlyReadLine()}`);
}

/** The app's entry module; what it imports statically is the first load of every screen. */
const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/** What the codeSplitting `name` function reads of the module graph (rolldown's ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    exports: readonly string[];
  } | null;
}

/**
 * Index modules that only re-export (the domain package's, lucide's): an importer uses a few of
 * their names, so the walk below follows those names, not every module the index re-exports.
 */
const BARRELS: { specifier: string; id: RegExp }[] = [
  { specifier: '@hanger/domain', id: /[\\/]packages[\\/]domain[\\/]src[\\/]index\.ts$/ },
  { specifier: 'lucide-react', id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
];
const IMPORT_FROM = /\bimport\s*([^;'"]*?)\s*from\s*["']([^"']+)["']/g;
const EXPORT_FROM = /\bexport\s*(\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g;
const withoutExt = (file: string) => file.replace(/\.(?:[cm]?js|tsx?)$/, '');

/** Name -> module of a barrel's re-exports (`export { a as B } from`, `export * from`). */
function barrelExports(graph: ModuleGraph, barrel: string): Map<string, string> {
  const info = graph.getModuleInfo(barrel);
  const byName = new Map<string, string>();
  for (const [, names = '', specifier = ''] of (info?.code ?? '').matchAll(EXPORT_FROM)) {
    const path = withoutExt(resolve(dirname(barrel), specifier));
    const target = info?.importedIds.find((id) => withoutExt(id) === path);
    if (!target) continue;
    const exported =
      names === '*'
        ? (graph.getModuleInfo(target)?.exports ?? [])
        : names
            .slice(1, -1)
            .split(',')
            .map(
              (part) =>
                part
                  .split(/\s+as\s+/)
                  .pop()
                  ?.trim() ?? '',
            );
    for (const name of exported) if (name) byName.set(name, target);
  }
  return byName;
}

/** Modules that never join the first load's chunk: the schema library (validation runs lazily). */
const NEVER_FIRST = /[\\/]node_modules[\\/]zod[\\/]/;

/** The names an import clause takes (`{ a, b as c }`), or null for a default or namespace import. */
function importedNames(clause: string): string[] | null {
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named) return null;
  return named[1]!
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]!.trim());
}

/**
 * The modules of the first load: reached from the entry through static imports that take values
 * (an import of types only leaves nothing in the bundle), through a barrel only by the names the
 * importer takes from it (rolldown drops the rest of the barrel), and never a module that builds
 * on the schema library. A module is captured whole: one that the first load reached only
 * through code it does not run would bring its lazy users' code along, which the budget check of
 * bench/web-bundle.mjs would show.
 */
function firstLoadModules(graph: ModuleGraph): Set<string> {
  const barrels = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const queue = [ENTRY];
  const takes = (id: string) => {
    const deps = graph.getModuleInfo(id)?.importedIds ?? [];
    return !NEVER_FIRST.test(id) && !deps.some((dep) => NEVER_FIRST.test(dep));
  };
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || !takes(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    const code = info?.code ?? '';
    // What each import declaration takes, by the module it names (relative ones resolved here).
    const declarations = [...code.matchAll(IMPORT_FROM)].map(([, clause = '', specifier = '']) => ({
      specifier,
      path: specifier.startsWith('.') ? withoutExt(resolve(dirname(id), specifier)) : null,
      names: importedNames(clause),
    }));
    for (const dep of info?.importedIds ?? []) {
      const barrel = BARRELS.find((b) => b.id.test(dep));
      const from = declarations.filter((d) =>
        barrel ? d.specifier === barrel.specifier : d.path === withoutExt(dep),
      );
      if (barrel) {
        let exports = barrels.get(dep);
        if (!exports) barrels.set(dep, (exports = barrelExports(graph, dep)));
        for (const d of from) {
          // A namespace or default import may use anything the barrel offers.
          const targets = d.names?.map((name) => exports.get(name)) ?? [...exports.values()];
          for (const target of targets) if (target) queue.push(target);
        }
      } else if (from.length === 0 || from.some((d) => d.names === null || d.names.length > 0)) {
        queue.push(dep);
      }
    }
  }
  return seen;
}

/** The first load's modules, computed once per build. */
let firstLoad: Set<string> | null = null;

/**
 * codeSplitting group name: 'app' for a module of the first load, none for a module only lazy
 * screens reach (those keep rolldown's automatic chunking). The entry module stays the entry chunk.
 */
function firstLoadChunk(id: string, graph: ModuleGraph): string | null {
  firstLoad ??= firstLoadModules(graph);
  return id !== ENTRY && firstLoad.has(id) ? 'app' : null;
}

/** Forgets the first load's modules when a build starts (watch mode builds again). */
const resetFirstLoad = {
  name: 'hanger-first-load-chunk',
  buildStart() {
    firstLoad = null;
  },
};

/**
 * The chunks marked with V8's explicit compile hint: the first screen's own code (the 'app' group
 * above), nearly all of which runs while the app starts, and React's.
 */
const COMPILE_HINT_CHUNKS = new Set(['app', 'react']);

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later; other
 * engines read a comment): every function of the file is compiled on the background thread that
 * compiles the downloaded chunk, instead of on the main thread the first time it runs
 * (docs/performance.md). Measured at a phone's 4× CPU (bench/main-thread.bench.ts, medians): the
 * app's chunk against the build without it, two runs of 14 loads: blocking time cold 530 vs 588 ms,
 * repeat view 51 vs 90 ms. React's chunk too, against the app's alone, two runs of 7 loads: cold 5
 * vs 27 and 32 vs 41 ms (lower in 11 of 14 pairs); repeat 0 vs 0 ms in both (a task over 50 ms
 * after the first paint in 3 vs 2 of 14 loads). (An earlier run had found the repeat view slower
 * with React's chunk marked, 84 vs 37 ms; that bench then counted Playwright's own injected script
 * as a task of the page's.)
 */
const compileHints = {
  name: 'hanger-compile-hints',
  // The files as written, so the comment leads whatever Vite prepends to a chunk (its preload
  // helper's table) and the service worker's precache and the .br/.gz copies (closeBundle) see it.
  writeBundle(
    options: { dir?: string },
    bundle: Record<string, { type: string; name?: string; fileName: string }>,
  ) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.name || !COMPILE_HINT_CHUNKS.has(chunk.name)) continue;
      const file = resolve(options.dir ?? 'dist', chunk.fileName);
      writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
    }
  },
};

/** Light surface colour (--hg-canvas); the dark one is set by index.html's theme-color metas. */
const CANVAS_LIGHT = '#faf9f7';

export default defineConfig({
  plugins: [
    resetFirstLoad,
    compileHints,
    react(),
    tailwindcss(),
    // Installable app and service worker (README, Install and offline). The worker is src/sw.ts
    // (injectManifest); the app registers it itself after the first render
    // (src/lib/pwa/register.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Hanger',
        short_name: 'Hanger',
        description: 'Your wardrobe, outfits and what you wear, in one calm place.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/items',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: CANVAS_LIGHT,
        background_color: CANVAS_LIGHT,
        categories: ['lifestyle', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Add item',
            short_name: 'Add item',
            url: '/items/upload',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Log today',
            short_name: 'Log today',
            url: '/calendar/today',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // Web Share Target: handled by the service worker (src/sw.ts), which keeps the photos and
        // opens the upload page with them.
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'photos', accept: ['image/*'] }] },
        },
      },
      injectManifest: {
        // The whole app shell, lazy screens included, so every screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // The worker imports one pure function of the domain package: same tree-shaking as the app.
        rollupOptions: { treeshake: { moduleSideEffects: domainIsPure } },
      },
      devOptions: { enabled: false },
    }),
    // early.js and the stylesheet inline in index.html: nothing blocks the first paint
    // (docs/performance.md). Its path rule is the domain's (app-routes.ts), as the server's and the
    // service worker's.
    inlineHead({
      readEarlyJs: () =>
        withStorageNames(readFileSync(new URL('./public/early.js', import.meta.url), 'utf8')),
      firstScreenPath: FIRST_SCREEN_PATH,
    }),
    // .br and .gz beside each text asset, served by the server as they are (docs/performance.md).
    precompress(),
  ],
  resolve: {
    alias: [
      // The domain package is consumed as TypeScript source, so web never waits on its build.
      {
        find: '@hanger/domain',
        replacement: fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
      },
      // React Router's package exports only its development build (its own Vite plugin swaps in
      // the production one); the same code without the development warnings and their messages.
      ...(process.env.NODE_ENV === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: join(
                dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
                'dist/production/index.mjs',
              ),
            },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': {
        target: API_TARGET,
        changeOrigin: true,
        // The identity service checks Origin against PUBLIC_URL; the dev server's own origin
        // would be refused, so present the API's origin instead.
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', API_TARGET);
          });
        },
      },
      '/media': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // WEB_SOURCEMAP=1: source maps, to see what each chunk holds (docs/performance.md).
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    // bench/web-bundle.mjs reads the chunk graph from here to measure the first load.
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every browser the app supports (es2022) knows <link rel="modulepreload">: no polyfill in
    // the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The domain package is pure by rule (no I/O, no globals): modules whose exports a chunk
      // does not use are dropped, which keeps the schema library out of the first load.
      treeshake: {
        moduleSideEffects: domainIsPure,
      },
      output: {
        codeSplitting: {
          // Barrels re-export far more than the first load uses: a group takes only its modules.
          includeDependenciesRecursively: false,
          groups: [
            // React and the router change far less often than the app: their own chunk stays
            // cached across deploys. Only libraries every screen needs belong here.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Everything else the entry imports statically, in one chunk (docs/performance.md).
            // Left alone, each module the first load shares with a lazy screen became a chunk of
            // its own (14 requests, and every small chunk compresses worse and carries its own
            // import and export lists); lazy screens import what they need of it from here.
            { name: firstLoadChunk, debugName: 'app', priority: 1 },
          ],
        },
      },
    },
  },
});
