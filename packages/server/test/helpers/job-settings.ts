import { DEFAULT_JOB_SETTINGS, type JobQueueSettings } from '../../src/jobs/index.js';

/**
 * Short settings for tests: polls well under a second, one-second retries, leases and maintenance.
 * (pg-boss takes whole seconds for delays and expiries, and polls no faster than every 0.5 s.)
 */
export const FAST: JobQueueSettings = {
  ...DEFAULT_JOB_SETTINGS,
  pollSeconds: 0.5,
  retryDelaySeconds: 1,
  recoverySeconds: 1,
  stopTimeoutMs: 3000,
  timeoutSeconds: { cutout: 3, colours: 3, import: 3 },
};
