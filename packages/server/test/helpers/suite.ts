import { afterAll, beforeAll } from 'vitest';
import { signUp, type ApiUser } from './api.js';
import { startApp, type Engine, type StartOptions, type TestApp } from './app.js';
import { LogCapture } from './raw.js';

/** What most suites begin with: the app started and one account signed up on it. */
export async function startWithUser(
  engine: Engine,
  options?: StartOptions,
): Promise<{ t: TestApp; user: ApiUser }> {
  const t = await startApp(engine, options);
  try {
    return { t, user: await signUp(t) };
  } catch (err) {
    await t.close();
    throw err;
  }
}

/**
 * For a suite that reads the app's log: call it in the suite's body. The app starts with one
 * account before the suite's tests, logging into `logs`, and closes after them; `t` and `user`
 * are set once the tests run.
 */
export function withLoggedApp(engine: Engine): { t: TestApp; user: ApiUser; logs: LogCapture } {
  const suite = { logs: new LogCapture() } as { t: TestApp; user: ApiUser; logs: LogCapture };
  beforeAll(async () => {
    Object.assign(suite, await startWithUser(engine, { logger: suite.logs.logger }));
  });
  afterAll(() => suite.t?.close());
  return suite;
}

/**
 * A small wardrobe with a record of every kind: a full-body piece (Acme, 12.5 EUR, obtained
 * 2024-02-29), loaned shoes, an outfit of both, and 2025-01-01 wearing the piece and the outfit
 * with the outfit shown.
 */
export async function addSampleWardrobe(user: ApiUser) {
  const shirt = await user.addItem({
    category: 'full body',
    brand: 'Acme',
    price: '12.5',
    currency: 'EUR',
    date_obtained: '2024-02-29',
  });
  const shoes = await user.addItem({ category: 'shoes', status: 'loaned' });
  const outfit = await user.addOutfit([shirt.id, shoes.id]);
  await user.putDay('2025-01-01', { clothes: shirt.id, outfits: outfit.id });
  await user.putDay('2025-01-01', { display_item: outfit.id });
  return { shirt, shoes, outfit };
}
