import type { Locator, Page } from '@playwright/test';
import { addItems, addOutfit, logWear, reloadWardrobe, type SeededItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { shootBoth, stat, wearDay } from './screens';

/** The newest toast with this title (earlier ones may still be on screen). */
const toast = (page: Page, title: string) =>
  page
    .getByRole('status', { name: title })
    .or(page.getByRole('alert', { name: title }))
    .last();

/** A month cell of the calendar, by its day key. */
const dayCell = (page: Page, day: string) => page.locator(`[role="grid"] a[data-day="${day}"]`);

/** The grid cell around a day's link, which also holds the badges drawn over it ("+2"). */
const dayGridCell = (page: Page, day: string) =>
  page
    .locator('[role="grid"] [role="gridcell"]')
    .filter({ has: page.locator(`a[data-day="${day}"]`) });

/** The day screen's tiles (not their action buttons), in the order shown. */
const tiles = (page: Page) =>
  page.getByRole('list', { name: /^Worn on / }).locator('button[aria-expanded]');

const dayPath = (day: string) =>
  `/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}/${day.slice(8, 10)}`;

/** "5 Mar 2024", as the day screen's header writes a key. */
function dayTitle(day: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** The 10th of the month before the browser's wear day: always in the past. */
async function dayLastMonth(page: Page): Promise<string> {
  const today = await wearDay(page);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return `${py}-${String(pm).padStart(2, '0')}-10`;
}

async function seedWardrobe(page: Page) {
  const [tee, jeans, coat] = (await addItems(page, [
    { category: 'top', color: '#2f3e5c', brand: 'Uniqlo', price: 40 },
    { category: 'bottom', color: '#3d5a80', brand: 'Levi', price: 98 },
    { category: 'outerwear', color: '#a4472a', brand: 'Cos', price: 150 },
  ])) as [SeededItem, SeededItem, SeededItem];
  const look = await addOutfit(page, [tee.id, jeans.id], ['#2f3e5c', '#3d5a80']);
  await reloadWardrobe(page);
  return { tee, jeans, coat, look };
}

async function openTile(page: Page, name: RegExp | string): Promise<Locator> {
  await page
    .getByRole('list', { name: /^Worn on / })
    .getByRole('button', { name, expanded: false })
    .click();
  return page.getByRole('group', { name: /actions$/ });
}

test.describe('the calendar', () => {
  // Each test signs up, seeds, and walks several screens (with screenshots):
  // 40-70 s at a load of 25 on two cores, past the default minute.
  test.describe.configure({ timeout: 120_000 });

  test('logs an outfit and two items on a past day through the picker, stars one and deletes one', async ({
    page,
  }) => {
    await signUpByApi(page);
    const { tee, jeans, coat } = await seedWardrobe(page);
    await page.goto(`/items/${tee.id}`);
    await expect(stat(page, 'Times worn')).toHaveText('0');
    await expect(stat(page, 'Cost per wear')).toHaveText('—');

    const day = await dayLastMonth(page);
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/calendar\/\d{4}\/\d{2}$/);
    await page.getByRole('link', { name: 'Previous month' }).click();
    await expect(page).toHaveURL(new RegExp(`/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}$`));
    await dayCell(page, day).click();
    await expect(page).toHaveURL(new RegExp(`${dayPath(day)}$`));
    await expect(page.getByRole('heading', { name: dayTitle(day), level: 1 })).toBeVisible();

    // An empty day opens the picker at once.
    const picker = page.getByRole('dialog', { name: `Add to ${dayTitle(day)}` });
    await expect(picker).toBeVisible();
    const items = picker.getByRole('list', { name: 'Items to choose from' });
    await items.getByRole('button', { name: /^Uniqlo Top/ }).click();
    await items.getByRole('button', { name: /^Cos Outerwear/ }).click();
    await expect(picker.getByRole('tab', { name: 'Items (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await shootBoth(page, 'calendar-picker-items');
    await picker.getByRole('tab', { name: 'Outfits (0)' }).click();
    await picker.getByRole('list', { name: 'Outfits to add' }).getByRole('button').first().click();
    await expect(picker.getByRole('tab', { name: 'Outfits (1)' })).toBeVisible();
    await expect(picker.getByText(/3 selected/)).toBeVisible();
    await shootBoth(page, 'calendar-picker');
    await picker.getByRole('button', { name: 'Add 3' }).click();
    await expect(picker).toBeHidden();
    await expect(toast(page, 'Calendar updated successfully')).toBeVisible();
    // Outfits first, then clothes.
    await expect(tiles(page)).toHaveCount(3);
    expect(
      await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).toEqual(['Outfit, 2 pieces', 'Uniqlo Top', 'Cos Outerwear']);

    // The month shows the outfit (the first outfit) with a count of the rest.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}$`));
    const cell = dayCell(page, day);
    await expect(cell).toHaveAccessibleName(/, 3 logged$/);
    await expect(dayGridCell(page, day)).toContainText('+2');
    const outfitCover = await cell.locator('img').getAttribute('src');
    expect(outfitCover).not.toBe(tee.thumbnail);

    // Star the tee: it leads the day and becomes the month's picture.
    await cell.click();
    let actions = await openTile(page, 'Uniqlo Top');
    await actions.getByRole('button', { name: 'Star' }).click();
    await expect(toast(page, 'Calendar updated successfully')).toBeVisible();
    await expect(tiles(page).first()).toHaveAccessibleName('Uniqlo Top, starred');

    // Delete the coat from the day.
    actions = await openTile(page, 'Cos Outerwear');
    await actions.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Calendar item deleted successfully')).toBeVisible();
    await expect(tiles(page)).toHaveCount(2);
    await shootBoth(page, 'calendar-day');

    // Saved on the server, not only here.
    await page.reload();
    await expect(tiles(page)).toHaveCount(2);
    await expect(tiles(page).first()).toHaveAccessibleName('Uniqlo Top, starred');

    await page.goto(`/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}`);
    await expect(cell.locator('img')).toHaveAttribute('src', tee.thumbnail);
    await expect(cell).toHaveAccessibleName(/, 2 logged$/);
    await expect(dayGridCell(page, day)).toContainText('+1');

    // Worn directly and in the outfit on the same day: one wear, not two.
    await page.goto(`/items/${tee.id}`);
    await expect(stat(page, 'Times worn')).toHaveText('1');
    await expect(stat(page, 'Cost per wear')).toHaveText('$40.00');
    await page.goto(`/items/${jeans.id}`);
    await expect(stat(page, 'Times worn')).toHaveText('1');
    await expect(stat(page, 'Cost per wear')).toHaveText('$98.00');
    await page.goto(`/items/${coat.id}`);
    await expect(stat(page, 'Times worn')).toHaveText('0');

    // Opening a tile goes to the piece.
    await page.goto(dayPath(day));
    actions = await openTile(page, /^Outfit/);
    await actions.getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(/\/outfits\/[^/]+$/);
  });

  test('creates an outfit inline from the day picker and adds it to the day', async ({ page }) => {
    await signUpByApi(page);
    await seedWardrobe(page);
    await page.goto('/calendar/2024/03/05');
    const picker = page.getByRole('dialog', { name: 'Add to 5 Mar 2024' });
    await expect(picker).toBeVisible();
    await picker.getByRole('button', { name: 'New outfit' }).click();

    // The composer opens in place, over the picker.
    await page.getByRole('button', { name: 'Add Clothes' }).click();
    const clothes = page.getByRole('region', { name: 'Add clothes' });
    await clothes.getByRole('button', { name: 'Uniqlo Top', exact: true }).click();
    await clothes.getByRole('button', { name: 'Cos Outerwear', exact: true }).click();
    await clothes.getByRole('button', { name: 'Add 2' }).click();
    await page.getByRole('button', { name: 'Save Outfit' }).click();
    await expect(toast(page, 'Outfit created successfully')).toBeVisible();

    // Back in the picker with the new outfit chosen.
    await expect(page.getByRole('button', { name: 'Save Outfit' })).toHaveCount(0);
    await expect(picker.getByRole('tab', { name: 'Outfits (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await picker.getByRole('button', { name: 'Add 1' }).click();
    await expect(toast(page, 'Calendar updated successfully')).toBeVisible();
    await expect(tiles(page)).toHaveCount(1);
    await expect(tiles(page).first()).toHaveAccessibleName('Outfit, 2 pieces');
    await page.reload();
    await expect(tiles(page).first()).toHaveAccessibleName('Outfit, 2 pieces');
  });

  test('the picker keeps the keyboard inside, and Escape on an empty day goes back', async ({
    page,
  }) => {
    await signUpByApi(page);
    await seedWardrobe(page);
    await page.goto('/calendar/2024/03');
    await dayCell(page, '2024-03-05').click();
    const picker = page.getByRole('dialog', { name: 'Add to 5 Mar 2024' });
    await expect(picker.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(picker.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(picker.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(picker.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(page).toHaveURL(/\/calendar\/2024\/03$/);
  });

  test('the month: week start, today, Today, swipe, and addresses that name no month', async ({
    page,
  }) => {
    await signUpByApi(page);
    const { tee, jeans, coat, look } = await seedWardrobe(page);
    const today = await wearDay(page);
    const month = today.slice(0, 7).replace('-', '/');
    await logWear(page, today, { clothes: [tee.id], outfits: [look] });
    // Earlier days of the month, and a plan for its last day, for the screenshots.
    const date = Number(today.slice(8, 10));
    const key = (d: number) => `${today.slice(0, 8)}${String(d).padStart(2, '0')}`;
    if (date > 3) {
      await logWear(page, key(1), { clothes: [coat.id, jeans.id] });
      await logWear(page, key(3), { outfits: [look] });
    }
    const [yy, mm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const last = new Date(Date.UTC(yy, mm, 0)).getUTCDate();
    if (last > date) {
      await logWear(page, key(last), { clothes: [coat.id] });
    }
    await reloadWardrobe(page);

    await page.goto('/calendar');
    await expect(page).toHaveURL(new RegExp(`/calendar/${month}$`));
    await expect(dayCell(page, today)).toHaveAttribute('aria-current', 'date');
    await expect(dayCell(page, today)).toHaveAccessibleName(/, today, 2 logged$/);
    // A new account's weeks start on Sunday (docs/spec.md §3 default).
    await expect(page.getByRole('columnheader').first()).toHaveAccessibleName('Sunday');
    if (last > date) await expect(dayCell(page, key(last))).toHaveAccessibleName(/, 1 planned$/);
    await shootBoth(page, 'calendar-month');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootBoth(page, 'calendar-month-dark');
    await page.goto(dayPath(today));
    await expect(tiles(page)).toHaveCount(2);
    await shootBoth(page, 'calendar-day-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.goto(`/calendar/${month}`);
    await page.getByRole('link', { name: 'Next month' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/calendar/${month}$`));
    await page.getByRole('link', { name: 'Today', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/calendar/${month}$`));

    // Keyboard: arrows move through the days, Enter opens one.
    await dayCell(page, today).focus();
    await page.keyboard.press('PageUp');
    await expect(page).not.toHaveURL(new RegExp(`/calendar/${month}$`));
    // The same date of the month before takes the focus once that month is drawn.
    const focusedDay = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-day') ?? '');
    await expect.poll(focusedDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect.poll(focusedDay).not.toContain(today.slice(0, 7));
    await page.keyboard.press('PageDown');
    await expect(page).toHaveURL(new RegExp(`/calendar/${month}$`));
    await expect(dayCell(page, today)).toBeFocused();

    for (const bad of [
      '/calendar/2024/13',
      '/calendar/12345/01',
      '/calendar/abcd/02',
      '/calendar/2024/00/10',
    ]) {
      await page.goto(bad);
      await expect(page).toHaveURL(new RegExp(`/calendar/${month}$`));
    }
    await page.goto('/calendar/2023/02/29');
    await expect(page).toHaveURL(/\/calendar\/2023\/02$/);
    await page.goto('/calendar/2024/3/5');
    await expect(page).toHaveURL(/\/calendar\/2024\/03\/05$/);
  });

  test('swipes between months on a touch screen', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
    });
    const page = await context.newPage();
    await signUpByApi(page);
    await page.goto('/calendar/2024/03');
    await expect(page.getByRole('grid', { name: 'March 2024' })).toBeVisible();
    const grid = page.getByRole('grid');
    const swipe = async (fromX: number, toX: number) => {
      const box = (await grid.boundingBox())!;
      const y = box.y + box.height / 2;
      await grid.dispatchEvent('touchstart', {
        touches: [{ identifier: 1, clientX: fromX, clientY: y }],
        changedTouches: [{ identifier: 1, clientX: fromX, clientY: y }],
      });
      await grid.dispatchEvent('touchend', {
        touches: [],
        changedTouches: [{ identifier: 1, clientX: toX, clientY: y + 6 }],
      });
    };
    await swipe(320, 80);
    await expect(page).toHaveURL(/\/calendar\/2024\/04$/);
    await swipe(80, 320);
    await expect(page).toHaveURL(/\/calendar\/2024\/03$/);
    await context.close();
  });

  test('before 05:00 a wear still counts for the previous day', async ({ page }) => {
    await signUpByApi(page);
    const { tee } = await seedWardrobe(page);
    // Planned for Sunday 10 March 2024; the browser's zone is London (GMT in March).
    await logWear(page, '2024-03-10', { clothes: [tee.id] });

    await page.clock.setFixedTime(new Date('2024-03-10T04:30:00Z'));
    await reloadWardrobe(page);
    await page.goto('/calendar/2024/03');
    await expect(dayCell(page, '2024-03-09')).toHaveAttribute('aria-current', 'date');
    await expect(dayCell(page, '2024-03-10')).toHaveAccessibleName('Sunday 10 March, 1 planned');
    await expect(page.getByRole('link', { name: 'Log today' })).toHaveAttribute(
      'href',
      '/calendar/2024/03/09',
    );
    await page.goto(`/items/${tee.id}`);
    await expect(stat(page, 'Times worn')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Wore it today' })).toBeVisible();

    await page.clock.setFixedTime(new Date('2024-03-10T05:30:00Z'));
    await page.reload();
    await expect(stat(page, 'Times worn')).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Worn today' })).toBeDisabled();
    await page.goto('/calendar/2024/03');
    await expect(dayCell(page, '2024-03-10')).toHaveAttribute('aria-current', 'date');
    await expect(dayCell(page, '2024-03-10')).toHaveAccessibleName(
      'Sunday 10 March, today, 1 logged',
    );
  });

  test('one tap: "Wore it today" on an outfit and "Log today" from the month', async ({ page }) => {
    await signUpByApi(page);
    const { jeans, look } = await seedWardrobe(page);
    const today = await wearDay(page);

    await page.goto(`/outfits/${look}`);
    await page.getByRole('button', { name: 'Wore it today' }).click();
    await expect(toast(page, 'Calendar updated successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Worn today' })).toBeDisabled();
    await expect(stat(page, 'Times worn')).toHaveText('1');

    await page.goto('/calendar');
    await page.getByRole('link', { name: 'Log today' }).click();
    await expect(page).toHaveURL(new RegExp(`${dayPath(today)}$`));
    const picker = page.getByRole('dialog', { name: `Add to ${dayTitle(today)}` });
    await expect(picker).toBeVisible();
    // The outfit is on the day already: not offered again.
    await picker.getByRole('tab', { name: 'Outfits (0)' }).click();
    await expect(picker.getByRole('heading', { name: 'No outfits to add' })).toBeVisible();
    await picker.getByRole('tab', { name: 'Items (0)' }).click();
    await picker
      .getByRole('list', { name: 'Items to choose from' })
      .getByRole('button', { name: /^Levi Bottom/ })
      .click();
    await picker.getByRole('button', { name: 'Add 1' }).click();
    await expect(tiles(page)).toHaveCount(2);

    // Jeans: in the outfit and on their own, one day: one wear.
    await page.goto(`/items/${jeans.id}`);
    await expect(stat(page, 'Times worn')).toHaveText('1');
  });

  test('deleting an item takes it off every day', async ({ page }) => {
    await signUpByApi(page);
    const { coat, tee } = await seedWardrobe(page);
    await logWear(page, '2024-03-01', { clothes: [coat.id, tee.id] });
    await logWear(page, '2024-03-02', { clothes: [coat.id] });
    await reloadWardrobe(page);
    await page.goto('/calendar/2024/03');
    await expect(dayCell(page, '2024-03-01')).toHaveAccessibleName(/, 2 logged$/);

    await page.goto(`/items/${coat.id}`);
    await page.getByRole('button', { name: 'Delete item' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).not.toHaveURL(new RegExp(coat.id));
    await page.goto('/calendar/2024/03');
    await expect(dayCell(page, '2024-03-01')).toHaveAccessibleName('Friday 1 March, 1 logged');
    await expect(dayCell(page, '2024-03-02')).toHaveAccessibleName('Saturday 2 March');
    await page.reload();
    await expect(dayCell(page, '2024-03-01')).toHaveAccessibleName('Friday 1 March, 1 logged');
  });

  test('a save the server refuses is shown as not saved, and nothing is kept as if it were', async ({
    page,
  }) => {
    await signUpByApi(page);
    const { jeans } = await seedWardrobe(page);
    await logWear(page, '2024-03-05', { clothes: [jeans.id] });
    await reloadWardrobe(page);
    await page.goto('/calendar/2024/03/05');
    await expect(tiles(page)).toHaveCount(1);

    await page.route('**/api/calendar/**', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              detail: 'The information provided is invalid. Please check your input.',
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Add more' }).click();
    const picker = page.getByRole('dialog', { name: 'Add to 5 Mar 2024' });
    await picker
      .getByRole('list', { name: 'Items to choose from' })
      .getByRole('button', { name: /^Uniqlo Top/ })
      .click();
    await picker.getByRole('button', { name: 'Add 1' }).click();

    await expect(toast(page, 'Failed to update calendar')).toBeVisible();
    await expect(toast(page, 'Failed to update calendar')).toContainText(
      'The information provided is invalid',
    );
    // Shown (docs/spec.md §4: local first) but marked, with a way to retry.
    await expect(tiles(page).nth(1)).toHaveAccessibleName('Uniqlo Top, not saved');
    await expect(page.getByText('Not saved', { exact: true })).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'weren’t saved' });
    await expect(alert).toContainText('Adding an item failed');
    await shootBoth(page, 'calendar-day-not-saved');

    // A star the server cannot find (404) is reported the same way.
    await page.unroute('**/api/calendar/**');
    await page.route('**/api/calendar/**', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 404,
            contentType: 'application/json',
            body: JSON.stringify({ detail: 'The requested item was not found.' }),
          })
        : route.continue(),
    );
    const actions = await openTile(page, /^Levi Bottom/);
    await actions.getByRole('button', { name: 'Star' }).click();
    await expect(alert).toContainText('The requested item was not found.');

    // The month marks the day too (in-app: a reload would show the server's copy instead).
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/calendar\/2024\/03$/);
    await expect(dayCell(page, '2024-03-05')).toHaveAccessibleName(/changes not saved$/);

    // Retry once the server accepts it.
    await page.unroute('**/api/calendar/**');
    await dayCell(page, '2024-03-05').click();
    // The alert goes as soon as the last change is sent again, not when the server has it: a
    // reload before the star's PUT is answered cancels that request (net::ERR_ABORTED), and the
    // reloaded day shows the server's copy without the star. Wait for both answers.
    const putAnswered = (field: string) =>
      page.waitForResponse(
        (r) =>
          r.request().method() === 'PUT' &&
          r.url().endsWith('/api/calendar/2024-03-05') &&
          (r.request().postData() ?? '').includes(`name="${field}"`),
      );
    const added = putAnswered('clothes');
    const starred = putAnswered('display_item');
    await alert.getByRole('button', { name: 'Retry' }).click();
    expect((await added).status()).toBe(200);
    expect((await starred).status()).toBe(200);
    await expect(alert).toBeHidden();
    await page.reload();
    await expect(tiles(page)).toHaveCount(2);
    await expect(tiles(page).first()).toHaveAccessibleName('Levi Bottom, starred');
  });

  test('adding an item deleted on another device: the real server answers 404 and nothing is saved', async ({
    page,
  }) => {
    await signUpByApi(page);
    const { coat } = await seedWardrobe(page);
    await page.goto('/calendar/2024/03/07');
    const picker = page.getByRole('dialog', { name: 'Add to 7 Mar 2024' });
    await expect(picker).toBeVisible();

    // Another device deletes the coat; this one has not heard yet.
    const origin = new URL(page.url()).origin;
    const { token } = (await (
      await page.request.get('/api/auth/token', { headers: { origin } })
    ).json()) as { token: string };
    const gone = await page.request.delete(`/api/clothes/${coat.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.ok()).toBe(true);

    await picker
      .getByRole('list', { name: 'Items to choose from' })
      .getByRole('button', { name: /^Cos Outerwear/ })
      .click();
    await picker.getByRole('button', { name: 'Add 1' }).click();
    await expect(toast(page, 'Failed to update calendar')).toBeVisible();
    await expect(tiles(page).first()).toHaveAccessibleName('Cos Outerwear, not saved');
    await expect(page.getByRole('alert').filter({ hasText: 'weren’t saved' })).toContainText(
      'Adding an item failed',
    );
    const day = await page.request.get('/api/users', {
      headers: { authorization: `Bearer ${token}` },
    });
    const calendar = ((await day.json()) as { calendar: Record<string, unknown> }).calendar;
    expect(calendar['2024-03-07']).toBeUndefined();
  });

  test('discarding a refused change shows what the server holds', async ({ page }) => {
    await signUpByApi(page);
    const { jeans } = await seedWardrobe(page);
    await logWear(page, '2024-03-05', { clothes: [jeans.id] });
    await reloadWardrobe(page);
    await page.goto('/calendar/2024/03/05');
    await page.route('**/api/calendar/**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    const actions = await openTile(page, /^Levi Bottom/);
    await actions.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Failed to delete calendar item')).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'weren’t saved' });
    await expect(alert).toContainText('Removing an item failed');
    await alert.getByRole('button', { name: 'Discard' }).click();
    await expect(alert).toBeHidden();
    // Still on the day on the server, so it is back.
    await expect(tiles(page)).toHaveCount(1);
  });
});
