#!/usr/bin/env node
/**
 * Renders the app icons (web app manifest, Apple touch icon) from one SVG design: the hanger mark
 * of public/favicon.svg, white on the accent colour. Run after changing the design and commit the
 * PNGs: `node packages/web/scripts/make-icons.mjs`.
 *
 * - icon-192.png, icon-512.png (purpose "any"): rounded square, as the favicon.
 * - icon-maskable-512.png (purpose "maskable"): full-bleed background, the mark inside the central
 *   safe zone (a circle of 40% of the size), so any launcher mask keeps it whole.
 * - apple-touch-icon-180.png: full-bleed and opaque; iOS rounds the corners itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '../public/icons');
const ACCENT = '#a4472a';
const MARK =
  'M16 9.5a2.5 2.5 0 1 1 2.5 2.5c-1.2 0-2.5.9-2.5 2.2v.6l9 6.1c.9.6.5 2.1-.6 2.1H7.6c-1.1 0-1.5-1.5-.6-2.1l9-6.1';

/** The hanger mark in a 32x32 box, scaled about the centre of its bounding box. */
function mark(scale) {
  // Bounding box of the mark: x 6.4–25.6, y 7–23.4; its centre goes to the centre of the box.
  const cx = 16;
  const cy = 15.2;
  return `<g transform="translate(16 16) scale(${scale}) translate(${-cx} ${-cy})">
    <path d="${MARK}" fill="none" stroke="#fff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`;
}

const svg = ({ rounded, scale }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${ACCENT}"/>
  ${mark(scale)}
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1.05 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1.05 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.8 },
  { file: 'apple-touch-icon-180.png', size: 180, rounded: false, scale: 0.95 },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, rounded, scale } of icons) {
  const png = await sharp(Buffer.from(svg({ rounded, scale })), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(OUT, file), png);
  console.log(`${file}: ${size}x${size}, ${png.length} bytes`);
}
