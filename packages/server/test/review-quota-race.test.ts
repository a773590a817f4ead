import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { photo, signUp, testJpeg } from './helpers/api.js';

const LIMIT = 3;

/**
 * The quota (README, Configuration: MAX_ITEMS_PER_ACCOUNT) is checked before the photo is processed
 * and again under the account's lock at insert: checked only before, uploads sent at once would all
 * pass it (8 parallel uploads to an account with room for 3 created 8 items).
 */
describe.each(ENGINES)('the per-account quota under parallel uploads on %s', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(engine, { env: { MAX_ITEMS_PER_ACCOUNT: String(LIMIT) } });
  });
  afterAll(() => t?.close());

  it('creates no more items than the limit, and leaves no photo of a refused one', async () => {
    const user = await signUp(t);
    const jpeg = await testJpeg();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        user.send('POST', '/api/clothes', {
          category: 'top',
          status: 'clothes',
          image: photo(jpeg),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    await Promise.all(answers.map((a) => a.arrayBuffer()));
    const held = Object.keys((await user.wardrobe()).clothes).length;
    expect(held).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 201)).toHaveLength(held);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 422)).toBe(true);
    // Display and thumbnail per kept item, nothing else.
    expect(await t.mediaFiles()).toHaveLength(2 * held);
  });
});
