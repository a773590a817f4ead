import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/app.js';
import { withLoggedApp } from './helpers/suite.js';
import { testJpeg } from './helpers/api.js';
import { LEVEL, multipartBody, rawRequest, type LogLine, type RawRequest } from './helpers/raw.js';

const BOUNDARY = '----hangerBoundary7MA4YWxkTrZu0gW';

/**
 * README, "Malformed and hostile input": a body the server cannot read (cut off, no boundary,
 * broken JSON or url-encoding) is the client's fault. It answers a 4xx of docs/spec.md §8 with a
 * JSON detail, is logged at info level, and never reaches the log as a server error — on every
 * parser path, the auth routes included.
 */
describe.each(ENGINES)('malformed bodies on %s', (engine) => {
  const suite = withLoggedApp(engine);
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await testJpeg({ width: 400, height: 300 });
  });

  const auth = () => ({ authorization: `Bearer ${suite.user.token}` });

  /** A complete item form, as the app's upload sends it. */
  const itemForm = () =>
    multipartBody(BOUNDARY, [
      { name: 'category', value: 'top' },
      { name: 'status', value: 'clothes' },
      { name: 'image', value: jpeg, filename: 'photo.jpg', type: 'image/jpeg' },
    ]);
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

  /**
   * Sends the request; expects one of `statuses` and no warning or error in the log. Answers of
   * the product API carry `{ detail }` and are logged "request refused" at info level; the
   * identity service's own routes answer in its format (`{ code, message }`).
   */
  async function expectRefused(
    request: RawRequest,
    statuses: number[],
    { identityService = false } = {},
  ): Promise<LogLine[]> {
    const mark = suite.logs.mark();
    const before = Object.keys((await suite.user.wardrobe()).clothes).length;
    const response = await rawRequest(suite.t.baseUrl, request);
    expect(response.status, response.body).not.toBeNull();
    expect(statuses).toContain(response.status);
    expect(response.headers['content-type'] ?? '').toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts):\d+/);
    // Nothing was saved from a body the server could not read.
    expect(Object.keys((await suite.user.wardrobe()).clothes)).toHaveLength(before);
    const lines = mark.lines();
    expect(lines.filter((line) => line.level >= LEVEL.warn)).toEqual([]);
    if (!identityService) {
      expect(Object.keys(body)).toEqual(['detail']);
      expect(body.detail).toEqual(expect.any(String));
      expect(
        lines.some((line) => line.level === LEVEL.info && line.msg === 'request refused'),
        JSON.stringify(lines),
      ).toBe(true);
    }
    return lines;
  }

  it('still accepts the complete form these tests cut up', async () => {
    const response = await rawRequest(suite.t.baseUrl, {
      method: 'POST',
      path: '/api/clothes',
      headers: { ...auth(), 'content-type': multipartType },
      body: itemForm(),
    });
    expect(response.status, response.body).toBe(201);
  });

  describe('multipart', () => {
    it('answers 400 to an upload cut off mid-file (the proxy ends the body early)', async () => {
      const whole = itemForm();
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': multipartType },
          body: whole.subarray(0, Math.floor(whole.length / 2)),
        },
        [400],
      );
    });

    it('answers 400 to a chunked upload that stops before its closing boundary', async () => {
      const whole = itemForm();
      const part = whole.subarray(0, Math.floor(whole.length / 2));
      const chunked = Buffer.concat([
        Buffer.from(`${part.length.toString(16)}\r\n`),
        part,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': multipartType, 'transfer-encoding': 'chunked' },
          contentLength: null,
          body: chunked,
        },
        [400],
      );
    });

    it('answers 400 to a body cut off inside the part headers', async () => {
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': multipartType },
          body: `--${BOUNDARY}\r\nContent-Disposition: form-da`,
        },
        [400],
      );
    });

    it('answers 400 to a body that never mentions its boundary', async () => {
      await expectRefused(
        {
          method: 'PUT',
          path: '/api/users/settings',
          headers: { ...auth(), 'content-type': multipartType },
          body: 'settings={"currency":"EUR"}',
        },
        [400],
      );
      expect((await suite.user.settings()).currency).toBe('USD');
    });

    it('answers 415 to multipart without a boundary, on every form route', async () => {
      for (const [method, path] of [
        ['POST', '/api/clothes'],
        ['POST', '/api/outfit'],
        ['PUT', '/api/users/settings'],
        ['PUT', '/api/calendar/2025-03-14'],
        ['PATCH', '/api/clothes/no-such-item'],
        ['PATCH', '/api/outfits/no-such-outfit'],
      ] as const) {
        await expectRefused(
          {
            method,
            path,
            headers: { ...auth(), 'content-type': 'multipart/form-data' },
            body: itemForm(),
          },
          path.includes('no-such') ? [404, 415] : [415],
        );
      }
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': 'multipart/form-data; charset=utf-8' },
          body: itemForm(),
        },
        [415],
      );
    });

    it('answers 400 to an empty boundary and to a boundary that is too long', async () => {
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=' },
          body: itemForm(),
        },
        [400, 415],
      );
      const long = 'x'.repeat(200);
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${long}` },
          body: multipartBody(long, [{ name: 'category', value: 'top' }]),
        },
        [400, 415],
      );
    });

    it('answers 400 to a part without a Content-Disposition', async () => {
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': multipartType },
          body: `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\ntop\r\n--${BOUNDARY}--\r\n`,
        },
        [400, 422],
      );
    });

    it('does not log an error when the client hangs up mid-upload', async () => {
      const whole = itemForm();
      const mark = suite.logs.mark();
      const response = await rawRequest(suite.t.baseUrl, {
        method: 'POST',
        path: '/api/clothes',
        headers: { ...auth(), 'content-type': multipartType },
        body: whole.subarray(0, Math.floor(whole.length / 2)),
        contentLength: whole.length,
      });
      // The phone is gone: an answer, if the server still sends one, is a 4xx.
      if (response.status !== null) expect(response.status).toBeGreaterThanOrEqual(400);
      if (response.status !== null) expect(response.status).toBeLessThan(500);
      // Give the server a moment to notice the closed socket.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mark.lines().filter((line) => line.level >= LEVEL.warn)).toEqual([]);
      expect(Object.keys((await suite.user.wardrobe()).clothes)).toHaveLength(1);
    });
  });

  describe('JSON and url-encoded', () => {
    it('answers 400 to broken JSON on a product route', async () => {
      await expectRefused(
        {
          method: 'PUT',
          path: '/api/users/settings',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: '{"settings": {"currency": "EUR"',
        },
        [400],
      );
    });

    it('answers 400 to an empty JSON body and to JSON in an unknown charset', async () => {
      await expectRefused(
        {
          method: 'PUT',
          path: '/api/users/settings',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: '',
        },
        [400, 415],
      );
      await expectRefused(
        {
          method: 'PUT',
          path: '/api/users/settings',
          headers: { ...auth(), 'content-type': 'application/json; charset=klingon' },
          body: '{}',
        },
        [400, 415],
      );
    });

    it('answers 415 to well-formed JSON where a form is expected', async () => {
      await expectRefused(
        {
          method: 'PUT',
          path: '/api/users/settings',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: '{"settings": "{}"}',
        },
        [415],
      );
    });

    it('answers 4xx to broken url-encoding, and reads nothing from it', async () => {
      await expectRefused(
        {
          method: 'PUT',
          path: '/api/calendar/2025-03-14',
          headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
          body: 'clothes=%E0%A4%A&clothes=%',
        },
        [400, 404, 422],
      );
      // An over-long encoding of "/" (%C0%AF) and of NUL (%C0%80): not UTF-8, never decoded.
      for (const body of ['settings=%C0%AF', 'settings=%7B%22a%22%3A%22%C0%80%22%7D']) {
        await expectRefused(
          {
            method: 'PUT',
            path: '/api/users/settings',
            headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
            body,
          },
          [400],
        );
      }
    });

    it('answers 400 to a body shorter than its Content-Length with the connection half-closed', async () => {
      const mark = suite.logs.mark();
      const response = await rawRequest(suite.t.baseUrl, {
        method: 'PUT',
        path: '/api/users/settings',
        headers: { ...auth(), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'settings=%7B%22curr',
        contentLength: 200,
      });
      if (response.status !== null) expect(response.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mark.lines().filter((line) => line.level >= LEVEL.warn)).toEqual([]);
    });

    it('answers 415 to a content type no route reads', async () => {
      await expectRefused(
        {
          method: 'POST',
          path: '/api/clothes',
          headers: { ...auth(), 'content-type': 'text/plain' },
          body: 'category=top',
        },
        [415],
      );
    });
  });

  describe('the auth routes', () => {
    const origin = () => ({ origin: suite.t.baseUrl });

    it('answers 400 to broken JSON on sign-in and sign-up', async () => {
      for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
        await expectRefused(
          {
            method: 'POST',
            path,
            headers: { ...origin(), 'content-type': 'application/json' },
            body: '{"email": "a@example.test", "password": "x',
          },
          [400],
          { identityService: true },
        );
      }
    });

    it('answers 4xx to JSON that is not an object, or absurdly deep', async () => {
      for (const body of [
        'null',
        '[]',
        '"a@example.test"',
        '1e999999',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
      ]) {
        await expectRefused(
          {
            method: 'POST',
            path: '/api/auth/sign-in/email',
            headers: { ...origin(), 'content-type': 'application/json' },
            body,
          },
          [400, 401, 415, 422],
          { identityService: true },
        );
      }
    });

    it('answers 4xx to a cut-off multipart, no boundary and broken url-encoding', async () => {
      await expectRefused(
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { ...origin(), 'content-type': multipartType },
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@exa`,
        },
        [400, 415],
        { identityService: true },
      );
      await expectRefused(
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { ...origin(), 'content-type': 'multipart/form-data' },
          body: 'email=a%40example.test',
        },
        [400, 415],
        { identityService: true },
      );
      await expectRefused(
        {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { ...origin(), 'content-type': 'application/x-www-form-urlencoded' },
          body: 'email=%E0%A4%A&password=%',
        },
        [400, 401, 415, 422],
        { identityService: true },
      );
    });

    it('answers 400 to an auth body shorter than its Content-Length', async () => {
      const mark = suite.logs.mark();
      const response = await rawRequest(suite.t.baseUrl, {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        headers: { ...origin(), 'content-type': 'application/json' },
        body: '{"email": "a@exa',
        contentLength: 400,
      });
      if (response.status !== null) expect(response.status).toBe(400);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mark.lines().filter((line) => line.level >= LEVEL.warn)).toEqual([]);
    });
  });
});
