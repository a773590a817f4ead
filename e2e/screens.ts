import type { Locator, Page } from '@playwright/test';

/** The two sizes every screen is looked at: a phone and a laptop. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Waits until the images on screen have loaded (or failed, at most 5 s) and the fonts are ready. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A lazy image below the fold never loads, so it would never fire load or error: wait only
    // for the images the screenshot shows, and never longer than a few seconds.
    const visible = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    };
    const pending = Array.from(document.images)
      .filter((img) => !img.complete && (img.loading !== 'lazy' || visible(img)))
      .map(
        (img) =>
          new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
      );
    await Promise.race([Promise.all(pending), new Promise((done) => setTimeout(done, 5_000))]);
  });
}

/**
 * Screenshots of the current screen at both sizes, into e2e/artifacts/screenshots/<name>-<size>.png.
 * `fullPage` captures long screens (detail pages, the profile) whole; the viewport is restored.
 */
export async function shootBoth(
  page: Page,
  name: string,
  { fullPage = false } = {},
): Promise<void> {
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await settled(page);
    // Layout and lazy images settle after a resize.
    await page.waitForTimeout(150);
    await page.screenshot({ path: `e2e/artifacts/screenshots/${name}-${size.name}.png`, fullPage });
  }
  if (before) await page.setViewportSize(before);
}

/** Today as the app counts wears (docs/spec.md §4: before 05:00 it is still yesterday), in the browser's zone. */
export function wearDay(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    if (now.getHours() < 5) now.setDate(now.getDate() - 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

/** The value of one stat on a detail screen's "Stats" grid. */
export function stat(page: Page, label: string): Locator {
  return page
    .getByLabel('Stats')
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
}
