import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, startApp } from './helpers/app.js';
import { ApiUser, testJpeg } from './helpers/api.js';
import { getAccessToken, signUpAndGetToken } from './helpers/auth.js';
import { spawnServer } from './helpers/child.js';
import { eventually } from './helpers/jobs.js';
import { rebuildZip } from './export-import-fixtures.js';
import { waitForImport, type ImportStatusAnswer } from './export-import-helpers.js';

const PHOTOS = 60;

/**
 * A spreadsheet import's server is killed (SIGKILL) while it stores the photos; the next server
 * on the same database and DATA_DIR takes the import's job over and finishes it once: every row
 * once, the sheet's photos once (the taken-over run writes over the cut-short run's files), and
 * the uploads gone (docs/spreadsheet-import.md, docs/jobs.md).
 */
describe.each(ENGINES)('a spreadsheet import whose server is killed, on %s', (engine) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is finished by the next server, once, with no photo left over', async () => {
    // Short job settings: a dead process's job is found within seconds (on PostgreSQL once the
    // import's time limit has passed since it started).
    const env = {
      JOB_POLL_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_RECOVERY_SECONDS: '3',
      JOB_TIMEOUT_SECONDS: '25',
      COLOUR_BACKFILL: 'off',
    };
    const server = await spawnServer(engine, { env });
    cleanups.push(() => server.close());
    const account = await signUpAndGetToken(server.baseUrl);
    const first = new ApiUser(server.baseUrl, account.token, account.userId, account.email);

    const entries = [];
    const rows = ['brand,category,photo'];
    for (let i = 0; i < PHOTOS; i++) {
      const color = { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 13) % 256 };
      entries.push({
        name: `p${i}.jpg`,
        bytes: await testJpeg({ width: 1600, height: 1200, color }),
      });
      rows.push(`Shirt ${i},top,p${i}.jpg`);
    }
    const body = new FormData();
    body.append('action', 'import');
    body.append('sheet', new Blob([rows.join('\n')], { type: 'text/csv' }), 'items.csv');
    body.append(
      'photos',
      new Blob([new Uint8Array(await rebuildZip(entries))], { type: 'application/zip' }),
      'photos.zip',
    );
    const started = await first.fetch('/api/imports/sheet', { method: 'POST', body });
    const { id } = (await started.json()) as { id: string };
    expect(started.status).toBe(202);

    // Killed while it stores the photos: some stored, not all, no row written.
    let seen: ImportStatusAnswer | undefined;
    await eventually(
      async () => {
        seen = (await (await first.get(`/api/imports/${id}`)).json()) as ImportStatusAnswer;
        return seen.state !== 'running' || seen.done > 0;
      },
      60_000,
      'the photos to be under way',
    );
    expect(await server.kill()).toBe('SIGKILL');
    expect(seen).toMatchObject({ state: 'running', total: PHOTOS });
    expect(seen!.done).toBeLessThan(PHOTOS);

    const heir = await startApp(engine, { shareWith: server, env });
    cleanups.push(() => heir.close());
    // The session outlives the process; an access token names the server that issued it.
    const token = await getAccessToken(heir.baseUrl, account.sessionToken);
    const user = new ApiUser(heir.baseUrl, token, account.userId, account.email);
    const status = await waitForImport(user, id);
    expect(status).toMatchObject({ state: 'done', done: PHOTOS, total: PHOTOS });
    expect(status.result).toEqual({ items: PHOTOS, skipped: 0, refused_skipped: 0 });
    const items = Object.values((await user.wardrobe()).clothes);
    expect(items).toHaveLength(PHOTOS);
    expect(new Set(items.map((i) => i.brand)).size).toBe(PHOTOS);
    // A photo and a thumbnail per item, and nothing else: the first run's files were written
    // over, not left beside.
    expect(await heir.mediaFiles()).toHaveLength(PHOTOS * 2);
  }, 180_000);
});
