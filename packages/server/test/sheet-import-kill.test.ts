import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase, ENGINES, freePort, startApp, type TestApp } from './helpers/app.js';
import { ApiUser, testJpeg } from './helpers/api.js';
import { getAccessToken, signUpAndGetToken } from './helpers/auth.js';
import { eventually } from './helpers/jobs.js';
import { rebuildZip } from './export-import-fixtures.js';
import { waitForImport, type ImportStatusAnswer } from './export-import-helpers.js';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));
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
    const dataDir = await mkdtemp(join(tmpdir(), 'hanger-sheet-kill-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const database = engine === 'postgres' ? await createPgDatabase() : undefined;
    if (database) cleanups.push(database.drop);
    // Short job settings: a dead process's job is found within seconds (on PostgreSQL once the
    // import's time limit has passed since it started).
    const jobs = {
      JOB_POLL_SECONDS: '1',
      JOB_RETRY_DELAY_SECONDS: '1',
      JOB_RECOVERY_SECONDS: '3',
      JOB_TIMEOUT_SECONDS: '25',
    };
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIR: join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'silent',
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        CUTOUT: 'off',
        COLOUR_BACKFILL: 'off',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...jobs,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(() => output.includes('listening'), 60_000, 'the first server to start');
    const baseUrl = `http://127.0.0.1:${port}`;
    const account = await signUpAndGetToken(baseUrl);
    const first = new ApiUser(baseUrl, account.token, account.userId, account.email);

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
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(seen).toMatchObject({ state: 'running', total: PHOTOS });
    expect(seen!.done).toBeLessThan(PHOTOS);

    const heir: TestApp = await startApp(engine, {
      shareWith: { dataDir, config: { databaseUrl: database?.url } } as TestApp,
      env: { ...jobs, COLOUR_BACKFILL: 'off' },
    });
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
