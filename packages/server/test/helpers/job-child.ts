import { createDb } from '../../src/db/index.js';
import { createJobQueue } from '../../src/jobs/index.js';
import { FAST } from './job-settings.js';

/**
 * A server process in miniature for jobs-kill.test.ts: it opens the database named by
 * JOB_CHILD_DATABASE_URL (PostgreSQL) or JOB_CHILD_SQLITE_PATH, works `cutout` jobs, says
 * "started <id> <attempt>" when one starts and never finishes it, so that the test can kill it
 * with SIGKILL in the middle of the job.
 */
const { db } = createDb({
  databaseUrl: process.env.JOB_CHILD_DATABASE_URL || undefined,
  sqlitePath: process.env.JOB_CHILD_SQLITE_PATH ?? '',
});
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const queue = createJobQueue({
  db,
  databaseUrl: process.env.JOB_CHILD_DATABASE_URL || undefined,
  settings: FAST,
  log: silent,
});
queue.work('cutout', async (job) => {
  process.stdout.write(`started ${job.id} ${job.attempt}\n`);
  await new Promise(() => undefined);
});
await queue.start();
// The queue's own timers do not hold the process open; a real server's listening socket does.
setInterval(() => undefined, 1000);
