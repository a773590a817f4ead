import { describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/app.js';
import { withLoggedApp } from './helpers/suite.js';
import { LEVEL } from './helpers/raw.js';

/**
 * Refused identity requests (a wrong password, an unknown account; a foreign callback address or
 * origin too) are the client's doing: answered with a 4xx and logged at info, never as a warning or
 * a server error (README: malformed and hostile input).
 */
describe.each(ENGINES)('refused identity requests on %s', (engine) => {
  const suite = withLoggedApp(engine);

  const post = (path: string, body: unknown, origin = suite.t.config.publicUrl) =>
    fetch(new URL(`/api/auth${path}`, suite.t.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    });

  // better-auth skips its origin and callback-address checks under NODE_ENV=test (Vitest), so
  // those refusals, logged at info by the same rule (CLIENT_REFUSAL), are not exercised here.
  it.each([
    [
      'a wrong password',
      () => post('/sign-in/email', { email: suite.user.email, password: 'not the password' }),
    ],
    [
      'an unknown account',
      () =>
        post('/sign-in/email', { email: `nobody-${engine}@example.com`, password: 'whatever1' }),
    ],
  ])('%s: a 4xx, logged below warning', async (_what, send) => {
    const mark = suite.logs.mark();
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    // Lines are written in batches: give the last one its moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mark.lines().filter((line) => line.level >= LEVEL.warn)).toEqual([]);
  });
});
