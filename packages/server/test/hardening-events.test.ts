import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type TestApp } from './helpers/app.js';
import { TEST_PASSWORD } from './helpers/auth.js';
import { canvasEntry, photo, signUp, testJpeg, type ApiUser } from './helpers/api.js';
import { LEVEL, LogCapture, type LogLine } from './helpers/raw.js';

/**
 * Security events (README, "Logs and secrets") of uploads and cross-user ids: a refused photo
 * upload and a signed-in user's 404 are logged as structured security events with the user id, the
 * client address and the route, so an operator can see someone probing ids or pushing files; never
 * a token, a password or a byte of the photo.
 */
describe.each(ENGINES)('security events for uploads and 404s on %s', (engine) => {
  let t: TestApp;
  let alice: ApiUser;
  let mallory: ApiUser;
  let aliceItem: string;
  let aliceOutfit: string;
  let jpeg: Buffer;
  const logs = new LogCapture();
  // Marks the bytes of every refused file: none of it may reach the log.
  const MARKER = 'PHOTO-BYTES-7f3a9c';

  beforeAll(async () => {
    t = await startApp(engine, {
      env: { MAX_UPLOAD_BYTES: String(64 * 1024) },
      logger: logs.logger,
    });
    [alice, mallory] = await Promise.all([signUp(t), signUp(t)]);
    jpeg = await testJpeg({ width: 60, height: 80 });
    aliceItem = (await alice.addItem({}, jpeg)).id;
    aliceOutfit = (await alice.addOutfit([aliceItem])).id;
  });
  afterAll(() => t?.close());

  const events = (lines: LogLine[], event: string) =>
    lines.filter((line) => line.security === event);

  it("logs not_found with the prober's id, address, route and the id asked for", async () => {
    const probes: [string, string, string, Record<string, string> | undefined][] = [
      ['PATCH', `/api/clothes/${aliceItem}`, '/api/clothes/:id', { updates: '{"brand":"x"}' }],
      ['DELETE', `/api/clothes/${aliceItem}`, '/api/clothes/:id', undefined],
      ['PATCH', `/api/outfits/${aliceOutfit}`, '/api/outfits/:id', { updates: '{}' }],
      ['DELETE', `/api/outfits/${aliceOutfit}`, '/api/outfits/:id', undefined],
    ];
    for (const [method, path, route, fields] of probes) {
      const mark = logs.mark();
      const response = await mallory.send(method, path, fields);
      expect(response.status, `${method} ${path}`).toBe(404);
      const [event, ...more] = events(mark.lines(), 'not_found');
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        level: LEVEL.info,
        msg: 'security: not_found',
        userId: mallory.id,
        ip: '127.0.0.1',
        method,
        route,
        resourceId: path.split('/')[3],
      });
    }
    // Alice's things are untouched.
    expect((await alice.wardrobe()).clothes[aliceItem]).toBeDefined();
  });

  it('logs the calendar item id of a 404 too, and trims a long or hostile id', async () => {
    const mark = logs.mark();
    const hostile = `${'x'.repeat(150)}\u0000`;
    const response = await mallory.send(
      'DELETE',
      `/api/calendar/2025-03-14/${encodeURIComponent(hostile)}`,
      { item_type: 'clothes' },
    );
    expect(response.status).toBe(404);
    const [event] = events(mark.lines(), 'not_found');
    expect(event).toMatchObject({ userId: mallory.id, route: '/api/calendar/:date/:itemId' });
    expect(event?.resourceId).toBe('x'.repeat(64));
  });

  it('logs a 404 from an id in the body, without a resource id', async () => {
    const mark = logs.mark();
    const response = await mallory.putDay('2025-03-14', { clothes: aliceItem });
    expect(response.status).toBe(404);
    const [event] = events(mark.lines(), 'not_found');
    expect(event).toMatchObject({ userId: mallory.id, route: '/api/calendar/:date' });
    expect(event).not.toHaveProperty('resourceId');
  });

  it('logs upload_refused for a file that is not an image (422)', async () => {
    const mark = logs.mark();
    const response = await mallory.send('POST', '/api/clothes', {
      category: 'top',
      status: 'clothes',
      image: photo(Buffer.from(`${MARKER} not an image`), 'x.jpg'),
    });
    expect(response.status).toBe(422);
    const [event] = events(mark.lines(), 'upload_refused');
    expect(event).toMatchObject({
      level: LEVEL.info,
      userId: mallory.id,
      ip: '127.0.0.1',
      method: 'POST',
      route: '/api/clothes',
      status: 422,
    });
    expect(event?.reason).toEqual(expect.any(String));
  });

  it('logs upload_refused for a file over MAX_UPLOAD_BYTES (413), declared or streamed', async () => {
    const big = Buffer.concat([Buffer.from(MARKER), Buffer.alloc(200 * 1024, 0x41)]);
    // Declared: refused on its Content-Length before a byte is read (and before the token).
    let mark = logs.mark();
    let response = await mallory.send('PATCH', `/api/clothes/${aliceItem}/image`, {
      image: photo(big),
    });
    expect(response.status).toBe(413);
    expect(events(mark.lines(), 'upload_refused')[0]).toMatchObject({
      route: '/api/clothes/:id/image',
      status: 413,
      ip: '127.0.0.1',
      declaredBytes: expect.any(Number),
    });
    // Streamed without a length: cut off by the multipart limit, after the token was checked.
    mark = logs.mark();
    const form = new FormData();
    form.append('canvas_data', JSON.stringify([canvasEntry(aliceItem)]));
    form.append('image', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'o.png');
    const chunks = new Response(form);
    response = await mallory.fetch('/api/outfit', {
      method: 'POST',
      headers: { 'content-type': chunks.headers.get('content-type') ?? '' },
      body: chunks.body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(events(mark.lines(), 'upload_refused')[0]).toMatchObject({
      userId: mallory.id,
      route: '/api/outfit',
      status: 413,
    });
  });

  it('logs upload_refused for a body in the wrong format (415)', async () => {
    const mark = logs.mark();
    const response = await mallory.fetch('/api/clothes', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: `${MARKER} raw bytes`,
    });
    expect(response.status).toBe(415);
    expect(events(mark.lines(), 'upload_refused')[0]).toMatchObject({
      userId: mallory.id,
      route: '/api/clothes',
      status: 415,
    });
  });

  it('logs no security event for a refusal that is neither', async () => {
    const mark = logs.mark();
    // A 422 on a route without a photo, a 404 without a token.
    expect((await mallory.putSettings({ locale: '!!' })).status).toBe(422);
    expect(
      (await fetch(`${t.baseUrl}/api/clothes/${aliceItem}`, { method: 'DELETE' })).status,
    ).toBe(401);
    expect(mark.lines().filter((line) => 'security' in line)).toEqual([]);
  });

  it('never writes a token, a password or photo bytes to the log', () => {
    const text = logs.text();
    expect(text).toContain('security: not_found');
    for (const secret of [alice.token, mallory.token, TEST_PASSWORD, MARKER]) {
      expect(text).not.toContain(secret);
    }
    // And nothing above was a server error.
    expect(logs.lines.filter((line) => line.level >= LEVEL.error)).toEqual([]);
  });
});
