import type { Page } from '@playwright/test';
import { addItem, addItems, reloadWardrobe, type SeededItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { SIZES, settled } from './screens';

/**
 * The outfit composer and item picker (docs/spec.md §2, §4, §5, §9) in the built app, with a mouse
 * at 1440×900 and with touch at 390×844. The canvas has no DOM of its own,
 * so the pieces are read from Konva's stage (window.Konva, which the library sets) and driven
 * with real mouse and touch input at their positions on screen.
 */

interface Piece {
  id: string;
  x: number;
  y: number;
  scale: number;
  rotation: number;
  /** The piece's centre on the page, in CSS pixels. */
  cx: number;
  cy: number;
  width: number;
  height: number;
}

interface WireEntry {
  clothing_id: string;
  x: number;
  y: number;
  scale: number;
  rotation: number;
}

/** The pieces on the canvas, bottom of the stack first. */
function pieces(page: Page): Promise<Piece[]> {
  return page.evaluate(() => {
    type Node = {
      id(): string;
      x(): number;
      y(): number;
      scaleX(): number;
      rotation(): number;
      getClientRect(): { x: number; y: number; width: number; height: number };
    };
    type Stage = {
      container(): HTMLElement;
      find(selector: string): Node[];
    };
    const konva = (window as unknown as { Konva?: { stages: Stage[] } }).Konva;
    const stage = konva?.stages.find((s) => s.container().isConnected);
    if (!stage) return [];
    const box = stage.container().getBoundingClientRect();
    return stage.find('.piece').map((n) => {
      const r = n.getClientRect();
      return {
        id: n.id(),
        x: n.x(),
        y: n.y(),
        scale: n.scaleX(),
        rotation: n.rotation(),
        cx: box.left + r.x + r.width / 2,
        cy: box.top + r.y + r.height / 2,
        width: r.width,
        height: r.height,
      };
    });
  });
}

/** Where a transformer handle ('bottom-right', 'rotater', ...) is on the page. */
function handle(page: Page, name: string): Promise<{ x: number; y: number } | null> {
  return page.evaluate((anchor) => {
    type Stage = {
      container(): HTMLElement;
      findOne(selector: string):
        | {
            findOne(s: string):
              | {
                  getAbsolutePosition(): { x: number; y: number };
                  width(): number;
                  height(): number;
                  visible(): boolean;
                }
              | undefined;
          }
        | undefined;
    };
    const konva = (window as unknown as { Konva?: { stages: Stage[] } }).Konva;
    const stage = konva?.stages.find((s) => s.container().isConnected);
    const node = stage?.findOne('Transformer')?.findOne(`.${anchor}`);
    if (!stage || !node || !node.visible()) return null;
    const box = stage.container().getBoundingClientRect();
    const p = node.getAbsolutePosition();
    // Anchors are drawn from their top-left corner, offset by half their size.
    return { x: box.left + p.x, y: box.top + p.y };
  }, name);
}

/** The display scale: screen pixels per outfit unit. */
function displayScale(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Stage = { container(): HTMLElement; scaleX(): number };
    const konva = (window as unknown as { Konva?: { stages: Stage[] } }).Konva;
    return konva?.stages.find((s) => s.container().isConnected)?.scaleX() ?? 0;
  });
}

async function drag(page: Page, from: { x: number; y: number }, by: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(from.x + (by.x * i) / 8, from.y + (by.y * i) / 8);
  }
  await page.mouse.up();
}

const byId = (list: Piece[], id: string) => list.find((p) => p.id === id)!;
const order = async (page: Page) => (await pieces(page)).map((p) => p.id);

async function seed(page: Page): Promise<SeededItem[]> {
  await signUpByApi(page);
  const items = await addItems(page, [
    { category: 'top', brand: 'COS', color: '#d9c5a0' },
    { category: 'bottom', brand: 'Levi’s', color: '#3d5a80' },
    { category: 'shoes', brand: 'Veja', color: '#8c2f39' },
  ]);
  await page.goto('/outfits');
  await reloadWardrobe(page);
  return items;
}

/** Selects a piece from the canvas's list of pieces, as a keyboard user does. */
async function selectPiece(page: Page, name: string) {
  const button = page
    .getByRole('list', { name: 'Pieces on the canvas' })
    .getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

const pickerBack = (page: Page) =>
  page.getByRole('region', { name: 'Add clothes' }).getByRole('button', { name: 'Back' }).click();

const pickerGrid = (page: Page) => page.getByRole('list', { name: 'Items to choose from' });

/** Opens the picker, chooses the items with these accessible names, and adds them. */
async function addFromPicker(page: Page, names: readonly string[]) {
  await page.getByRole('button', { name: 'Add Clothes' }).click();
  for (const name of names) {
    await pickerGrid(page).getByRole('button', { name, exact: true }).click();
  }
  await page.getByRole('button', { name: `Add ${names.length}` }).click();
  await expect(pickerGrid(page)).toHaveCount(0);
}

// Each test signs up, seeds, and composes step by step: up to 70 s at a load of
// 25 on two cores, past the default minute.
test.describe.configure({ timeout: 120_000 });

test.describe('the outfit composer with a mouse', () => {
  // A photo that fails to load is simulated with page.route, which neither sees the service
  // worker's requests nor beats its photo cache (the photo was shown earlier): no worker here.
  test.use({ serviceWorkers: 'block' });
  test('composes, transforms, locks, reorders, undoes, saves and reopens an outfit', async ({
    page,
  }) => {
    const [tee, jeans, shoes] = await seed(page);
    await page.getByRole('link', { name: 'New outfit' }).click();
    await expect(page).toHaveURL(/\/outfits\/upload$/);
    await expect(page.getByRole('button', { name: 'Save Outfit' })).toHaveCount(0);

    // The 720×1080 card fits the window less the 100-unit toolbar: 800 px high at 900.
    await expect.poll(() => displayScale(page)).toBeCloseTo(800 / 1080, 6);
    const scale = await displayScale(page);

    // The picker: chips, toggling, and the 'Add {count}' bar only once something is chosen.
    await page.getByRole('button', { name: 'Add Clothes' }).click();
    await expect(page.getByRole('radio', { name: 'All' }).first()).toBeChecked();
    await expect(page.getByRole('button', { name: /^Add \d/ })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Bottom' }).check({ force: true });
    await expect(pickerGrid(page).getByRole('button')).toHaveCount(1);
    await page.getByRole('radio', { name: 'All' }).first().check({ force: true });
    await expect(pickerGrid(page).getByRole('button')).toHaveCount(3);
    const teeTile = pickerGrid(page).getByRole('button', { name: 'COS Top', exact: true });
    await teeTile.click();
    await expect(teeTile).toHaveAttribute('aria-pressed', 'true');
    await teeTile.click();
    await expect(teeTile).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: /^Add \d/ })).toHaveCount(0);
    await pickerBack(page);
    await expect(pickerGrid(page)).toHaveCount(0);

    await addFromPicker(page, ['Levi’s Bottom', 'Veja Shoes', 'COS Top']);
    await expect.poll(() => order(page)).toEqual([jeans!.id, shoes!.id, tee!.id]);
    await expect(page.getByRole('button', { name: 'Save Outfit' })).toBeVisible();

    // Added at the bottom right: each piece's right and bottom edges touch the card's.
    for (const p of await pieces(page)) {
      expect(p.x + p.width / scale).toBeCloseTo(720, 0);
      expect(p.y + p.height / scale).toBeCloseTo(1080, 0);
    }
    // Items on the canvas are not offered again.
    await page.getByRole('button', { name: 'Add Clothes' }).click();
    await expect(
      page.getByRole('heading', { name: 'All of these are added already' }),
    ).toBeVisible();
    await pickerBack(page);

    // Drag the top piece (the tee) up and left.
    let before = byId(await pieces(page), tee!.id);
    await drag(page, { x: before.cx, y: before.cy }, { x: -200, y: -300 });
    let after = byId(await pieces(page), tee!.id);
    expect(after.x - before.x).toBeCloseTo(-200 / scale, 0);
    expect(after.y - before.y).toBeCloseTo(-300 / scale, 0);

    // Resize from the bottom-right corner: the ratio is kept.
    before = after;
    const corner = (await handle(page, 'bottom-right'))!;
    expect(corner).not.toBeNull();
    await drag(page, corner, { x: 60, y: 60 });
    after = byId(await pieces(page), tee!.id);
    expect(after.scale).toBeGreaterThan(before.scale * 1.1);
    expect(after.width / after.height).toBeCloseTo(before.width / before.height, 1);

    // Rotate with the handle above the piece.
    const rotater = (await handle(page, 'rotater'))!;
    await drag(page, rotater, { x: 120, y: 40 });
    after = byId(await pieces(page), tee!.id);
    expect(Math.abs(after.rotation)).toBeGreaterThan(10);

    // Lock: a drag does nothing, the transformer has no handles, reordering is off.
    await page.getByRole('button', { name: 'Lock' }).click();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move backward' })).toBeDisabled();
    before = byId(await pieces(page), tee!.id);
    await drag(page, { x: before.cx, y: before.cy }, { x: 150, y: 150 });
    after = byId(await pieces(page), tee!.id);
    expect({ x: after.x, y: after.y }).toEqual({ x: before.x, y: before.y });
    expect(await handle(page, 'bottom-right')).toBeNull();
    await page.keyboard.press('ArrowLeft');
    expect(byId(await pieces(page), tee!.id).x).toBe(before.x);
    await page.getByRole('button', { name: 'Unlock' }).click();

    // Reorder: one step back, then undo and redo it, with buttons and with keys.
    await page.getByRole('button', { name: 'Move backward' }).click();
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id, shoes!.id]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => order(page)).toEqual([jeans!.id, shoes!.id, tee!.id]);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id, shoes!.id]);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => order(page)).toEqual([jeans!.id, shoes!.id, tee!.id]);
    await page.keyboard.press('Shift+ControlOrMeta+z');
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id, shoes!.id]);

    // Undo walks back through the rotation too, and redo brings it again.
    const rotated = byId(await pieces(page), tee!.id).rotation;
    for (let i = 0; i < 3; i++) await page.keyboard.press('ControlOrMeta+z'); // reorder, unlock, lock
    await page.keyboard.press('ControlOrMeta+z'); // rotation
    expect(byId(await pieces(page), tee!.id).rotation).toBeCloseTo(0, 6);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ControlOrMeta+z');
    expect(byId(await pieces(page), tee!.id).rotation).toBeCloseTo(rotated, 6);
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id, shoes!.id]);

    // Arrows nudge the selection; Escape deselects (the piece tools go away).
    await selectPiece(page, 'Levi’s Bottom');
    const jeansBefore = byId(await pieces(page), jeans!.id);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    const jeansAfter = byId(await pieces(page), jeans!.id);
    expect(jeansAfter.x).toBeCloseTo(jeansBefore.x + 1, 6);
    expect(jeansAfter.y).toBeCloseTo(jeansBefore.y - 10, 6);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // Save: the POST carries the layout in outfit units, in stack order.
    const layout = await pieces(page);
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/outfit') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Outfit' }).click();
    await expect(page.getByText('Saving...')).toBeVisible();
    const response = await posted;
    expect(response.status()).toBe(201);
    const saved = (await response.json()) as { id: string; canvas_data: WireEntry[] };
    expect(saved.canvas_data.map((e) => e.clothing_id)).toEqual(layout.map((p) => p.id));
    for (const [i, entry] of saved.canvas_data.entries()) {
      expect(entry.x).toBeCloseTo(layout[i]!.x, 6);
      expect(entry.y).toBeCloseTo(layout[i]!.y, 6);
      expect(entry.scale).toBeCloseTo(layout[i]!.scale, 6);
      expect(entry.rotation).toBeCloseTo(layout[i]!.rotation, 6);
      expect(entry).not.toHaveProperty('locked');
    }
    await expect(page.getByText('Outfit created successfully')).toBeVisible();

    // Back one page, on the Outfits tab, with the new outfit's image.
    await expect(page).toHaveURL(/\/outfits$/);
    const card = page.getByRole('list', { name: 'Outfits' }).getByRole('link');
    await expect(card).toHaveCount(1);
    const img = card.first().getByRole('img');
    await expect
      .poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // Edit from the outfit's page: the same layout comes back, exactly.
    await card.first().click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/outfits/${saved.id}/edit$`));
    await expect.poll(async () => (await pieces(page)).length).toBe(3);
    const reopened = await pieces(page);
    expect(reopened.map((p) => p.id)).toEqual(saved.canvas_data.map((e) => e.clothing_id));
    for (const [i, entry] of saved.canvas_data.entries()) {
      expect(reopened[i]!.x).toBeCloseTo(entry.x, 6);
      expect(reopened[i]!.y).toBeCloseTo(entry.y, 6);
      expect(reopened[i]!.scale).toBeCloseTo(entry.scale, 6);
      expect(reopened[i]!.rotation).toBeCloseTo(entry.rotation, 6);
    }

    // Saving an edit saves over the same outfit.
    await selectPiece(page, 'COS Top');
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await pieces(page)).length).toBe(2);
    const edited = page.waitForResponse(
      (r) => r.url().endsWith('/api/outfit') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Outfit' }).click();
    const editedBody = (await (await edited).json()) as { id: string; canvas_data: WireEntry[] };
    expect(editedBody.id).toBe(saved.id);
    expect(editedBody.canvas_data.map((e) => e.clothing_id)).toEqual(
      saved.canvas_data.map((e) => e.clothing_id).filter((id) => id !== tee!.id),
    );
    await expect(page).toHaveURL(new RegExp(`/outfits/${saved.id}$`));
    await page.goto('/outfits');
    await expect(page.getByRole('list', { name: 'Outfits' }).getByRole('link')).toHaveCount(1);
  });

  test('keeps the canvas when a save fails, saves once on a double click, and asks before discarding', async ({
    page,
  }) => {
    const [tee, jeans] = await seed(page);
    // Unknown ids in the URL are ignored.
    await page.goto(`/outfits/upload?selected=${jeans!.id},not-mine,${tee!.id}`);
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id]);

    // The server refuses: the catalogue's message (the server's own text) and nothing lost.
    await page.route('**/api/outfit', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'The disk is full.' }),
      }),
    );
    await page.getByRole('button', { name: 'Save Outfit' }).click();
    await expect(page.getByText('Outfit Upload Failed')).toBeVisible();
    await expect(page.getByText('The disk is full.')).toBeVisible();
    await expect(page).toHaveURL(/\/outfits\/upload/);
    expect(await order(page)).toEqual([jeans!.id, tee!.id]);
    await page.unroute('**/api/outfit');

    // No network: the outfit is kept on this device and waits in the outbox (README, Install and
    // offline), shown as pending, with no success toast; it is sent when the connection returns.
    await page.route('**/api/outfit', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Save Outfit' }).click();
    await expect(page).toHaveURL(/\/outfits$/);
    const outfits = page.getByRole('list', { name: 'Outfits' }).getByRole('link');
    await expect(outfits).toHaveCount(1);
    await expect(outfits.getByRole('img', { name: 'Pending sync' })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: /^Offline · / })).toBeVisible();
    await expect(page.getByText('Outfit created successfully')).toHaveCount(0);
    await page.unroute('**/api/outfit');
    // Back online: the waiting outfit reaches the server, with the pieces as they were.
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect(outfits.getByRole('img', { name: 'Pending sync' })).toHaveCount(0);
    await expect(outfits.first()).not.toHaveAttribute('href', /local-/);
    await outfits.first().click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/outfits\/[^/]+\/edit$/);
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id]);

    // A double click makes one outfit.
    await page.goto(`/outfits/upload?selected=${jeans!.id},${tee!.id}`);
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id]);
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/outfit') && r.method() === 'POST') posts += 1;
    });
    await page.getByRole('button', { name: 'Save Outfit' }).dblclick();
    await expect(page.getByText('Outfit created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/outfits$/);
    await expect(outfits).toHaveCount(2);
    expect(posts).toBe(1);

    // A piece whose photo does not load is not added, and the user is told.
    await page.getByRole('link', { name: 'New outfit' }).click();
    await page.route(new URL(tee!.image, page.url()).href, (route) => route.abort());
    await addFromPicker(page, ['COS Top', 'Levi’s Bottom']);
    await expect(page.getByText("Couldn't add COS Top")).toBeVisible();
    await expect.poll(() => order(page)).toEqual([jeans!.id]);

    // Leaving with unsaved work asks first: Back, then the browser's back button.
    await page.getByRole('button', { name: 'Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this outfit?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeHidden();
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/outfits\/upload$/);
    expect(await order(page)).toEqual([jeans!.id]);

    // Discarding really leaves, and nothing was saved.
    await page.goBack();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/outfits$/);
    await expect(outfits).toHaveCount(2);
    expect(posts).toBe(1);

    // Closing the tab with unsaved work asks too (beforeunload).
    await page.getByRole('link', { name: 'New outfit' }).click();
    await addFromPicker(page, ['Levi’s Bottom']);
    await expect.poll(() => order(page)).toEqual([jeans!.id]);
    const prompt = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const beforeUnload = await prompt;
    expect(beforeUnload.type()).toBe('beforeunload');
    await beforeUnload.accept();
  });
});

test.describe('the outfit composer and a keyboard', () => {
  test('moves focus with its layers, and shows every handle of a piece at the card’s edge', async ({
    page,
  }) => {
    await seed(page);
    await page.getByRole('link', { name: 'New outfit' }).click();
    await expect(page.getByRole('heading', { name: 'New outfit' })).toBeFocused();

    // The picker takes focus to its heading, and gives it back to the button that opened it.
    const addClothes = page.getByRole('button', { name: 'Add Clothes' });
    await addClothes.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Add clothes' })).toBeFocused();
    await pickerGrid(page).getByRole('button', { name: 'COS Top', exact: true }).click();
    await page.getByRole('button', { name: 'Add 1' }).click();
    await expect(addClothes).toBeFocused();
    await expect.poll(async () => (await pieces(page)).length).toBe(1);

    // A new piece sits in the card's bottom-right corner; its handles there are drawn whole.
    await selectPiece(page, 'COS Top');
    const scale = await displayScale(page);
    const half = (24 * scale) / 2;
    const stageBox = await page.locator('[data-composer] canvas').first().boundingBox();
    for (const name of ['bottom-right', 'bottom-left', 'top-right']) {
      const at = (await handle(page, name))!;
      expect(at, name).not.toBeNull();
      expect(at.x + half, name).toBeLessThanOrEqual(stageBox!.x + stageBox!.width);
      expect(at.y + half, name).toBeLessThanOrEqual(stageBox!.y + stageBox!.height);
    }

    // Deleting the focused piece from the keyboard leaves focus on 'Add Clothes', not the page.
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await pieces(page)).length).toBe(0);
    await expect(addClothes).toBeFocused();
  });

  test('holds at most 100 pieces, and says so instead of failing on save', async ({ page }) => {
    await signUpByApi(page);
    const items: SeededItem[] = [];
    for (let i = 0; i <= 100; i += 4) {
      const batch = Array.from({ length: Math.min(4, 101 - i) }, (_, k) =>
        addItem(page, { category: 'top', brand: `Brand ${i + k}`, color: '#a08060' }),
      );
      items.push(...(await Promise.all(batch)));
    }
    await page.goto('/outfits');
    await reloadWardrobe(page);
    const byBrand = (n: number) => items.find((it) => it.brand === `Brand ${n}`)!;
    const first100 = Array.from({ length: 100 }, (_, n) => byBrand(n).id);
    await page.goto(`/outfits/upload?selected=${first100.join(',')}`);
    await expect.poll(async () => (await pieces(page)).length, { timeout: 30_000 }).toBe(100);

    // A full canvas: 'Add Clothes' says why instead of opening the picker.
    await page.getByRole('button', { name: 'Add Clothes' }).click();
    await expect(page.getByText('An outfit holds up to 100 pieces')).toBeVisible();
    await expect(
      page.getByText('Remove a piece from the canvas to make room for another.'),
    ).toBeVisible();
    await expect(pickerGrid(page)).toHaveCount(0);

    // With one removed, the picker takes one more and refuses a second.
    await selectPiece(page, 'Brand 0 Top');
    await page.keyboard.press('Delete');
    await expect.poll(async () => (await pieces(page)).length).toBe(99);
    await page.getByRole('button', { name: 'Add Clothes' }).click();
    await pickerGrid(page).getByRole('button', { name: 'Brand 100 Top', exact: true }).click();
    const second = pickerGrid(page).getByRole('button', { name: 'Brand 0 Top', exact: true });
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'false');
    await expect(
      page.getByText('One more fits on this canvas, and you have chosen it.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Add 1' }).click();
    await expect.poll(async () => (await pieces(page)).length).toBe(100);

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/outfit') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Outfit' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    expect(((await response.json()) as { canvas_data: WireEntry[] }).canvas_data).toHaveLength(100);
  });
});

test.describe('the outfit composer on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('drags with one finger and scales with a two-finger pinch', async ({ page }) => {
    const [tee, jeans] = await seed(page);
    await page.goto(`/outfits/upload?selected=${jeans!.id},${tee!.id}`);
    await expect.poll(() => order(page)).toEqual([jeans!.id, tee!.id]);
    const scale = await displayScale(page);
    expect(scale).toBeCloseTo(390 / 720, 6);

    const cdp = await page.context().newCDPSession(page);
    const touch = (type: string, points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
      });

    // One finger drags the top piece.
    let before = byId(await pieces(page), tee!.id);
    await touch('touchStart', [{ x: before.cx, y: before.cy }]);
    for (let i = 1; i <= 8; i++) {
      await touch('touchMove', [{ x: before.cx - 12 * i, y: before.cy - 20 * i }]);
    }
    await touch('touchEnd', []);
    let after = byId(await pieces(page), tee!.id);
    expect(after.x - before.x).toBeCloseTo(-96 / scale, 0);
    expect(after.y - before.y).toBeCloseTo(-160 / scale, 0);

    // Two fingers spread apart over it: it grows about its centre, four times the finger gap.
    before = after;
    const c = { x: before.cx, y: before.cy };
    await touch('touchStart', [
      { x: c.x - 20, y: c.y },
      { x: c.x + 20, y: c.y },
    ]);
    for (let i = 1; i <= 10; i++) {
      await touch('touchMove', [
        { x: c.x - 20 - 4 * i, y: c.y },
        { x: c.x + 20 + 4 * i, y: c.y },
      ]);
    }
    await touch('touchEnd', []);
    after = byId(await pieces(page), tee!.id);
    expect(after.scale / before.scale).toBeCloseTo(3, 1);
    expect(after.cx).toBeCloseTo(before.cx, 0);
    expect(after.cy).toBeCloseTo(before.cy, 0);

    // A pinch clamps at 5 and is one undo step.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(byId(await pieces(page), tee!.id).scale).toBeCloseTo(before.scale, 6);

    // Save with a tap.
    await page.getByRole('button', { name: 'Save Outfit' }).tap();
    await expect(page.getByText('Outfit created successfully')).toBeVisible();
  });
});

test.describe('composer screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`composer and picker, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const [tee, jeans, shoes] = await seed(page);
      await page.goto('/outfits/upload');
      // The composer's code loads on demand: shoot the screen, not its loading spinner.
      await expect(page.getByText('Start with a piece')).toBeVisible();
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settled(page);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/composer-empty-${scheme}-${size.name}.png`,
        });
      }
      await page.goto(`/outfits/upload?selected=${jeans!.id},${shoes!.id},${tee!.id}`);
      await expect.poll(async () => (await pieces(page)).length).toBe(3);
      // Spread the pieces into a look, then select the top one.
      await page.setViewportSize({ width: 1440, height: 900 });
      const scale = await displayScale(page);
      const moves: Record<string, { x: number; y: number }> = {
        [tee!.id]: { x: -330, y: -760 },
        [jeans!.id]: { x: -230, y: -460 },
        [shoes!.id]: { x: -180, y: -120 },
      };
      // Top first: each drag starts where the piece is on top at that point.
      for (const id of [tee!.id, shoes!.id, jeans!.id]) {
        const p = byId(await pieces(page), id);
        await drag(
          page,
          { x: p.cx, y: p.cy },
          { x: moves[id]!.x * scale, y: moves[id]!.y * scale },
        );
      }
      await selectPiece(page, 'COS Top');
      // The pieces list shows while it has focus; the screenshots show the canvas alone.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settled(page);
        await page.waitForTimeout(150);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/composer-${scheme}-${size.name}.png`,
        });
      }
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Add Clothes' }).click();
      await pickerGrid(page).getByRole('button', { name: 'COS Top', exact: true }).click();
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settled(page);
        await page.waitForTimeout(150);
        await page.screenshot({
          path: `e2e/artifacts/screenshots/item-picker-${scheme}-${size.name}.png`,
        });
      }
    });
  }
});
