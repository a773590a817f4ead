import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createJobQueue, type JobQueue } from '../jobs/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (docs/jobs.md): plugins register their kinds' handlers on it. */
    jobs: JobQueue;
  }
}

export interface JobsOptions {
  config: Pick<Config, 'databaseUrl' | 'jobs'>;
}

/**
 * The job queue of the database in use. Handlers are registered (`app.jobs.work`) by the plugins
 * after this one; the queue starts taking jobs once the app is ready, and on close (SIGTERM, see
 * server.ts) it stops taking them and waits a while for the running ones, before the database
 * closes.
 */
async function jobsPlugin(app: FastifyInstance, { config }: JobsOptions): Promise<void> {
  const queue = createJobQueue({
    db: app.db,
    databaseUrl: config.databaseUrl,
    settings: config.jobs,
    log: app.log.child({ component: 'jobs' }),
  });
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => {
    await queue.start();
  });
  // By now requests have drained (their enqueues are done); onClose hooks run in reverse order of
  // registration, so the database, registered before, is still open while handlers finish.
  app.addHook('onClose', async () => {
    await queue.stop();
  });
}

export default fp(jobsPlugin, {
  name: 'hanger-jobs',
  fastify: '5.x',
  dependencies: ['hanger-db'],
});
