/**
 * Outfit composer and item picker in Chromium (targets: README, Benchmarks):
 * - with 30 pieces on the canvas, a scripted mouse drag runs at a median frame time ≤ 16.7 ms
 *   (intervals between requestAnimationFrame callbacks during the drag);
 * - the JPEG saved for the 720×1080 canvas is ≤ 250 kB — measured for the seeded flat photos and
 *   for a worst case of textured, photo-like pieces covering the whole card;
 * - opening the item picker over a 2,000-item wardrobe takes ≤ 300 ms to its first thumbnails
 *   (a tap on 'Add Clothes' until the first tile's image has loaded and a frame is painted).
 *
 * The 30-piece canvas is an outfit saved through the API and opened with /outfits/{id}/edit, so
 * the pieces are spread over the card the way a real layout is.
 *
 *   npm run build && npx tsx bench/composer.bench.ts   (WEB_DIR may point at another web build)
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  frameTimesDuring,
  median,
  openSeededApp,
  percentile,
  round,
  writeResult,
} from './lib/browser-harness.js';

const TARGETS = { dragMedianFrameMs: 16.7, jpegBytes: 250 * 1024, pickerOpenMs: 300 };
const PIECES = 30;

const summary = (values: number[]) => ({
  medianMs: round(median(values)),
  p95Ms: round(percentile(values, 95)),
  maxMs: round(Math.max(...values)),
  runs: values.length,
});

async function bearer(page: Page): Promise<Record<string, string>> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.get('/api/auth/token', { headers: { origin } });
  if (!res.ok()) throw new Error(`token answered ${res.status()}`);
  return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

interface WireItem {
  id: string;
  status?: string;
}

async function closetIds(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/users', { headers: await bearer(page) });
  const body = (await res.json()) as { clothes: Record<string, WireItem> };
  return Object.values(body.clothes)
    .filter((c) => !c.status || c.status === 'clothes')
    .map((c) => c.id);
}

/** A blank 720×1080 card: the outfit's image does not matter to the editor. */
const card = () =>
  sharp({ create: { width: 720, height: 1080, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();

/** Saves an outfit with these pieces laid out in a grid over the card; answers its id. */
async function saveLayout(
  page: Page,
  ids: readonly string[],
  columns: number,
  scale: number,
  pieceUnits: number,
): Promise<string> {
  const rows = Math.ceil(ids.length / columns);
  const stepX = (720 - pieceUnits) / Math.max(1, columns - 1);
  const stepY = (1080 - pieceUnits) / Math.max(1, rows - 1);
  const canvas = ids.map((id, i) => ({
    clothing_id: id,
    x: (i % columns) * stepX,
    y: Math.floor(i / columns) * stepY,
    scale,
    rotation: ((i * 37) % 30) - 15,
  }));
  const res = await page.request.post('/api/outfit', {
    headers: await bearer(page),
    multipart: {
      image: { name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: await card() },
      canvas_data: JSON.stringify(canvas),
    },
  });
  if (res.status() !== 201)
    throw new Error(`POST outfit answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Opens an outfit in the composer and waits for every piece to be drawn. A full page load: the
 * outfit was made through the API, so the app learns of it from its start-up sync.
 */
async function openEditor(page: Page, outfitId: string, pieces: number): Promise<void> {
  await page.goto(`/outfits/${outfitId}/edit`);
  await page.waitForFunction(
    (count) => {
      type Stage = { container(): HTMLElement; find(s: string): unknown[] };
      const konva = (window as unknown as { Konva?: { stages: Stage[] } }).Konva;
      const stage = konva?.stages.find((x) => x.container().isConnected);
      return !!stage && stage.find('.piece').length === count;
    },
    pieces,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(300);
}

/** Page-relative centre of the topmost piece. */
async function topPieceCentre(page: Page): Promise<{ x: number; y: number }> {
  return (await page.evaluate(`(() => {
    const s = window.Konva.stages.find((x) => x.container().isConnected);
    const pieces = s.find('.piece');
    const r = pieces[pieces.length - 1].getClientRect();
    const box = s.container().getBoundingClientRect();
    return { x: box.left + r.x + r.width / 2, y: box.top + r.y + r.height / 2 };
  })()`)) as { x: number; y: number };
}

/** A drag in a loop around the card, one mouse event per step. */
async function dragAround(page: Page, steps: number): Promise<void> {
  const start = await topPieceCentre(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    await page.mouse.move(start.x + Math.sin(t) * 150, start.y + (1 - Math.cos(t)) * 120);
  }
  await page.mouse.up();
}

/** Milliseconds per full redraw of the canvas layer (what each drag frame costs at most). */
async function redrawMs(page: Page): Promise<number> {
  return (await page.evaluate(`(() => {
    const s = window.Konva.stages.find((x) => x.container().isConnected);
    const layer = s.getLayers()[0];
    for (let i = 0; i < 5; i++) layer.draw();
    const t0 = performance.now();
    for (let i = 0; i < 40; i++) layer.draw();
    return (performance.now() - t0) / 40;
  })()`)) as number;
}

// The image the app puts in the outfit's form, caught as it is added (the request body of a
// multipart upload is not visible to Playwright).
const CATCH_IMAGE = `(() => {
  window.__outfitImage = null;
  const set = FormData.prototype.set;
  FormData.prototype.set = function (name, value, filename) {
    if (name === 'image' && value instanceof Blob) {
      window.__outfitImage = createImageBitmap(value).then((bitmap) => ({
        bytes: value.size, type: value.type, width: bitmap.width, height: bitmap.height,
      }));
    }
    return filename === undefined ? set.call(this, name, value) : set.call(this, name, value, filename);
  };
})()`;

/** Saves the open canvas and answers the JPEG that was posted (bytes and its size in pixels). */
async function saveAndMeasureJpeg(
  page: Page,
): Promise<{ bytes: number; type: string; width: number; height: number }> {
  await page.evaluate(CATCH_IMAGE);
  const posted = page.waitForResponse(
    (r) => r.url().endsWith('/api/outfit') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save Outfit' }).click();
  const status = (await posted).status();
  if (status !== 200 && status !== 201) throw new Error(`the outfit was not saved: ${status}`);
  const image = (await page.evaluate('window.__outfitImage')) as {
    bytes: number;
    type: string;
    width: number;
    height: number;
  } | null;
  if (!image) throw new Error('no image was posted');
  await page.waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 30_000 });
  return image;
}

/** Photo-like pieces: blurred noise in garment colours, which JPEG cannot squeeze much. */
async function texturedPhoto(i: number): Promise<Buffer> {
  const size = 800;
  const noise = Buffer.alloc(size * size * 3);
  const tint = [
    [120, 90, 70],
    [40, 70, 120],
    [150, 40, 50],
    [60, 110, 80],
  ][i % 4]!;
  for (let p = 0; p < size * size; p++) {
    const n = Math.random() * 90;
    noise[p * 3] = Math.min(255, tint[0]! + n);
    noise[p * 3 + 1] = Math.min(255, tint[1]! + n);
    noise[p * 3 + 2] = Math.min(255, tint[2]! + n);
  }
  return sharp(noise, { raw: { width: size, height: size, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 88 })
    .toBuffer();
}

async function addTexturedItems(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await page.request.post('/api/clothes', {
      headers: await bearer(page),
      multipart: {
        image: { name: `texture-${i}.jpg`, mimeType: 'image/jpeg', buffer: await texturedPhoto(i) },
        category: 'top',
        status: 'clothes',
      },
    });
    if (res.status() !== 201) throw new Error(`POST clothes answered ${res.status()}`);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/**
 * 'Add Clothes' until the first tile's thumbnail has loaded and been painted; also when the grid
 * itself was first in the page (the rest is the thumbnail's fetch and decode).
 */
const OPEN_PICKER = `(async () => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Add Clothes');
  if (!button) throw new Error('no Add Clothes button in ' + location.pathname);
  const t0 = performance.now();
  let grid = 0;
  button.click();
  await new Promise((resolve, reject) => {
    const check = () => {
      if (!grid && document.querySelector('[aria-label="Items to choose from"] [role="listitem"]')) {
        grid = performance.now() - t0;
      }
      const img = document.querySelector('[aria-label="Items to choose from"] img');
      if (img && img.complete && img.naturalWidth > 0) return resolve();
      if (performance.now() - t0 > 20000) return reject(new Error('no thumbnail within 20 s'));
      requestAnimationFrame(check);
    };
    check();
  });
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return { total: performance.now() - t0, grid };
})()`;

type Opening = { total: number; grid: number };

const CLOSE_PICKER = `(() => {
  const region = document.querySelector('section[aria-label="Add clothes"]');
  region.querySelector('button[aria-label="Back"]').click();
})()`;

const step = (what: string) => console.error(`composer bench: ${what}`);

async function main() {
  step('seeding 2,000 items and signing in');
  const app = await openSeededApp({ items: 2000, outfits: 0, days: 0 });
  const { page } = app;
  try {
    const ids = await closetIds(page);
    if (ids.length < PIECES) throw new Error(`only ${ids.length} items in the closet`);

    step('dragging 30 pieces');
    // 1. Dragging with 30 pieces on the card.
    const outfit = await saveLayout(page, ids.slice(0, PIECES), 5, 0.3, 180);
    await openEditor(page, outfit, PIECES);
    await dragAround(page, 30); // warm-up: first draws, caches
    const intervals: number[] = [];
    for (let run = 0; run < 3; run++) {
      intervals.push(...(await frameTimesDuring(page, () => dragAround(page, 90))));
    }
    const redraw = await redrawMs(page);

    step('saving');
    // 2. The saved JPEG of that canvas.
    const flatJpeg = await saveAndMeasureJpeg(page);

    step('opening the picker');
    // 3. The picker over 2,000 items: the first opening fetches thumbnails, later ones reuse them.
    await page.evaluate(() => {
      history.pushState(null, '', '/outfits/upload');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('button', { name: 'Add Clothes' }).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent?.trim() === 'Add Clothes' && !b.disabled,
      ),
    );
    const coldPicker = (await page.evaluate(OPEN_PICKER)) as Opening;
    const warmPicker: Opening[] = [];
    for (let i = 0; i < 10; i++) {
      await page.evaluate(CLOSE_PICKER);
      await page.waitForTimeout(150);
      warmPicker.push((await page.evaluate(OPEN_PICKER)) as Opening);
    }
    const tilesInDom = await page
      .locator('[aria-label="Items to choose from"] [role="listitem"]')
      .count();
    await page.evaluate(CLOSE_PICKER);

    step('textured pieces');
    // 4. Worst case for the JPEG: textured, photo-like pieces covering the whole card.
    const textured = await addTexturedItems(page, 12);
    const heavy = await saveLayout(page, textured, 3, 0.32, 256);
    await openEditor(page, heavy, textured.length);
    const texturedJpeg = await saveAndMeasureJpeg(page);

    const drag = summary(intervals);
    writeResult('composer', {
      targets: TARGETS,
      wardrobe: app.seeded,
      drag: {
        pieces: PIECES,
        frames: intervals.length,
        medianFrameMs: drag.medianMs,
        p95FrameMs: drag.p95Ms,
        maxFrameMs: drag.maxMs,
        fullRedrawMs: round(redraw),
        withinTarget: drag.medianMs <= TARGETS.dragMedianFrameMs,
      },
      jpeg: {
        quality: 0.86,
        seededPhotos: flatJpeg,
        texturedPhotos: texturedJpeg,
        withinTarget:
          flatJpeg.bytes <= TARGETS.jpegBytes && texturedJpeg.bytes <= TARGETS.jpegBytes,
      },
      picker: {
        items: app.seeded.items,
        firstOpen: { toThumbnailMs: round(coldPicker.total), toGridMs: round(coldPicker.grid) },
        ...summary(warmPicker.map((o) => o.total)),
        medianToGridMs: round(median(warmPicker.map((o) => o.grid))),
        tilesInDom,
        withinTarget:
          median(warmPicker.map((o) => o.total)) <= TARGETS.pickerOpenMs &&
          coldPicker.total <= TARGETS.pickerOpenMs,
      },
    });
  } finally {
    await app.close();
  }
}

await main();
