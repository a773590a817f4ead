import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES, startApp, type Engine, type TestApp } from './helpers/app.js';
import { gate } from './helpers/jobs.js';

/**
 * The queue as the server holds it (plugins/jobs.ts): `app.jobs` of the database in use, started
 * when the app is ready, and on close stopped before the database closes, a running handler
 * finishing first (docs/jobs.md).
 */
describe.each(ENGINES)('the server’s job queue on %s', (engine: Engine) => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('runs jobs once the app is ready, and lets a running one finish on close', async () => {
    // The colour backfill is off so that this test may register the 'colours' handler itself.
    server = await startApp(engine, { env: { JOB_POLL_SECONDS: '1', COLOUR_BACKFILL: 'off' } });
    const { app } = server;
    expect(app.jobs.engine).toBe(engine === 'postgres' ? 'pg-boss' : 'table');
    // The API answers while the queue runs.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    const started = gate();
    const release = gate();
    const finished: string[] = [];
    app.jobs.work<{ n: number }>('colours', async (job) => {
      started.open();
      await release.promise;
      // The database is still open for a handler that finishes during close.
      await app.db.selectFrom('user').select('id').execute();
      finished.push(job.id);
    });
    const id = await app.jobs.enqueue('colours', { n: 1 });
    await started.promise;

    const closing = server.close();
    server = undefined;
    setTimeout(release.open, 300);
    await closing;
    expect(finished).toEqual([id]);
  });
});
