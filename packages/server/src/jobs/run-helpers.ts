import type { FailedHandler, JobInfo, JobLog } from './types.js';

/** A thrown value as an Error (handlers may throw anything). */
export function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * The wait before the retry that follows failed attempt `attempt` (1-based), in ms: about
 * `delaySeconds`, doubling each time, with up to as much again at random so that jobs failing
 * together do not retry together. The same curve as pg-boss's retryBackoff.
 */
export function backoffMs(delaySeconds: number, attempt: number, random = Math.random()): number {
  return delaySeconds * 1000 * 2 ** (attempt - 1) * (1 + random);
}

/** Settles like `work`, or rejects once `seconds` have passed (the work itself is not stopped). */
export async function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`The job ran longer than its limit of ${seconds} s`)),
      seconds * 1000,
    );
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Run a kind's onFailed once; what it throws is logged, not retried (docs/jobs.md). */
export async function runOnFailed<P>(
  onFailed: FailedHandler<P> | undefined,
  job: JobInfo<P>,
  error: Error,
  log: JobLog,
): Promise<void> {
  log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempt, err: error }, 'job failed');
  if (!onFailed) return;
  try {
    await onFailed(job, error);
  } catch (err) {
    log.error({ jobId: job.id, kind: job.kind, err }, "job's onFailed threw");
  }
}
