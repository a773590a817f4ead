import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobInfo } from '../src/jobs/index.js';
import { ENGINES, type Engine } from './helpers/app.js';
import { spawnScript } from './helpers/child.js';
import { eventually, openJobsDatabase, sleep, type JobsDatabase } from './helpers/jobs.js';

const CHILD = fileURLToPath(new URL('./helpers/job-child.ts', import.meta.url));

/**
 * A real process dies in the middle of a job (SIGKILL: no shutdown, no last word), and another
 * process finishes the job, once: on SQLite once the dead process's lease runs out, on PostgreSQL
 * once pg-boss's expiry of the job has passed (docs/jobs.md).
 */
describe.each(ENGINES)('a job whose process is killed, on %s', (engine: Engine) => {
  let database: JobsDatabase;
  afterEach(async () => {
    await database?.close();
  });

  it('is finished by another process, exactly once', async () => {
    database = await openJobsDatabase(engine);
    const db = database;
    const id = await db.queue().enqueue('cutout', { item: 'item-1' }, { singletonKey: 'item-1' });

    const child = spawnScript(CHILD, {
      JOB_CHILD_DATABASE_URL: db.url ?? '',
      JOB_CHILD_SQLITE_PATH: db.sqlitePath,
    });
    await child.waitFor(`started ${id} 1`, 30_000, 'the child to start it');
    expect(await db.stateOf(id)).toBe('running');
    expect(await child.kill()).toBe('SIGKILL');

    // While the dead claim stands, the job is still the key's one job.
    const heir = db.queue();
    expect(await heir.enqueue('cutout', { item: 'item-1' }, { singletonKey: 'item-1' })).toBe(id);
    const runs: JobInfo<{ item: string }>[] = [];
    heir.work<{ item: string }>('cutout', async (job) => {
      runs.push(job);
    });
    await heir.start();
    await eventually(async () => (await db.stateOf(id)) === 'done', 30_000, 'the heir to finish');
    await sleep(1500);
    expect(runs).toEqual([{ id, kind: 'cutout', payload: { item: 'item-1' }, attempt: 2 }]);
    expect(child.output().trim().split('\n')).toEqual([`started ${id} 1`]);
  }, 60_000);
});
