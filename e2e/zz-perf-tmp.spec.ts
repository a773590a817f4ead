import { addItems, reloadWardrobe } from './api-seed';
import { expect, signUp, test } from './fixtures';

test('5000 items scroll', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await addItems(page, [{ category: 'top', brand: 'COS', price: 20, color: '#d9c5a0' }]);
  await page.route('**/api/users', async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    const clothes = json.clothes;
    const isArray = Array.isArray(clothes);
    const first = isArray ? clothes[0] : Object.values(clothes)[0];
    const many: Record<string, unknown>[] = [];
    const cats = ['top', 'bottom', 'shoes', 'bag', 'outerwear'];
    for (let i = 0; i < 5000; i++) {
      many.push({ ...first, id: `x${i}`, price: (i * 7) % 500, brand: `Brand ${i % 90}`, category: cats[i % 5], date_created: new Date(Date.UTC(2020, 0, 1) + i * 3600e3).toISOString() });
    }
    json.clothes = isArray ? many : Object.fromEntries(many.map((m) => [m.id, m]));
    await route.fulfill({ response: res, json });
  });
  await reloadWardrobe(page);
  await expect(page.getByRole('navigation', { name: 'Wardrobe' }).getByRole('link', { name: /^Items/ })).toContainText('5000');
  const t0 = Date.now();
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('Price');
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem').first()).toHaveText(/\$/);
  console.log('sort switch ms', Date.now() - t0);
  const dom = await page.evaluate(() => document.querySelectorAll('[role=listitem]').length);
  console.log('tiles in DOM', dom);
  const stats = await page.evaluate(async () => {
    const frames: number[] = [];
    let last = performance.now();
    let done = false;
    const tick = (t: number) => { frames.push(t - last); last = t; if (!done) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    for (let i = 0; i < 120; i++) { window.scrollBy(0, 400); await new Promise((r) => requestAnimationFrame(r)); }
    done = true;
    frames.sort((a, b) => a - b);
    return { n: frames.length, p50: frames[Math.floor(frames.length / 2)], p95: frames[Math.floor(frames.length * 0.95)], max: frames[frames.length - 1], y: window.scrollY };
  });
  console.log('scroll frames', JSON.stringify(stats));
  const imgs = await page.evaluate(() => document.querySelectorAll('img').length);
  console.log('imgs in DOM', imgs);
});
