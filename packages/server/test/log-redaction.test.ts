import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/log-redaction.js';
import { ENGINES, type TestApp } from './helpers/app.js';
import { startWithUser } from './helpers/suite.js';
import { testJpeg, type ApiUser } from './helpers/api.js';
import { LogCapture } from './helpers/raw.js';
import { requestExport } from './export-import-helpers.js';

/**
 * README, "Logs and secrets": the log never holds tokens. The request lines Fastify writes for
 * every call logged the whole URL, and with it the calendar feed's token, export download links and
 * the tokens of e-mail links, so anyone reading the log could subscribe to a feed or download an
 * export.
 */
describe.each(ENGINES)('request log lines on %s', (engine) => {
  let t: TestApp;
  let user: ApiUser;
  const logs = new LogCapture();

  beforeAll(async () => {
    ({ t, user } = await startWithUser(engine, { logger: logs.logger }));
    await user.addItem({ brand: 'Logged' }, await testJpeg({ width: 40, height: 30 }));
  });
  afterAll(() => t?.close());

  it('hold no feed token, export token or e-mail link token', async () => {
    const mark = logs.mark();
    const feed = await fetch(`${t.baseUrl}/api/calendar-feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    const feedUrl = ((await feed.json()) as { url: string }).url;
    const feedToken = /\/api\/feed\/([^/.]+)\.ics$/.exec(feedUrl)![1]!;
    expect((await fetch(feedUrl)).status).toBe(200);

    const link = await requestExport(user);
    const exportToken = link.url.split('/')[3]!;
    const download = await fetch(`${t.baseUrl}${link.url}`);
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    const linkToken = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LWxpbmstdG9rZW4.c2lnbmF0dXJl';
    await fetch(`${t.baseUrl}/api/auth/verify-email?token=${linkToken}&callbackURL=%2F`);
    await fetch(`${t.baseUrl}/api/auth/magic-link/verify?token=${linkToken}&callbackURL=%2F`);
    await fetch(`${t.baseUrl}/api/auth/reset-password/${linkToken}?callbackURL=%2F`);

    const text = JSON.stringify(mark.lines());
    expect(text).toContain('/api/feed/[redacted]');
    for (const secret of [feedToken, exportToken, linkToken]) expect(text).not.toContain(secret);
  });
});

describe('redactUrl', () => {
  it('keeps what is not a credential', () => {
    expect(redactUrl('/api/export/items.csv')).toBe('/api/export/items.csv');
    expect(redactUrl('/api/users?x=1')).toBe('/api/users?x=1');
    expect(redactUrl('/api/export/abc/hanger-export.zip')).toBe(
      '/api/export/[redacted]/hanger-export.zip',
    );
    expect(redactUrl('/api/auth/callback/oidc?code=abc&state=s')).toBe(
      '/api/auth/callback/oidc?code=[redacted]&state=s',
    );
  });
});
