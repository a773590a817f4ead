import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, fakeServer, json, signedInApiHooks } from '../../test-utils/fake-server';
import {
  exportZip,
  fakeXhrUpload,
  IMPORT_PREVIEW,
  type SentXhr,
} from '../../test-utils/import-upload';
import {
  cancelImport,
  commitImport,
  createCalendarFeed,
  deleteAccount,
  deleteCalendarFeed,
  dispositionFilename,
  downloadItemsCsv,
  fetchCalendarFeed,
  fetchImportStatus,
  requestExport,
  uploadImport,
} from './data';
import { ApiError } from './transport';

signedInApiHooks();

/** The import upload's XMLHttpRequest, a few milliseconds between its progress events. */
const fakeXhr = (answer: (sent: SentXhr) => { status: number; body: unknown }) =>
  fakeXhrUpload(answer, () => new Promise((r) => setTimeout(r, 5)));

const zip = () => exportZip(1000);
const preview = IMPORT_PREVIEW;

afterEach(() => vi.unstubAllGlobals());

describe('export', () => {
  it('POSTs export and reads the ticket with its URL made absolute', async () => {
    const server = fakeServer({
      'POST /api/export': () =>
        json({ url: '/api/export/files/abc.zip', expires_at: '2026-11-23T16:00:00Z', bytes: null }),
    });
    const ticket = await requestExport();
    expect(ticket).toEqual({
      url: `${window.location.origin}/api/export/files/abc.zip`,
      expiresAt: '2026-11-23T16:00:00Z',
      bytes: null,
    });
    expect(server.apiCalls()[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('refuses a ticket whose URL a browser should not open', async () => {
    fakeServer({
      'POST /api/export': () =>
        json({ url: 'javascript:alert(1)', expires_at: '2026-11-23T16:00:00Z', bytes: 10 }),
    });
    await expect(requestExport()).rejects.toThrow(/Unexpected export answer/);
  });
});

describe('the items CSV', () => {
  it('is read as bytes (a byte-order mark survives) under the name the server gives', async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('brand\r\nAcne\r\n'),
    ]);
    const server = fakeServer({
      'GET /api/export/items.csv': () =>
        new Response(bytes, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="hanger-items-2026-11-23.csv"',
          },
        }),
    });
    const { blob, filename } = await downloadItemsCsv();
    expect(filename).toBe('hanger-items-2026-11-23.csv');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(server.apiCalls()[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('retries once with a new token when the first is refused', async () => {
    let answered = 0;
    const tokens: (string | null)[] = [];
    fakeServer({
      'GET /api/auth/token': () => json({ token: fakeJwt() + String(answered++) }),
      'GET /api/export/items.csv': (call) => {
        tokens.push(call.headers.get('authorization'));
        return tokens.length === 1
          ? json({ detail: 'expired' }, 401)
          : new Response('brand\r\n', { headers: { 'content-type': 'text/csv' } });
      },
    });
    const { blob } = await downloadItemsCsv();
    expect(await blob.text()).toBe('brand\r\n');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  it("fails with the server's detail", async () => {
    fakeServer({ 'GET /api/export/items.csv': () => json({ detail: 'Too many exports' }, 429) });
    await expect(downloadItemsCsv()).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Too many exports',
      status: 429,
    });
  });

  it('reads file names from Content-Disposition, never a path', () => {
    expect(dispositionFilename("attachment; filename*=UTF-8''items%20%C3%A9.csv")).toBe(
      'items é.csv',
    );
    expect(dispositionFilename('attachment; filename=../../etc/passwd')).toBe('passwd');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});

describe('import', () => {
  it('uploads the zip as `archive` with the bearer token, reports progress and reads the preview', async () => {
    fakeServer();
    const sent = fakeXhr(() => ({ status: 201, body: preview }));
    const progress: number[] = [];
    const answer = await uploadImport(zip(), {
      onProgress: (p) => progress.push(p.loaded / p.total),
    });
    expect(answer).toEqual({
      id: 'imp1',
      items: 412,
      outfits: 96,
      calendarDays: 1204,
      photos: 508,
      alreadyImported: { items: 12, outfits: 1 },
    });
    expect(progress).toEqual([0.5, 1]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/imports' });
    expect(sent[0]?.headers.authorization).toMatch(/^Bearer .+\..+\.sig$/);
    const archive = sent[0]?.body?.get('archive') as File;
    expect(archive.name).toBe('hanger-export.zip');
    expect(archive.size).toBe(1000);
  });

  it("fails with the server's detail when the zip is refused", async () => {
    fakeServer();
    fakeXhr(() => ({ status: 422, body: { detail: 'The archive holds no export.json.' } }));
    const failure = await uploadImport(zip()).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The archive holds no export.json.',
      status: 422,
    });
  });

  it('sends again with a new token after a 401', async () => {
    fakeServer();
    const sent = fakeXhr((req) =>
      req === sent[0] ? { status: 401, body: {} } : { status: 201, body: preview },
    );
    await uploadImport(zip());
    expect(sent).toHaveLength(2);
  });

  it('stops when its signal aborts', async () => {
    fakeServer();
    fakeXhr(() => ({ status: 201, body: preview }));
    const controller = new AbortController();
    const pending = uploadImport(zip(), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses a preview that is not one', async () => {
    fakeServer();
    fakeXhr(() => ({ status: 201, body: { id: 'imp1', items: -1 } }));
    await expect(uploadImport(zip())).rejects.toThrow(/Unexpected import preview answer/);
  });

  it('commits, polls and cancels by id', async () => {
    const server = fakeServer({
      'POST /api/imports/imp%201/commit': () => new Response(null, { status: 202 }),
      'GET /api/imports/imp%201': () =>
        json({
          id: 'imp 1',
          state: 'done',
          done: 5,
          total: 5,
          result: { items: 3, outfits: 2, note: 'x' },
        }),
      'DELETE /api/imports/imp%201': () => new Response(null, { status: 204 }),
    });
    await commitImport('imp 1');
    expect(await fetchImportStatus('imp 1')).toEqual({
      state: 'done',
      done: 5,
      total: 5,
      result: { items: 3, outfits: 2 },
    });
    await cancelImport('imp 1');
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/imports/imp%201/commit',
      'GET /api/imports/imp%201',
      'DELETE /api/imports/imp%201',
    ]);
  });

  it('reads a failed import with its reason and refuses an unknown state', async () => {
    let state = 'failed';
    fakeServer({
      'GET /api/imports/i': () =>
        json({ id: 'i', state, done: 2, total: 9, error: 'Photo 3 is not an image.' }),
    });
    expect(await fetchImportStatus('i')).toEqual({
      state: 'failed',
      done: 2,
      total: 9,
      error: 'Photo 3 is not an image.',
    });
    state = 'exploded';
    await expect(fetchImportStatus('i')).rejects.toThrow(/import status/);
  });
});

describe('the calendar feed', () => {
  it('reads no feed, creates one and turns it off', async () => {
    let url: string | null = null;
    const server = fakeServer({
      'GET /api/calendar-feed': () => json({ url, created_at: null }),
      'POST /api/calendar-feed': () => {
        url = 'https://wardrobe.example/api/calendar-feed/s3cr3t.ics';
        return json({ url, created_at: '2026-11-23T15:00:00Z' }, 201);
      },
      'DELETE /api/calendar-feed': () => new Response(null, { status: 204 }),
    });
    expect(await fetchCalendarFeed()).toEqual({ url: null, createdAt: null });
    expect(await createCalendarFeed()).toEqual({
      url: 'https://wardrobe.example/api/calendar-feed/s3cr3t.ics',
      createdAt: '2026-11-23T15:00:00Z',
    });
    await deleteCalendarFeed();
    expect(server.apiCalls().map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('accepts a webcal link and makes a path absolute', async () => {
    let url = 'webcal://wardrobe.example/feed.ics';
    fakeServer({
      'GET /api/calendar-feed': () => json({ url, created_at: '2026-01-01T00:00:00Z' }),
    });
    expect((await fetchCalendarFeed()).url).toBe('webcal://wardrobe.example/feed.ics');
    url = '/api/calendar-feed/t.ics';
    expect((await fetchCalendarFeed()).url).toBe(
      `${window.location.origin}/api/calendar-feed/t.ics`,
    );
  });
});

describe('deleting the account', () => {
  it('sends DELETE users/me with the typed e-mail as JSON', async () => {
    const server = fakeServer({
      'DELETE /api/users/me': () => new Response(null, { status: 204 }),
    });
    await deleteAccount('ada@example.com');
    const call = server.apiCalls()[0]!;
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(call.body))).toEqual({ confirm: 'ada@example.com' });
  });

  it("fails with the server's detail on a mismatch", async () => {
    fakeServer({
      'DELETE /api/users/me': () =>
        json({ detail: 'The e-mail does not match this account.' }, 422),
    });
    await expect(deleteAccount('eve@example.com')).rejects.toMatchObject({
      message: 'The e-mail does not match this account.',
      status: 422,
    });
  });
});
