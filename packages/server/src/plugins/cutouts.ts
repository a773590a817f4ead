import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { PermanentJobError } from '../jobs/index.js';
import {
  PermanentCutoutError,
  failCutoutJob,
  runCutoutJob,
  type CutoutJobPayload,
} from '../services/cutouts.js';

export interface CutoutsOptions {
  config: Pick<Config, 'cutoutConcurrency'>;
}

/**
 * Cut-out photos on the durable job queue (docs/cutouts.md, docs/jobs.md): the services' cut-out
 * calls queue through `app.jobs`, and this process takes cut-out jobs, at most
 * CUTOUT_CONCURRENCY at once (the model's runner holds the same bound). A queued cut-out's
 * random token is its singleton key, so restoring or replacing a photo cancels exactly its job.
 */
async function cutoutsPlugin(app: FastifyInstance, { config }: CutoutsOptions): Promise<void> {
  const services = app.services;
  services.cutouts.queue = {
    enqueue: async (payload) => {
      await app.jobs.enqueue('cutout', payload, { singletonKey: payload.token });
    },
    cancel: (token) => app.jobs.cancel('cutout', token),
  };
  app.jobs.work<CutoutJobPayload>(
    'cutout',
    async (job) => {
      try {
        await runCutoutJob(services, job);
      } catch (err) {
        if (err instanceof PermanentCutoutError) throw new PermanentJobError(err.message);
        throw err;
      }
    },
    {
      concurrency: config.cutoutConcurrency,
      onFailed: (job, error) => failCutoutJob(services, job, error),
    },
  );
}

export default fp(cutoutsPlugin, {
  name: 'hanger-cutouts',
  fastify: '5.x',
  dependencies: ['hanger-services', 'hanger-jobs'],
});
