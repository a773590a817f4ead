/**
 * Bundles the server for `npm run serve`: dist/main.js becomes one file (plus lazily loaded
 * chunks under dist/chunks/) instead of a graph of some two thousand modules in node_modules, and
 * dist/server.js the entry that loads it (ENTRY, below).
 * Node 20 spends most of a cold start resolving and compiling that graph; measured on the 2-core
 * reference machine, start-up CPU time drops from about 1.2 s to under 0.5 s (bench/api.bench.ts).
 *
 * What start-up compiles is what it costs (bench/startup.bench.ts): the code the first request
 * does not need is left out of dist/server.js. The identity service (better-auth), the photo
 * pipeline (sharp), object storage (the S3 client), the zip libraries and the mailer are dynamic
 * imports in the source and land in chunks; the few framework parts that are only needed by a
 * feature the server does not use at start-up (below) are loaded from node_modules on first use.
 * Whitespace and syntax are minified (identifiers are not, so stack traces keep function names):
 * V8 scans and keeps the source text, so fewer bytes start faster and hold less memory.
 *
 * Native addons stay external and load from node_modules. `tsc` still emits the per-file build
 * (types, and `main` for anything importing the package); this overwrites only dist/server.js.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// BUNDLE_OUTDIR (relative to the package, or absolute) builds a copy elsewhere, e.g. to compare
// two builds.
const outdir = process.env.BUNDLE_OUTDIR ?? 'dist';
/** The compile cache's folder in outdir (see ENTRY). */
const COMPILE_CACHE = '.compile-cache';
rmSync(resolve(root, outdir, 'chunks'), { recursive: true, force: true });
// The compile cache of the previous build (see ENTRY): its entries are keyed by source text, so
// they would only pile up.
rmSync(resolve(root, outdir, COMPILE_CACHE), { recursive: true, force: true });

/**
 * Framework modules replaced by a stand-in that requires the real one from node_modules the first
 * time it is used. Each is required by its framework at load time but used only later, if at all:
 * - fastify's JSON-schema compilers (ajv, fast-json-stringify: a third of the framework's bytes)
 *   build a compiler only for a route that declares a schema, and no route of this server does;
 * - @fastify/rate-limit's IPv6 address parser runs only for IPv6 clients.
 * fastify itself already requires light-my-request (app.inject, tests only) on first use.
 */
const LAZY = {
  '@fastify/ajv-compiler': `
    const real = () => require('@fastify/ajv-compiler');
    function AjvCompiler(...options) {
      let selector;
      return (...args) => (selector ??= real()(...options))(...args);
    }
    module.exports = AjvCompiler;
    module.exports.default = AjvCompiler;
    module.exports.AjvCompiler = AjvCompiler;
    Object.defineProperty(module.exports, 'AjvReference', { get: () => real().AjvReference });
    Object.defineProperty(module.exports, 'StandaloneValidator', { get: () => real().StandaloneValidator });`,
  '@fastify/fast-json-stringify-compiler': `
    const real = () => require('@fastify/fast-json-stringify-compiler');
    function SerializerSelector(...options) {
      let selector;
      return (...args) => (selector ??= real()(...options))(...args);
    }
    module.exports = SerializerSelector;
    module.exports.default = SerializerSelector;
    module.exports.SerializerSelector = SerializerSelector;
    Object.defineProperty(module.exports, 'StandaloneSerializer', { get: () => real().StandaloneSerializer });`,
  'ip-address': `
    const real = () => require('ip-address');
    // Constructing returns the real parser's instance.
    function Address6(...args) {
      return new (real().Address6)(...args);
    }
    module.exports = { Address6 };
    Object.defineProperty(module.exports, 'Address4', { get: () => real().Address4 });`,
};

/**
 * Stand-ins for one importer only: modules that importer loads at start-up but uses only on a
 * path this server does not take at start-up (or at all).
 * - @fastify/static lists the web folder with glob only when its `wildcard` option is off; the
 *   web plugin turns it on (a hundred kilobytes of glob, minimatch and path-scurry at every start);
 * - fastify loads node:http2 for an HTTP/2 server, which this server never makes;
 * - @fastify/swagger loads yaml (some 290 kB of source) for its YAML form of the document, which
 *   GET /api/openapi.json never asks for (plugins/openapi.ts).
 */
const LAZY_FOR = {
  yaml: {
    importer: /[\\/]@fastify[\\/]swagger[\\/]lib[\\/]/,
    contents: `module.exports = {
      parse: (...args) => require('yaml').parse(...args),
      stringify: (...args) => require('yaml').stringify(...args),
    };`,
  },
  glob: {
    importer: /[\\/]@fastify[\\/]static[\\/]index\.js$/,
    contents: `module.exports = { glob: (...args) => require('glob').glob(...args) };`,
  },
  'node:http2': {
    importer: /[\\/]fastify[\\/]lib[\\/]server\.js$/,
    contents: `
    const real = () => require('node:http2');
    module.exports = {
      createServer: (...args) => real().createServer(...args),
      createSecureServer: (...args) => real().createSecureServer(...args),
    };`,
  },
};

const lazyForImporter = {
  name: 'hanger-lazy-for-importer',
  setup(b) {
    const filter = new RegExp(
      `^(${Object.keys(LAZY_FOR)
        .map((k) => k.replace(/[/.]/g, '\\$&'))
        .join('|')})$`,
    );
    b.onResolve({ filter }, (args) => {
      if (args.namespace === 'hanger-lazy-for') return { path: args.path, external: true };
      const lazy = LAZY_FOR[args.path];
      return lazy.importer.test(args.importer)
        ? { path: args.path, namespace: 'hanger-lazy-for' }
        : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'hanger-lazy-for' }, (args) => ({
      contents: LAZY_FOR[args.path].contents,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/** The stand-ins above; inside a stand-in, the real module stays external (node_modules). */
const lazyModules = {
  name: 'hanger-lazy-modules',
  setup(b) {
    const filter = new RegExp(
      `^(${Object.keys(LAZY)
        .map((k) => k.replace(/[/.]/g, '\\$&'))
        .join('|')})$`,
    );
    b.onResolve({ filter }, (args) =>
      args.namespace === 'hanger-lazy'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'hanger-lazy' },
    );
    b.onLoad({ filter: /.*/, namespace: 'hanger-lazy' }, (args) => ({
      contents: LAZY[args.path],
      loader: 'js',
      resolveDir: root,
    }));
  },
};

/**
 * zod re-exports every one of its ~50 message locales (half of its bytes) as `z.locales` (and
 * `z.core.locales`); nothing
 * here reads them, and zod's default English messages import their locale directly. Only `en`
 * stays in that namespace.
 */
const zodEnglishOnly = {
  name: 'hanger-zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(args.importer)
        ? {
            path: join(dirname(args.importer), '../locales/en.js'),
            namespace: 'hanger-zod-locales',
          }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'hanger-zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      loader: 'js',
      resolveDir: root,
    }));
  },
};

const result = await build({
  absWorkingDir: root,
  // dist/main.js; dist/server.js is the ENTRY below.
  entryPoints: { main: 'src/server.ts' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  // Dynamic imports (the image pipeline, unused database drivers) stay separate and lazy.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  // light-my-request: fastify requires it inside app.inject only (tests), never when serving.
  external: ['better-sqlite3', 'sharp', 'pg-native', 'light-my-request'],
  plugins: [lazyModules, lazyForImporter, zodEnglishOnly],
  // Bundled CommonJS packages call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __hangerCreateRequire } from 'node:module'; const require = __hangerCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: Boolean(process.env.BUNDLE_METAFILE),
});
if (process.env.BUNDLE_METAFILE)
  writeFileSync(process.env.BUNDLE_METAFILE, JSON.stringify(result.metafile));

/**
 * dist/server.js, the server's entry: it turns on Node's compile cache (Node 22.1+; a no-op on
 * Node 20) and then loads the bundle. V8 then keeps the bytecode it compiles for the bundle in
 * dist/.compile-cache (NODE_COMPILE_CACHE puts it elsewhere, NODE_DISABLE_COMPILE_CACHE=1 turns it
 * off), and the next start reads it back instead of compiling the same source again: Node 24
 * reaches its first 200 about 15 % sooner (bench/startup.bench.ts). The cache has to be turned on
 * before the bundle's modules are compiled, so it cannot be done inside the bundle itself. The
 * folder sits beside the code it caches, not in the shared temporary folder, so that no other
 * account on the machine can write bytecode this server would run. Where dist/ is read-only the
 * cache is simply off.
 */
const ENTRY = `// Written by scripts/bundle.mjs (see ENTRY there): the compile cache, then the bundle.
import module from 'node:module';
import { fileURLToPath } from 'node:url';
module.enableCompileCache?.(fileURLToPath(new URL('./${COMPILE_CACHE}', import.meta.url)));
await import('./main.js');
`;
writeFileSync(resolve(root, outdir, 'server.js'), ENTRY);
// tsc's source map of its per-file server.js, which the entry replaces.
rmSync(resolve(root, outdir, 'server.js.map'), { force: true });
