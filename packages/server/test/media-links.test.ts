import { photoCacheKey } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { absolute, ApiUser } from './helpers/api.js';
import { TEST_PASSWORD, getAccessToken, randomClient, signUpAndGetToken } from './helpers/auth.js';

const CAPABILITY = /^\/media\/(m1\.[^/]+)\//;

function capabilityOf(url: string): string {
  const match = CAPABILITY.exec(url);
  if (!match) throw new Error(`not a capability URL: ${url}`);
  return match[1]!;
}

const keyOf = (url: string) => photoCacheKey(url)!.replace(/^\/media\//, '');

/** Photo links on the whole server (docs/media-urls.md). */
describe.each(ENGINES)('photo links on %s', (engine) => {
  let t: TestApp;
  let ada: ApiUser;
  let bea: ApiUser;
  let adaSession: string;

  /** The status of a photo URL; the body is read so that no connection is left open. */
  const status = async (url: string) => {
    const response = await fetch(absolute(t.baseUrl, url), { redirect: 'manual' });
    await response.arrayBuffer();
    return response.status;
  };

  beforeAll(async () => {
    t = await startApp(engine);
    const a = await signUpAndGetToken(t.baseUrl);
    adaSession = a.sessionToken;
    ada = new ApiUser(t.baseUrl, a.token, a.userId, a.email);
    const b = await signUpAndGetToken(t.baseUrl);
    bea = new ApiUser(t.baseUrl, b.token, b.userId, b.email);
    await ada.addItem();
    await ada.addItem();
    const item = await bea.addItem();
    await bea.addOutfit([item.id]);
  });
  afterAll(() => t?.close());

  it('gives every photo of one wardrobe the same capability segment', async () => {
    const wardrobe = await bea.wardrobe();
    const urls = [...Object.values(wardrobe.clothes), ...Object.values(wardrobe.outfits)].flatMap(
      (r) => [r.image, r.thumbnail!],
    );
    expect(urls).toHaveLength(4);
    expect(new Set(urls.map(capabilityOf)).size).toBe(1);
    for (const url of urls) expect(await status(url)).toBe(200);
  });

  it("does not open another user's photo with one's own capability", async () => {
    const adaCap = capabilityOf(Object.values((await ada.wardrobe()).clothes)[0]!.image);
    const beaItem = Object.values((await bea.wardrobe()).clothes)[0]!;
    const beaCap = capabilityOf(beaItem.image);
    expect(adaCap).not.toBe(beaCap);
    const crossed = `/media/${adaCap}/${keyOf(beaItem.image)}`;
    expect(await status(crossed)).toBe(403);
    expect(await status(`/media/${beaCap}/${keyOf(beaItem.image)}`)).toBe(200);
  });

  it('ends the links of an account whose password changes, and hands out new ones', async () => {
    const before = Object.values((await ada.wardrobe()).clothes)[0]!;
    const change = await fetch(`${t.baseUrl}/api/auth/change-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: t.baseUrl,
        'x-forwarded-for': randomClient(),
        authorization: `Bearer ${adaSession}`,
      },
      body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword: 'a much better one' }),
    });
    expect(change.status).toBe(200);
    await change.arrayBuffer();
    // Not requested before the change: no process has it in its short trust cache.
    expect(await status(before.thumbnail!)).toBe(403);
    // The cached wardrobe is rebuilt with the new capability (under a new token: the change
    // ended the old ones).
    const session = change.headers.get('set-auth-token')!;
    const renewed = new ApiUser(
      t.baseUrl,
      await getAccessToken(t.baseUrl, session),
      ada.id,
      ada.email,
    );
    const after = (await renewed.wardrobe()).clothes[before.id]!;
    expect(capabilityOf(after.image)).not.toBe(capabilityOf(before.image));
    expect(keyOf(after.image)).toBe(keyOf(before.image));
    expect(await status(after.image)).toBe(200);
  });
});
