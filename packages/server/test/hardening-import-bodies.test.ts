import { describe, expect, it } from 'vitest';
import { ENGINES } from './helpers/app.js';
import { withLoggedApp } from './helpers/suite.js';
import { LEVEL, multipartBody, rawRequest, type RawRequest } from './helpers/raw.js';

const BOUNDARY = '----hangerImportBoundary';

/**
 * Unreadable bodies (README, "Malformed and hostile input") on the import upload (POST
 * /api/imports), which streams its zip to disk instead of reading the form like the other routes: a
 * multipart body without a boundary, with a boundary the body never uses, or cut off mid-upload
 * answers a 4xx and is logged at info, never a 500.
 */
describe.each(ENGINES)('import upload bodies on %s', (engine) => {
  const suite = withLoggedApp(engine);

  const zipForm = () =>
    multipartBody(BOUNDARY, [
      {
        name: 'archive',
        value: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4096, 7)]),
        filename: 'hanger-export.zip',
        type: 'application/zip',
      },
    ]);

  async function expectRefused(request: RawRequest, statuses: number[]): Promise<void> {
    const mark = suite.logs.mark();
    const response = await rawRequest(suite.t.baseUrl, {
      ...request,
      headers: { authorization: `Bearer ${suite.user.token}`, ...request.headers },
    });
    if (request.contentLength === undefined || request.contentLength === null) {
      expect(response.status, response.body).not.toBeNull();
    }
    if (response.status !== null)
      expect(statuses, JSON.stringify(mark.lines().filter((l) => l.level >= 50))).toContain(
        response.status,
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mark.lines().filter((line) => line.level >= LEVEL.warn)).toEqual([]);
  }

  it('answers 415 to multipart without a boundary', async () => {
    await expectRefused(
      {
        method: 'POST',
        path: '/api/imports',
        headers: { 'content-type': 'multipart/form-data' },
        body: zipForm(),
      },
      [415],
    );
  });

  it('answers 400 to a boundary the body never uses and to an empty one', async () => {
    for (const type of ['multipart/form-data; boundary=other', 'multipart/form-data; boundary=']) {
      await expectRefused(
        {
          method: 'POST',
          path: '/api/imports',
          headers: { 'content-type': type },
          body: zipForm(),
        },
        [400, 415],
      );
    }
  });

  it('answers 400 to an upload cut off mid-file, ended or hung up', async () => {
    const whole = zipForm();
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    const type = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    await expectRefused({ method: 'POST', path: '/api/imports', headers: type, body: half }, [400]);
    await expectRefused(
      {
        method: 'POST',
        path: '/api/imports',
        headers: type,
        body: half,
        contentLength: whole.length,
      },
      [400],
    );
    const chunked = Buffer.concat([
      Buffer.from(`${half.length.toString(16)}\r\n`),
      half,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    await expectRefused(
      {
        method: 'POST',
        path: '/api/imports',
        headers: { ...type, 'transfer-encoding': 'chunked' },
        contentLength: null,
        body: chunked,
      },
      [400],
    );
  });
});
