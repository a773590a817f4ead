import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { addItems, addOutfit, logWear, reloadWardrobe, type SeededItem } from './api-seed';
import { expect, signUpByApi, test } from './fixtures';
import { SIZES, settled, wearDay } from './screens';

/**
 * Automated accessibility checks (axe-core) on every main screen, at a phone and a desktop width,
 * in the light and the dark scheme (the app follows prefers-color-scheme). WCAG 2.0 and 2.1 A and
 * AA, plus axe's best practices. Any violation fails the test; the report names the rule, the
 * screen, the elements and axe's summary of what to fix.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * A run by tag leaves out axe's experimental rules, WCAG ones included. These are the experimental
 * rules with a WCAG 2.0/2.1 A or AA tag (label-content-name-mismatch is 2.5.3 Label in Name), and
 * one best practice: they run too.
 */
const EXPERIMENTAL_WCAG = [
  'css-orientation-lock',
  // Best practice, experimental: every element in the tab order has a role that says it can be
  // used (the graph's pan area was a focusable group).
  'focus-order-semantics',
  'label-content-name-mismatch',
  'p-as-heading',
  'table-fake-caption',
  'td-has-header',
];

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

interface Found {
  screen: string;
  violations: Result[];
}

/** Runs axe on the whole page and keeps what it finds under `screen`. */
async function check(page: Page, screen: string, found: Found[], testInfo: TestInfo) {
  await settled(page);
  // Transitions (toasts sliding in, skeletons fading) settle before the colours are measured.
  await page.waitForTimeout(300);
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: TAGS },
      rules: Object.fromEntries(EXPERIMENTAL_WCAG.map((id) => [id, { enabled: true }])),
    })
    .analyze();
  if (results.violations.length > 0) {
    found.push({ screen, violations: results.violations });
    await testInfo.attach(`axe-${screen}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
}

/** One line per element: rule, screen, target and axe's summary. */
function report(found: Found[]): string[] {
  const lines: string[] = [];
  for (const { screen, violations } of found) {
    for (const v of violations) {
      for (const node of v.nodes) {
        const summary = (node.failureSummary ?? v.help).replace(/\s+/g, ' ').trim();
        lines.push(`[${v.id}] ${screen} ${node.target.join(' ')}: ${summary}`);
      }
    }
  }
  return lines;
}

// Each test signs up its own account, so the eight can run on both workers: in one worker this file
// alone took about eleven minutes of the e2e run.
test.describe.configure({ mode: 'parallel' });

const dayPath = (day: string) =>
  `/calendar/${day.slice(0, 4)}/${day.slice(5, 7)}/${day.slice(8, 10)}`;

/**
 * A closet with pieces in every group, two outfits and a worn day (today), so every screen has
 * content: lists, charts, the graph's pairings and the month's cover.
 */
async function seed(page: Page) {
  const [tee, jeans, coat, boots] = (await addItems(page, [
    {
      category: 'top',
      brand: 'Uniqlo',
      price: 40,
      source: 'bought new',
      dateObtained: '2024-03-01',
      color: '#2f3e5c',
    },
    { category: 'bottom', brand: "Levi's", price: 98, source: 'preloved', color: '#3d5a80' },
    { category: 'outerwear', brand: 'Cos', price: 150, source: 'gifted', color: '#a4472a' },
    // No brand, price, source nor date: the detail screen shows its 'not set' values.
    { category: 'shoes', color: '#1f1f1f' },
    { category: 'bag', brand: 'Sandqvist', status: 'wishlist', color: '#2a4d3c' },
    { category: 'full_body', brand: 'Arket', status: 'loaned', color: '#b5838d' },
  ])) as SeededItem[];
  const look = await addOutfit(page, [tee!.id, jeans!.id], ['#2f3e5c', '#3d5a80']);
  await addOutfit(page, [coat!.id, jeans!.id, boots!.id], ['#a4472a', '#3d5a80', '#1f1f1f']);
  const today = await wearDay(page);
  await logWear(page, today, { clothes: [tee!.id, coat!.id], outfits: [look] });
  await reloadWardrobe(page);
  return { tee: tee!, boots: boots!, look, today };
}

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`accessibility at ${size.width}x${size.height} (${scheme})`, () => {
      // Signs up, seeds and walks every screen with an axe run on each: well past a minute on two
      // busy cores.
      test.describe.configure({ timeout: 240_000 });
      test.use({ viewport: { width: size.width, height: size.height }, colorScheme: scheme });

      test('the signed-out screens have no violations', async ({ page }, testInfo) => {
        const found: Found[] = [];
        await page.goto('/login');
        await expect(page.getByRole('heading', { name: 'Welcome to Hanger' })).toBeVisible();
        await check(page, 'login', found, testInfo);

        await page.goto('/signin');
        await expect(page.getByLabel('E-mail')).toBeVisible();
        await check(page, 'signin', found, testInfo);

        await page.goto('/forgot-password');
        await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
        await check(page, 'forgot password', found, testInfo);

        await page.goto('/signup');
        await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
        await check(page, 'signup', found, testInfo);
        // The form's own error messages are part of the screen too.
        await page.getByRole('button', { name: 'Create account' }).click();
        await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true');
        await check(page, 'signup (errors)', found, testInfo);

        expect(report(found), 'axe violations (rule, screen, target: summary)').toEqual([]);
      });

      test('the signed-in screens have no violations', async ({ page }, testInfo) => {
        const found: Found[] = [];
        await signUpByApi(page);
        const { tee, boots, look, today } = await seed(page);

        await page.goto('/items');
        await expect(page.getByRole('link', { name: /Uniqlo/ }).first()).toBeVisible();
        await check(page, 'items', found, testInfo);
        await page.getByRole('button', { name: /^Filters/ }).click();
        await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
        await check(page, 'items filters', found, testInfo);

        await page.goto(`/items/${tee.id}`);
        await expect(page.getByRole('heading', { name: 'Top', level: 1 })).toBeVisible();
        await check(page, 'item detail', found, testInfo);
        await page.getByRole('button', { name: /^Price: / }).click();
        await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
        await check(page, 'item detail (editing the price)', found, testInfo);

        await page.goto(`/items/${boots.id}`);
        await expect(page.getByRole('heading', { name: 'Shoes', level: 1 })).toBeVisible();
        await check(page, 'item detail (values not set)', found, testInfo);

        await page.goto('/items/upload');
        await expect(page.getByRole('heading', { name: 'Add to closet' })).toBeVisible();
        await check(page, 'upload', found, testInfo);

        await page.goto('/outfits');
        await expect(page.getByRole('link', { name: 'New outfit' })).toBeVisible();
        await check(page, 'outfits', found, testInfo);

        await page.goto(`/outfits/${look}`);
        await expect(page.getByRole('heading', { name: 'Outfit', level: 1 })).toBeVisible();
        await check(page, 'outfit detail', found, testInfo);

        await page.goto(`/outfits/upload?selected=${tee.id}`);
        await expect(page.getByRole('button', { name: 'Save Outfit' })).toBeVisible();
        await check(page, 'composer', found, testInfo);
        await page.getByRole('button', { name: 'Add Clothes' }).click();
        await expect(page.getByRole('list', { name: 'Items to choose from' })).toBeVisible();
        await check(page, 'composer item picker', found, testInfo);

        await page.goto(`/calendar/${today.slice(0, 4)}/${today.slice(5, 7)}`);
        await expect(page.locator(`[role="grid"] a[data-day="${today}"] img`)).toBeVisible();
        await check(page, 'calendar month', found, testInfo);

        await page.goto(dayPath(today));
        await expect(page.getByRole('list', { name: /^Worn on / })).toBeVisible();
        await check(page, 'calendar day', found, testInfo);
        await page
          .getByRole('list', { name: /^Worn on / })
          .getByRole('button', { name: 'Uniqlo Top', expanded: false })
          .click();
        await expect(page.getByRole('group', { name: /actions$/ })).toBeVisible();
        await check(page, "calendar day (a tile's actions)", found, testInfo);
        await page.getByRole('button', { name: 'Add more' }).click();
        await expect(page.getByRole('dialog', { name: /^Add to / })).toBeVisible();
        await check(page, 'calendar day picker', found, testInfo);

        await page.goto('/stats');
        await expect(page.getByRole('heading', { name: 'Stats', level: 1 })).toBeVisible();
        await expect(page.getByRole('region', { name: 'Brands' })).toBeVisible();
        await check(page, 'stats', found, testInfo);

        await page.goto('/graph');
        await expect(page.getByRole('heading', { name: 'Graph', level: 1 })).toBeVisible();
        await expect(page.getByTestId('pairing-graph')).toHaveAttribute('data-layout', 'settled', {
          timeout: 15_000,
        });
        await check(page, 'graph', found, testInfo);

        await page.goto('/groups');
        await expect(page.getByRole('heading', { name: 'Custom Collections' })).toBeVisible();
        await check(page, 'groups', found, testInfo);

        await page.goto('/groups/wishlist');
        await expect(page.getByRole('heading', { name: 'Wishlist' })).toBeVisible();
        await check(page, 'wishlist', found, testInfo);

        await page.goto('/profile');
        await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
        await check(page, 'profile', found, testInfo);
        await page.getByRole('button', { name: /^Currency: USD/ }).click();
        await expect(page.getByRole('combobox', { name: 'Search currencies' })).toBeFocused();
        await check(page, 'profile currency selector', found, testInfo);

        expect(report(found), 'axe violations (rule, screen, target: summary)').toEqual([]);
      });
    });
  }
}
