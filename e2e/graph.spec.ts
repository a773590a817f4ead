import type { Page } from '@playwright/test';
import { addItems, addOutfit, logWear, reloadWardrobe, type SeedItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { SIZES, settled } from './screens';

/** Nine pieces: seven worn in outfits, a bag and a scarf never put in one. */
const CLOSET: SeedItem[] = [
  { category: 'top', brand: 'Uniqlo', color: '#2f3e5c' },
  { category: 'top', brand: 'COS', color: '#d9c5a0' },
  { category: 'bottom', brand: "Levi's", color: '#3d5a80' },
  { category: 'bottom', brand: 'Arket', color: '#8a7a5c' },
  { category: 'shoes', brand: 'Vans', color: '#1f1f1f' },
  { category: 'shoes', brand: 'Dr. Martens', color: '#5a2e1e' },
  { category: 'outerwear', brand: 'Toast', color: '#7a5c3e' },
  { category: 'bag', brand: 'Sandqvist', color: '#2a4d3c' },
  { category: 'accessory', color: '#b5838d' },
];

const graph = (page: Page) => page.getByTestId('pairing-graph');
const topPairings = (page: Page) => page.getByRole('region', { name: 'Top pairings' });
const panel = (page: Page) => page.locator('section[aria-labelledby="graph-panel-title"]');

/**
 * Outfits: Uniqlo + Levi's + Vans three times (the pairs in the most outfits), and a few others,
 * so that every worn piece has at least one partner. Uniqlo + Arket, one outfit, is worn on two
 * days: the pair worn together most.
 */
async function seedWardrobe(page: Page) {
  await signUpByApi(page);
  const [tee, shirt, jeans, chinos, vans, boots, coat] = await addItems(page, CLOSET);
  const look = (...items: { id: string }[]) =>
    addOutfit(
      page,
      items.map((i) => i.id),
      items.map(() => '#8a6f5a'),
    );
  await look(tee!, jeans!, vans!);
  await look(tee!, jeans!, vans!);
  await look(tee!, jeans!, vans!);
  await look(shirt!, chinos!, boots!);
  await look(shirt!, jeans!, boots!, coat!);
  const teeAndChinos = await look(tee!, chinos!);
  await logWear(page, '2024-05-01', { outfits: [teeAndChinos] });
  await logWear(page, '2024-05-02', { outfits: [teeAndChinos] });
  await reloadWardrobe(page);
  return { tee: tee!, shirt: shirt!, jeans: jeans!, chinos: chinos!, vans: vans!, boots: boots! };
}

async function openGraph(page: Page) {
  await page.goto('/graph');
  await expect(page.getByRole('heading', { name: 'Graph', level: 1 })).toBeVisible();
  await expect(graph(page)).toHaveAttribute('data-layout', 'settled', { timeout: 15_000 });
}

test.describe('the pairing graph', () => {
  test('says what to do before there is anything to connect', async ({ page }) => {
    await signUpByApi(page);
    await page.goto('/graph');
    await expect(page.getByRole('heading', { name: 'Nothing to connect yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add your first item' })).toHaveAttribute(
      'href',
      '/items/upload',
    );

    await addItems(page, CLOSET.slice(0, 2));
    await reloadWardrobe(page);
    await expect(page.getByRole('heading', { name: 'No pairings yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an outfit' })).toHaveAttribute(
      'href',
      '/outfits/upload',
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await settled(page);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/graph-empty-${scheme}-${size.name}.png`,
        });
      }
    }
  });

  for (const size of SIZES) {
    test(`draws the pairings and explores them (${size.name})`, async ({ page }) => {
      await page.setViewportSize(size);
      const { tee, jeans, vans } = await seedWardrobe(page);
      await openGraph(page);

      // Seven paired pieces and their twelve distinct pairs; bag and scarf wait off-stage.
      await expect(page.getByText('7 items · 12 pairings')).toBeVisible();
      await expect(graph(page)).toHaveAttribute('data-node-count', '7');
      await expect(graph(page)).toHaveAttribute('data-edge-count', '12');

      // The pairs worn together on the most days lead the list, then those in the most outfits,
      // each saying how often they were worn together and in how many outfits.
      const firstPair = topPairings(page).getByRole('listitem').first();
      await expect(firstPair).toContainText('worn together 2 times · 1 outfit');
      await expect(firstPair).toContainText(/Uniqlo Top/);
      await expect(firstPair).toContainText(/Arket Bottom/);
      const secondPair = topPairings(page).getByRole('listitem').nth(1);
      await expect(secondPair).toContainText('not worn together yet · 3 outfits');

      // Choosing from the list selects the piece on the canvas and opens its panel.
      await topPairings(page)
        .getByRole('button', { name: /^Levi's Bottom with Uniqlo Top/ })
        .click();
      await expect(panel(page).getByRole('heading', { name: "Levi's Bottom" })).toBeFocused();
      await expect(graph(page)).toHaveAttribute('data-selected', jeans.id);
      await expect(panel(page)).toContainText('Bottom · in 4 outfits');
      // What it is worn with, ranked as Top pairings ranks pairs: none of its pairs was worn yet,
      // so the piece it shares the most outfits with leads.
      const partners = panel(page).getByRole('list', { name: /Worn most with/ });
      await expect(partners.getByRole('button').first()).toContainText(
        'not worn together yet · 3 outfits',
      );

      // The camera brought it into view (on a phone, above where the panel floats): a click
      // there on the canvas selects it again.
      await panel(page).getByRole('button', { name: 'Close' }).click();
      await expect(panel(page)).toHaveCount(0);
      await page.waitForTimeout(500);
      const box = (await graph(page).boundingBox())!;
      const focusY = size.name === 'phone' ? 0.3 : 0.5;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height * focusY);
      await expect(graph(page)).toHaveAttribute('data-selected', jeans.id);
      await expect(panel(page).getByRole('heading', { name: "Levi's Bottom" })).toBeVisible();

      // A partner in the panel walks the graph.
      await partners.getByRole('button', { name: /^Uniqlo Top/ }).click();
      await expect(graph(page)).toHaveAttribute('data-selected', tee.id);

      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(300);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/graph-selected-${scheme}-${size.name}.png`,
        });
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await panel(page).getByRole('link', { name: 'Open item' }).click();
      await expect(page).toHaveURL(new RegExp(`/items/${tee.id}$`));
      await page.goBack();
      await expect(graph(page)).toHaveAttribute('data-layout', 'settled');

      // Shoes and what they are worn with: Vans and Dr. Martens with their five partners.
      await page.getByRole('radio', { name: 'Shoes' }).check({ force: true });
      await expect(page.getByText('7 items · 6 pairings')).toBeVisible();
      await expect(graph(page)).toHaveAttribute('data-node-count', '7');
      for (const row of await topPairings(page).getByRole('listitem').all()) {
        await expect(row).toContainText(/Vans Shoes|Dr\. Martens Shoes/);
      }
      await expect(topPairings(page).getByRole('button').first()).toContainText(/^Vans Shoes/);

      // The unpaired bag and scarf join on a ring; the bag's category becomes a filter.
      await page.getByRole('radio', { name: 'All' }).check({ force: true });
      await page.getByRole('button', { name: /unpaired \(2\)/i }).click();
      await expect(page.getByRole('button', { name: /unpaired \(2\)/i })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(graph(page)).toHaveAttribute('data-node-count', '9');
      await page.waitForTimeout(800);
      await page.screenshot({
        path: `e2e/artifacts/screenshots/graph-unpaired-light-${size.name}.png`,
      });
      await page.getByRole('radio', { name: 'Bag' }).check({ force: true });
      await expect(page.getByText('1 item · 0 pairings')).toBeVisible();
      await topPairings(page).getByText('All 1 item in this view').click();
      await page
        .getByRole('list', { name: 'Items in the graph' })
        .getByRole('button', { name: /^Sandqvist Bag/ })
        .click();
      await expect(panel(page)).toContainText('Not in an outfit with anything else yet');
      await expect(
        panel(page).getByRole('link', { name: 'Style it in an outfit' }),
      ).toHaveAttribute('href', /\/outfits\/upload\?selected=/);
      expect(vans.id).toBeTruthy();
    });
  }

  test('looks right in light and dark at both sizes', async ({ page }) => {
    await seedWardrobe(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await openGraph(page);
        await settled(page);
        // The photo textures are drawn a moment after they load.
        await page.waitForTimeout(800);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/graph-${scheme}-${size.name}.png`,
        });
      }
    }
  });
});
