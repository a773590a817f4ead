import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/stores/session-store';
import { useToastStore } from '../../lib/stores/toast-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { fakeServer, json } from '../../test-utils/fake-server';
import { exportZip, fakeXhrUpload, IMPORT_PREVIEW } from '../../test-utils/import-upload';
import { item, signedInWith } from '../../test-utils/fixtures';
import { resetImportForTests } from './import-store';
import ProfilePage from './profile-page';

/** The profile with a stand-in sign-in screen, to see where deleting the account leads. */
function renderProfile() {
  return render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/login" element={<h1>Sign-in screen</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

function open() {
  renderProfile();
}

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);
const noContent = () => new Response(null, { status: 204 });

/** Files handed to the browser: the hidden links clicked, with their href and download name. */
function recordDownloads() {
  const downloads: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ href: this.href, download: this.download });
  });
  return downloads;
}

/**
 * XMLHttpRequest for the import upload: the send is answered by `answer` after progress at half
 * and at the end; it stays at half until `release` is called.
 */
function fakeUpload(answer: () => { status: number; body: unknown }) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent = fakeXhrUpload(answer, (loaded) => (loaded === 'all' ? held : Promise.resolve()));
  return { sent, release };
}

const zipFile = () => exportZip(2_000_000);
const preview = IMPORT_PREVIEW;

/** Chooses the archive, lets its upload finish and confirms the import. */
async function uploadAndImport(upload: { release: () => void }) {
  await userEvent.upload(screen.getByLabelText('Export archive to import'), zipFile());
  upload.release();
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Import this export?' })).getByRole('button', {
      name: 'Import',
    }),
  );
}

/** An import's status route (GET /api/imports/{id}): `running` at the first poll, then `done`. */
function runningThenDone(running: object, done: object) {
  let polls = 0;
  return () => json(++polls === 1 ? running : done);
}

const noFeed = { 'GET /api/calendar-feed': () => json({ url: null, created_at: null }) };

beforeEach(() => {
  signedInWith({ clothes: { tee: item('tee') }, outfits: {}, calendar: {} });
  Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
});

afterEach(() => {
  resetImportForTests();
  useToastStore.getState().clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('your data: export and CSV', () => {
  it('prepares the export, then hands its URL to the browser and says how large it is', async () => {
    let ready = () => {};
    const prepared = new Promise<void>((resolve) => (ready = resolve));
    fakeServer({
      ...noFeed,
      'POST /api/export': async () => {
        await prepared;
        return json({
          url: '/api/export/download/t0k3n',
          expires_at: '2026-11-23T16:00:00Z',
          bytes: 12_400_000,
        });
      },
    });
    const downloads = recordDownloads();
    open();
    const section = screen.getByRole('region', { name: 'Your data' });
    expect(
      within(section).getByText(
        /settings, items, outfits and calendar as JSON, and every photo at display size/,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Download my data' }));
    expect(within(section).getByRole('button', { name: /Preparing your export…/ })).toBeDisabled();
    ready();
    expect(
      await within(section).findByText('Your download has started (12.4 MB)'),
    ).toBeInTheDocument();
    expect(downloads).toEqual([
      { href: `${window.location.origin}/api/export/download/t0k3n`, download: '' },
    ]);
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });

  it("shows the server's reason when the export cannot be prepared", async () => {
    fakeServer({
      ...noFeed,
      'POST /api/export': () => json({ detail: 'An export is already being prepared.' }, 409),
    });
    const downloads = recordDownloads();
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText(
        /Could not prepare your export\. An export is already being prepared\./,
      ),
    ).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('downloads the items CSV under the name the server gives', async () => {
    fakeServer({
      ...noFeed,
      'GET /api/export/items.csv': () =>
        new Response('brand,times_worn\r\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="hanger-items.csv"',
          },
        }),
    });
    const downloads = recordDownloads();
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Download items as CSV' }));
    await waitFor(() =>
      expect(downloads).toEqual([{ href: 'blob:csv', download: 'hanger-items.csv' }]),
    );
  });
});

describe('your data: import', () => {
  it('uploads with progress, previews in the locale, imports with progress and reloads the wardrobe', async () => {
    const server = fakeServer({
      ...noFeed,
      'POST /api/imports/imp1/commit': () => new Response(null, { status: 202 }),
      'GET /api/imports/imp1': runningThenDone(
        { id: 'imp1', state: 'running', done: 100, total: 400 },
        {
          id: 'imp1',
          state: 'done',
          done: 400,
          total: 400,
          result: { items: 400, outfits: 95, calendar_days: 1204, skipped: 13 },
        },
      ),
      'GET /api/users/settings': () => json({}),
      'GET /api/users': () => json({ clothes: {}, outfits: {}, calendar: {} }),
    });
    const upload = fakeUpload(() => ({ status: 201, body: preview }));
    open();
    await userEvent.upload(screen.getByLabelText('Export archive to import'), zipFile());

    const uploading = await screen.findByRole('dialog', { name: 'Uploading your export' });
    const bar = within(uploading).getByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(within(uploading).getByText('1 MB of 2 MB')).toBeInTheDocument();
    expect(upload.sent[0]?.body?.get('archive')).toBeInstanceOf(File);
    upload.release();

    const confirm = await screen.findByRole('dialog', { name: 'Import this export?' });
    expect(confirm).toHaveAccessibleDescription(
      '412 items, 96 outfits, 1,204 calendar days — import?',
    );
    expect(
      within(confirm).getByText(
        '12 items and 1 outfit from this export are already in your wardrobe from an earlier import and will be skipped.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Import' }));

    const running = await screen.findByRole('dialog', { name: 'Importing…' });
    await waitFor(() =>
      expect(within(running).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    await waitFor(() => expect(toastTitles()).toContain('Import complete'), { timeout: 4000 });
    expect(
      useToastStore.getState().toasts.find((t) => t.title === 'Import complete')?.message,
    ).toBe(
      'Added 400 items, 95 outfits, and 1,204 calendar days to your wardrobe. 13 already there were skipped.',
    );
    await waitFor(() => expect(useWardrobeStore.getState().data?.clothes).toEqual({}));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['POST /api/imports/imp1/commit', 'GET /api/users']),
    );
  });

  it('goes on when hidden and reports after the profile is left', async () => {
    let finished = false;
    fakeServer({
      ...noFeed,
      'POST /api/imports/imp1/commit': () => new Response(null, { status: 202 }),
      'GET /api/imports/imp1': () =>
        finished
          ? json({ id: 'imp1', state: 'done', done: 9, total: 9 })
          : json({ id: 'imp1', state: 'running', done: 3, total: 9 }),
      'GET /api/users/settings': () => json({}),
      'GET /api/users': () => json({ clothes: {}, outfits: {}, calendar: {} }),
    });
    const upload = fakeUpload(() => ({ status: 201, body: preview }));
    const { unmount } = renderProfile();
    await uploadAndImport(upload);
    const running = await screen.findByRole('dialog', { name: 'Importing…' });
    await userEvent.click(within(running).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const section = screen.getByRole('region', { name: 'Your data' });
    expect(within(section).getByRole('button', { name: 'Show progress' })).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByText('Importing… 3 of 9')).toBeInTheDocument());

    unmount();
    finished = true;
    await waitFor(() => expect(toastTitles()).toContain('Import complete'), { timeout: 4000 });
    expect(
      useToastStore.getState().toasts.find((t) => t.title === 'Import complete')?.message,
    ).toBe('Added 400 items, 95 outfits, and 1,204 calendar days to your wardrobe.');
  });

  it("shows the server's detail for a refused zip and lets another file be chosen", async () => {
    fakeServer(noFeed);
    const upload = fakeUpload(() => ({
      status: 422,
      body: { detail: 'This is not a Hanger export: export.json is missing.' },
    }));
    open();
    const input = screen.getByLabelText<HTMLInputElement>('Export archive to import');
    await userEvent.upload(input, zipFile());
    upload.release();
    const failed = await screen.findByRole('dialog', { name: 'Import failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent(
      'This is not a Hanger export: export.json is missing.Nothing was added to your wardrobe.',
    );
    const picker = vi.spyOn(input, 'click').mockImplementation(() => {});
    await userEvent.click(within(failed).getByRole('button', { name: 'Choose another file' }));
    expect(picker).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancelling the preview drops the archive on the server', async () => {
    const server = fakeServer({
      ...noFeed,
      'DELETE /api/imports/imp1': noContent,
    });
    const upload = fakeUpload(() => ({ status: 201, body: preview }));
    open();
    await userEvent.upload(screen.getByLabelText('Export archive to import'), zipFile());
    upload.release();
    const confirm = await screen.findByRole('dialog', { name: 'Import this export?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.apiCalls().map((c) => `${c.method} ${c.path}`)).toContain(
      'DELETE /api/imports/imp1',
    );
    expect(server.apiCalls().some((c) => c.path.endsWith('/commit'))).toBe(false);
  });

  it('reports a failed import with its reason', async () => {
    fakeServer({
      ...noFeed,
      'POST /api/imports/imp1/commit': () => new Response(null, { status: 202 }),
      'GET /api/imports/imp1': () =>
        json({ id: 'imp1', state: 'failed', done: 3, total: 9, error: 'Photo 4 is not an image.' }),
    });
    const upload = fakeUpload(() => ({ status: 201, body: preview }));
    open();
    await uploadAndImport(upload);
    const failed = await screen.findByRole('dialog', { name: 'Import failed' });
    expect(within(failed).getByRole('alert')).toHaveTextContent(
      'Photo 4 is not an image.Nothing was added to your wardrobe.',
    );
  });
});

/** What the server previews for a sheet of two readable rows and a refused one. */
const SHEET_PREVIEW = {
  encoding: 'utf-8',
  delimiter: ';',
  header: ['Item name', 'Type'],
  mapping: { brand: 0, category: 1 },
  rows: 3,
  items: [
    { row: 2, key: 'a', category: 'top', status: 'clothes', brand: 'Linen shirt' },
    { row: 3, key: 'b', category: 'outerwear', status: 'clothes', brand: 'Wool coat' },
  ],
  importable: 2,
  already_imported: 0,
  refused: [{ row: 4, reason: 'unknown category “robes”' }],
  refused_count: 1,
  photos: 0,
};

/** Opens the spreadsheet import, chooses a CSV, ticks "skip refused" and imports. */
async function startSheetImport() {
  const section = screen.getByRole('region', { name: 'Your data' });
  await userEvent.click(within(section).getByRole('button', { name: 'Import a spreadsheet…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import a spreadsheet' });
  await userEvent.upload(
    within(dialog).getByLabelText('Spreadsheet to import'),
    new File(['Item name;Type\n'], 'wardrobe.csv', { type: 'text/csv' }),
  );
  await userEvent.click(
    await within(dialog).findByLabelText('Skip the refused rows and import the rest'),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 items' }));
}

/** The sheet form's action field of each POST imports/sheet. */
const sheetActions = (server: ReturnType<typeof fakeServer>) =>
  server
    .apiCalls()
    .filter((c) => c.path === '/api/imports/sheet')
    .map((c) => (c.body as FormData).get('action'));

describe('your data: spreadsheet import', () => {
  const sheetRoutes = (status: () => Response) => ({
    ...noFeed,
    'POST /api/imports/sheet': (call: { body: unknown }) =>
      (call.body as FormData).get('action') === 'import'
        ? json({ id: 'sh1', state: 'running' }, 202)
        : json(SHEET_PREVIEW),
    'GET /api/imports/sh1': status,
    'GET /api/users/settings': () => json({}),
    'GET /api/users': () => json({ clothes: {}, outfits: {}, calendar: {} }),
  });

  it('starts the import as a job, shows its progress, then what it added', async () => {
    const server = fakeServer(
      sheetRoutes(
        runningThenDone(
          { id: 'sh1', state: 'running', done: 1, total: 4 },
          {
            id: 'sh1',
            state: 'done',
            done: 2,
            total: 2,
            result: { items: 2, skipped: 1, refused_skipped: 1 },
          },
        ),
      ),
    );
    open();
    await startSheetImport();

    const running = await screen.findByRole('dialog', { name: 'Importing your spreadsheet' });
    expect(running).toHaveAccessibleDescription('2 items from wardrobe.csv');
    await waitFor(() =>
      expect(within(running).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    expect(within(running).getByText('1 of 4 · 25%')).toBeInTheDocument();

    const done = await screen.findByRole('dialog', { name: 'Imported 2 items' }, { timeout: 4000 });
    expect(within(done).getByRole('status')).toHaveTextContent(
      '2 items added to your wardrobe.1 refused row was skipped.1 row was imported before and was skipped.',
    );
    await waitFor(() => expect(useWardrobeStore.getState().data?.clothes).toEqual({}));
    expect(sheetActions(server)).toEqual(['preview', 'import']);
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('goes on when hidden and reports in a toast', async () => {
    let finished = false;
    fakeServer(
      sheetRoutes(() =>
        finished
          ? json({ id: 'sh1', state: 'done', done: 2, total: 2, result: { items: 2, skipped: 0 } })
          : json({ id: 'sh1', state: 'running', done: 1, total: 2 }),
      ),
    );
    open();
    await startSheetImport();
    const running = await screen.findByRole('dialog', { name: 'Importing your spreadsheet' });
    await userEvent.click(within(running).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Its row shows the progress, and opens it again.
    const section = screen.getByRole('region', { name: 'Your data' });
    await waitFor(() =>
      expect(
        within(section).getByRole('progressbar', { name: 'Spreadsheet import progress' }),
      ).toHaveAttribute('aria-valuenow', '50'),
    );
    expect(within(section).getByText('Importing… 1 of 2')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Show progress' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Importing your spreadsheet' })).getByRole(
        'button',
        { name: 'Hide' },
      ),
    );
    finished = true;
    await waitFor(() => expect(toastTitles()).toContain('Imported 2 items'), { timeout: 4000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Done: the row offers a new import again.
    expect(
      within(section).queryByRole('progressbar', { name: 'Spreadsheet import progress' }),
    ).not.toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Import a spreadsheet…' }),
    ).toBeInTheDocument();
  });

  it("shows the server's reason when the import fails, back on the sheet's columns", async () => {
    fakeServer(
      sheetRoutes(() =>
        json({
          id: 'sh1',
          state: 'failed',
          done: 0,
          total: 0,
          error: 'Row 2: photo a.jpg: The file is not an image. Nothing was imported.',
        }),
      ),
    );
    open();
    await startSheetImport();
    const dialog = await screen.findByRole('dialog', { name: 'Import a spreadsheet' });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Row 2: photo a.jpg: The file is not an image. Nothing was imported.',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Import 2 items' })).toBeEnabled();
  });
});

describe('your data: calendar feed', () => {
  it('creates a link, copies it, and turns it off after confirmation', async () => {
    const url = 'https://wardrobe.example/api/calendar-feed/s3cr3t.ics';
    let live = false;
    const server = fakeServer({
      'GET /api/calendar-feed': () =>
        json(live ? { url, created_at: '2026-11-23T15:00:00Z' } : { url: null, created_at: null }),
      'POST /api/calendar-feed': () => {
        live = true;
        return json({ url, created_at: '2026-11-23T15:00:00Z' }, 201);
      },
      'DELETE /api/calendar-feed': () => {
        live = false;
        return noContent();
      },
    });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    const card = screen.getByRole('region', { name: 'Subscribe in your calendar app' });
    expect(
      within(card).getByText(/Anyone with the link can see what you wore \(no photos\)/),
    ).toBeInTheDocument();
    await userEvent.click(await within(card).findByRole('button', { name: 'Create link' }));

    const field = await within(card).findByRole('textbox', { name: 'Your calendar link' });
    expect(field).toHaveValue(url);
    expect(within(card).getByText('Created Nov 23, 2026')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    const confirm = screen.getByRole('dialog', { name: 'Turn off the calendar feed?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Turn off' }));
    expect(await within(card).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(toastTitles()).toContain('Calendar feed turned off');
    expect(server.apiCalls().map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
  });

  it('says when the feed cannot be loaded and tries again', async () => {
    let up = false;
    fakeServer({
      'GET /api/calendar-feed': () =>
        up ? json({ url: null, created_at: null }) : json({ detail: 'Down for maintenance' }, 503),
    });
    open();
    expect(
      await screen.findByText(
        (_, el) => el?.textContent === 'Could not load the feed. Down for maintenance',
      ),
    ).toHaveAttribute('role', 'status');
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeInTheDocument();
  });
});

describe('deleting the account', () => {
  it('needs the e-mail typed, shows a mismatch, then signs out to the sign-in screen', async () => {
    let accepted = false;
    const server = fakeServer({
      ...noFeed,
      'DELETE /api/users/me': () =>
        accepted ? noContent() : json({ detail: 'That is not the e-mail of this account.' }, 422),
      'POST /api/auth/sign-out': () => json({ success: true }),
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    const remove = within(dialog).getByRole('button', { name: 'Delete account permanently' });
    expect(remove).toBeDisabled();

    const field = within(dialog).getByLabelText('Type your e-mail address to confirm');
    await userEvent.type(field, 'ada@example.co');
    expect(remove).toBeDisabled();
    await userEvent.type(field, 'm');
    expect(remove).toBeEnabled();
    await userEvent.click(remove);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That is not the e-mail of this account.',
    );
    expect(useSessionStore.getState().user).not.toBeNull();

    accepted = true;
    await userEvent.type(field, '{Enter}');
    expect(await screen.findByRole('heading', { name: 'Sign-in screen' })).toBeInTheDocument();
    expect(useSessionStore.getState().user).toBeNull();
    expect(useWardrobeStore.getState().data).toBeNull();
    expect(toastTitles()).toContain('Account deleted');
    const deletes = server.apiCalls().filter((c) => c.method === 'DELETE');
    expect(JSON.parse(String(deletes[1]?.body))).toEqual({ confirm: 'ada@example.com' });
  });

  it('cancels and forgets what was typed', async () => {
    fakeServer(noFeed);
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    await userEvent.type(screen.getByLabelText('Type your e-mail address to confirm'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    expect(screen.getByLabelText('Type your e-mail address to confirm')).toHaveValue('');
  });
});
