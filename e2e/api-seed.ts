import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/**
 * Seeding a signed-in user's wardrobe through the real API (docs/spec.md §7), for specs whose
 * subject is not the upload screen. Requests go through the page's own cookie jar: the identity
 * service mints the bearer token from the session cookie, exactly as the app does.
 */

/**
 * Access tokens by the session cookie they were minted from: one token request per session, as
 * the app makes, not one per seeded record. The identity service allows an address 100 requests
 * in 10 s, shared by both workers. A new sign-in is a new cookie, so it gets its own token.
 * Tokens live 15 minutes, far longer than a spec.
 */
const tokens = new Map<string, Promise<string>>();

export async function bearer(page: Page): Promise<Record<string, string>> {
  const origin = new URL(page.url()).origin;
  const cookies = await page.context().cookies(origin);
  const session = cookies.find((c) => c.name.endsWith('.session_token'))?.value;
  const mint = async () => {
    const res = await page.request.get('/api/auth/token', { headers: { origin } });
    expect(res.ok(), `token request failed: ${res.status()}`).toBe(true);
    return ((await res.json()) as { token: string }).token;
  };
  let token = session === undefined ? undefined : tokens.get(session);
  if (token === undefined) {
    token = mint();
    if (session !== undefined) {
      tokens.set(session, token);
      // A failed request is not kept: the next call asks again.
      token.catch(() => tokens.delete(session));
    }
  }
  return { authorization: `Bearer ${await token}` };
}

type Category =
  'top' | 'bottom' | 'full_body' | 'outerwear' | 'shoes' | 'bag' | 'accessory' | 'other';

/** Flat silhouettes on a 600x600 canvas, so screenshots show recognisable pieces. */
const SHAPES: Record<Category, string> = {
  top: 'M210 120 L260 100 Q300 140 340 100 L390 120 L480 200 L440 260 L400 230 L400 500 L200 500 L200 230 L160 260 L120 200 Z',
  bottom: 'M200 100 L400 100 L430 500 L330 500 L300 230 L270 500 L170 500 Z',
  full_body: 'M250 90 L350 90 L360 200 L460 500 L140 500 L240 200 Z',
  outerwear:
    'M220 100 L300 140 L380 100 L480 180 L470 520 L400 520 L400 260 L380 520 L220 520 L200 260 L200 520 L130 520 L120 180 Z',
  shoes: 'M120 330 L260 300 L300 360 L480 390 Q500 430 470 450 L130 450 Z',
  bag: 'M170 220 L430 220 L460 480 L140 480 Z M240 220 Q300 80 360 220 L340 220 Q300 120 260 220 Z',
  accessory: 'M300 150 A150 150 0 1 1 299 150 Z M300 220 A80 80 0 1 0 301 220 Z',
  other: 'M180 180 L420 180 L420 420 L180 420 Z',
};

/** A JPEG photo of a garment silhouette in `color` on a soft backdrop. */
export async function garmentJpeg(category: Category, color: string, size = 600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <rect width="600" height="600" fill="#efece7"/>
    <ellipse cx="300" cy="540" rx="200" ry="18" fill="#000" opacity="0.06"/>
    <path d="${SHAPES[category]}" fill="${color}" fill-rule="evenodd"/>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(size, size).jpeg({ quality: 85 }).toBuffer();
}

export interface SeedItem {
  category: Category;
  color?: string;
  status?: 'clothes' | 'archived' | 'wishlist' | 'loaned';
  brand?: string;
  price?: number;
  currency?: string;
  source?: 'bought new' | 'preloved' | 'gifted' | 'self made';
  dateObtained?: string;
  dateArchived?: string;
}

export interface SeededItem {
  id: string;
  category: string;
  brand?: string;
  image: string;
  thumbnail: string;
}

/** POST clothes with a generated photo; answers the created item. */
/**
 * Accounts seeded through the API turn "Cut out new photos" off before their first item: their
 * specs are not about cut-outs (cutout.spec.ts is, through the upload screen), and every seeded
 * photo would otherwise queue the model (about 10 s of CPU each, docs/cutouts.md) behind the
 * suite on two cores, and switch tiles to cut-outs in the middle of other specs' checks.
 */
const cutoutsOff = new Map<string, Promise<void>>();

async function turnCutoutsOff(page: Page, headers: Record<string, string>): Promise<void> {
  const key = headers.authorization!;
  let done = cutoutsOff.get(key);
  if (done === undefined) {
    done = (async () => {
      const res = await page.request.put('/api/users/settings', {
        headers,
        multipart: { settings: JSON.stringify({ cut_out_new_photos: false }) },
      });
      expect(res.ok(), `settings request failed: ${res.status()}`).toBe(true);
    })();
    cutoutsOff.set(key, done);
  }
  await done;
}

export async function addItem(page: Page, item: SeedItem): Promise<SeededItem> {
  const headers = await bearer(page);
  await turnCutoutsOff(page, headers);
  const photo = await garmentJpeg(item.category, item.color ?? '#8a6f5a');
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo },
    category: item.category,
    status: item.status ?? 'clothes',
  };
  if (item.brand) multipart.brand = item.brand;
  if (item.price !== undefined) multipart.price = String(item.price);
  if (item.currency) multipart.currency = item.currency;
  if (item.source) multipart.source = item.source;
  if (item.dateObtained) multipart.date_obtained = item.dateObtained;
  if (item.dateArchived) multipart.date_archived = item.dateArchived;
  const res = await page.request.post('/api/clothes', { headers, multipart });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as SeededItem;
}

export async function addItems(page: Page, items: readonly SeedItem[]): Promise<SeededItem[]> {
  const out: SeededItem[] = [];
  // One at a time: creation order is what 'Date Created' sorts by.
  for (const item of items) out.push(await addItem(page, item));
  return out;
}

/** A 720x1080 outfit card (white canvas with the pieces' colours stacked), as the composer saves it. */
async function outfitJpeg(colors: readonly string[]): Promise<Buffer> {
  const blocks = colors
    .map(
      (c, i) =>
        `<rect x="${140 + (i % 2) * 200}" y="${100 + i * 230}" width="240" height="200" rx="24" fill="${c}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1080"><rect width="720" height="1080" fill="#fff"/>${blocks}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** POST outfit with the given items on its canvas; answers the outfit's id. */
export async function addOutfit(
  page: Page,
  itemIds: readonly string[],
  colors: readonly string[],
): Promise<string> {
  const canvas = itemIds.map((id, i) => ({
    clothing_id: id,
    x: 100 + i * 40,
    y: 100 + i * 200,
    scale: 1,
    rotation: 0,
  }));
  const res = await page.request.post('/api/outfit', {
    headers: await bearer(page),
    multipart: {
      image: { name: 'outfit.jpg', mimeType: 'image/jpeg', buffer: await outfitJpeg(colors) },
      canvas_data: JSON.stringify(canvas),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** PUT calendar/{date}: logs items and outfits as worn that day. */
export async function logWear(
  page: Page,
  date: string,
  wear: { clothes?: string[]; outfits?: string[] },
) {
  const form = new FormData();
  for (const id of wear.clothes ?? []) form.append('clothes', id);
  for (const id of wear.outfits ?? []) form.append('outfits', id);
  const res = await page.request.put(`/api/calendar/${date}`, {
    headers: await bearer(page),
    multipart: form,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Reloads so the app fetches the wardrobe the API now holds. */
export async function reloadWardrobe(page: Page): Promise<void> {
  const synced = page.waitForResponse(
    (r) => r.url().endsWith('/api/users') && r.request().method() === 'GET',
  );
  await page.reload();
  await synced;
}
