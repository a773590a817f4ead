import { signUp, type ApiUser } from './api.js';
import { startApp, type Engine, type StartOptions, type TestApp } from './app.js';

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
