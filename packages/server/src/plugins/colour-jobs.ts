import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import {
  colourBackfillHandler,
  coloursAwaited,
  queueColourBackfill,
  queueColourBackfillAfterImport,
} from '../services/colour-backfill.js';

export interface ColourJobsOptions {
  config: Pick<Config, 'colourBackfill'>;
}

/**
 * The colour backfill on the job queue (services/colour-backfill.ts, docs/jobs.md "Job kinds").
 * An import queues it from any process. With COLOUR_BACKFILL=off this process neither works
 * 'colours' jobs nor queues the chain at start; jobs it or others queued wait for a process that
 * works them.
 */
async function colourJobsPlugin(
  app: FastifyInstance,
  { config }: ColourJobsOptions,
): Promise<void> {
  const services = app.services;
  services.queueColourBackfill = () => queueColourBackfillAfterImport(app.jobs);
  if (!config.colourBackfill) return;
  app.jobs.work('colours', colourBackfillHandler(services, app.jobs));
  // After an upgrade every item waits: queue the chain once the app is ready (the queue starts in
  // its own onReady hook, registered before this one). A start with nothing waiting queues nothing.
  app.addHook('onReady', async () => {
    try {
      if (await coloursAwaited(services)) await queueColourBackfill(app.jobs);
    } catch (err) {
      app.log.error({ err }, 'colours: queueing the backfill failed');
    }
  });
}

export default fp(colourJobsPlugin, {
  name: 'hanger-colour-jobs',
  fastify: '5.x',
  dependencies: ['hanger-services', 'hanger-jobs'],
});
