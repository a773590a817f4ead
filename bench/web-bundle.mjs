#!/usr/bin/env node
/**
 * Initial JavaScript of the web app: the entry chunk and every chunk it imports statically
 * (what the browser must download before /items can render), gzip-compressed as a server would
 * send it. Lazy screens (composer, charts, graph, ...) are listed separately. Reads the Vite
 * manifest of packages/web/dist; run `npm run build -w @hanger/web` first.
 * Set WEB_DIST to measure another build folder. Writes bench/results/web.json (WEB_JSON_OUT
 * overrides). Budget: 150 kB gzip (docs/design.md).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');
// WEB_DIST: another build folder (`npx vite build packages/web --outDir /tmp/x`); default: the dist.
const DIST = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(ROOT, 'packages/web/dist');
const BUDGET = 150 * 1024;

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

const sizeOf = (file) => {
  const bytes = readFileSync(join(DIST, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
};

const initial = new Set();
const visit = (key) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const dep of manifest[key].imports ?? []) visit(dep);
};
visit(entryKey);

const initialJs = [...initial].map((k) => sizeOf(manifest[k].file));
const css = [...new Set([...initial].flatMap((k) => manifest[k].css ?? []))].map(sizeOf);
const lazy = Object.keys(manifest)
  .filter((k) => !initial.has(k) && manifest[k].file.endsWith('.js'))
  .map((k) => ({ ...sizeOf(manifest[k].file), source: k }))
  .sort((a, b) => b.gzipBytes - a.gzipBytes);

const sum = (list, key) => list.reduce((n, x) => n + x[key], 0);
const result = {
  measuredAt: new Date().toISOString(),
  route: '/items',
  budgetGzipBytes: BUDGET,
  initialJsGzipBytes: sum(initialJs, 'gzipBytes'),
  initialJsBytes: sum(initialJs, 'bytes'),
  initialCssGzipBytes: sum(css, 'gzipBytes'),
  withinBudget: sum(initialJs, 'gzipBytes') <= BUDGET,
  initialChunks: initialJs,
  lazyChunks: lazy.slice(0, 15).map(({ source, file, gzipBytes }) => ({ source, file, gzipBytes })),
};

const out = process.env.WEB_JSON_OUT
  ? resolve(process.env.WEB_JSON_OUT)
  : join(ROOT, 'bench/results/web.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
console.log(
  `initial JS for /items: ${kb(result.initialJsGzipBytes)} gzip (${kb(result.initialJsBytes)} raw) in ${initialJs.length} chunk(s); ` +
    `CSS ${kb(result.initialCssGzipBytes)} gzip; budget ${kb(BUDGET)}: ${result.withinBudget ? 'within' : 'OVER'}`,
);
process.exitCode = result.withinBudget ? 0 : 1;
