/**
 * Vite plugin: after a build, writes a Brotli (.br) and a gzip (.gz) copy beside every text asset
 * of the output (JS, CSS, HTML, SVG, JSON, the manifest) over 1 kB. The server sends them to
 * clients that accept them (@fastify/static preCompressed), so the first load moves about a third
 * of the bytes (docs/performance.md: the app's 480 kB of JavaScript were sent uncompressed) and no
 * CPU is spent compressing per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

export async function precompressDir(dir) {
  const jobs = [];
  for await (const path of files(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const bytes = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gz(bytes, { level: 9 }),
        ]);
        // Only where it pays: a copy no smaller than the file is left out.
        if (br.length < bytes.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < bytes.length) await writeFile(`${path}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/** @returns {import('vite').Plugin} */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'hanger-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every other plugin's output (the service worker is written at closeBundle too).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
