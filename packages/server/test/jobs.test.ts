import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import {
  MAX_ATTEMPTS,
  PermanentJobError,
  PG_BOSS_SCHEMA,
  type JobInfo,
} from '../src/jobs/index.js';
import { ENGINES, type Engine } from './helpers/app.js';
import {
  eventually,
  gate,
  openJobsDatabase,
  recordingLog,
  sleep,
  type JobsDatabase,
} from './helpers/jobs.js';

/**
 * The durable job queue (docs/jobs.md) against a real database on each engine: the SQLite runner
 * over the `jobs` table, pg-boss on PostgreSQL. Each test starts from empty job tables; "processes"
 * are queues on connections of their own (and, in jobs-kill.test.ts, a real child process).
 */

interface Payload {
  n: number;
}

describe.each(ENGINES)('job queue on %s', (engine: Engine) => {
  let database: JobsDatabase;
  beforeAll(async () => {
    database = await openJobsDatabase(engine);
  });
  // Each test starts from empty job tables, with no queue running.
  afterEach(async () => {
    await database.reset();
  });
  afterAll(async () => {
    await database?.close();
  });
  const open = async () => database;

  it('runs a queued job once, with its payload, and records it done', async () => {
    const db = await open();
    const log = recordingLog();
    const queue = db.queue({}, log);
    const runs: JobInfo<Payload>[] = [];
    queue.work<Payload>('cutout', async (job) => {
      runs.push(job);
    });
    await queue.start();
    const id = await queue.enqueue('cutout', { n: 7 });
    await eventually(async () => (await db.stateOf(id)) === 'done', 10_000, 'the job to finish');
    // Several more polls: nothing runs it again.
    await sleep(1500);
    expect(runs).toEqual([{ id, kind: 'cutout', payload: { n: 7 }, attempt: 1 }]);
    expect(log.errors).toEqual([]);
  });

  it('keeps a job queued while no process works its kind, and runs it once one starts', async () => {
    const db = await open();
    const id = await db.queue().enqueue('colours', { n: 1 });
    const worker = db.queue();
    const seen: string[] = [];
    worker.work('colours', async (job) => {
      seen.push(job.id);
    });
    expect(await db.stateOf(id)).toBe('queued');
    await worker.start();
    await eventually(() => seen.length === 1, 10_000, 'the job to run');
    expect(seen).toEqual([id]);
  });

  it('retries a throwing job with growing waits, then runs onFailed once after 3 attempts', async () => {
    const db = await open();
    const queue = db.queue();
    const times: number[] = [];
    const failed: { job: JobInfo<Payload>; message: string }[] = [];
    queue.work<Payload>(
      'cutout',
      async (job) => {
        times.push(Date.now());
        throw new Error(`broken on attempt ${job.attempt}`);
      },
      {
        onFailed: async (job, error) => {
          failed.push({ job, message: error.message });
        },
      },
    );
    await queue.start();
    const id = await queue.enqueue('cutout', { n: 1 });
    await eventually(() => failed.length === 1, 20_000, 'onFailed');
    await eventually(async () => (await db.stateOf(id)) === 'failed', 5000, 'the failed state');
    await sleep(1500);
    expect(times).toHaveLength(MAX_ATTEMPTS);
    expect(failed).toEqual([
      {
        job: { id, kind: 'cutout', payload: { n: 1 }, attempt: 3 },
        message: 'broken on attempt 3',
      },
    ]);
    // Backoff: about 1 s before the second attempt, about 2 s before the third (retry delay 1 s).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1900);
  });

  it('finishes a job that succeeds on its second attempt without calling onFailed', async () => {
    const db = await open();
    const queue = db.queue();
    const attempts: number[] = [];
    let failedCalls = 0;
    queue.work(
      'colours',
      async (job) => {
        attempts.push(job.attempt);
        if (job.attempt === 1) throw new Error('flaky');
      },
      {
        onFailed: async () => {
          failedCalls++;
        },
      },
    );
    await queue.start();
    const id = await queue.enqueue('colours', { n: 1 });
    await eventually(async () => (await db.stateOf(id)) === 'done', 15_000, 'the job to finish');
    expect(attempts).toEqual([1, 2]);
    expect(failedCalls).toBe(0);
  });

  it('fails a job at once on a PermanentJobError: one attempt, onFailed once', async () => {
    const db = await open();
    const queue = db.queue();
    let runs = 0;
    const failed: { attempt: number; message: string; permanent: boolean }[] = [];
    queue.work(
      'cutout',
      async () => {
        runs++;
        throw new PermanentJobError('not a photo');
      },
      {
        onFailed: async (job, error) => {
          failed.push({
            attempt: job.attempt,
            message: error.message,
            permanent: error instanceof PermanentJobError,
          });
        },
      },
    );
    await queue.start();
    const id = await queue.enqueue('cutout', { n: 1 });
    await eventually(() => failed.length === 1, 10_000, 'onFailed');
    await sleep(2500);
    expect(runs).toBe(1);
    expect(failed).toEqual([{ attempt: 1, message: 'not a photo', permanent: true }]);
    // pg-boss 10 cannot fail a job past its retries, so it records the permanent failure as a
    // completion whose output says so (docs/jobs.md); the runner records it failed.
    expect(await db.stateOf(id)).toBe(engine === 'postgres' ? 'done' : 'failed');
  });

  it('keeps one queued-or-running job per singleton key, even for enqueues at once', async () => {
    const db = await open();
    const a = db.queue();
    const b = db.queue();
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? a : b).enqueue('cutout', { n: i }, { singletonKey: 'item-1' }),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    const other = await a.enqueue('cutout', { n: 99 }, { singletonKey: 'item-2' });
    expect(other).not.toBe(ids[0]);
    // The same key in another kind is another job.
    const colours = await a.enqueue('colours', { n: 1 }, { singletonKey: 'item-1' });
    expect(colours).not.toBe(ids[0]);

    const release = gate();
    const runs: string[] = [];
    a.work('cutout', async (job) => {
      runs.push(job.id);
      await release.promise;
    });
    await a.start();
    await eventually(() => runs.includes(ids[0]!), 10_000, 'the singleton job to start');
    // Running counts too: a second enqueue answers the running job.
    expect(await b.enqueue('cutout', { n: 5 }, { singletonKey: 'item-1' })).toBe(ids[0]);
    release.open();
    await eventually(async () => (await db.stateOf(ids[0]!)) === 'done', 10_000, 'done');
    // Once it is done, the key is free again.
    const next = await b.enqueue('cutout', { n: 6 }, { singletonKey: 'item-1' });
    expect(next).not.toBe(ids[0]);
    await eventually(() => runs.includes(next), 10_000, 'the next job to run');
    expect(runs.filter((id) => id === ids[0])).toHaveLength(1);
  });

  it('cancels a queued job so that it never runs', async () => {
    const db = await open();
    const queue = db.queue();
    const id = await queue.enqueue('cutout', { n: 1 }, { singletonKey: 'item-1' });
    const kept = await queue.enqueue('cutout', { n: 2 }, { singletonKey: 'item-2' });
    await queue.cancel('cutout', 'item-1');
    // Cancelling a key with no live job is no error.
    await queue.cancel('cutout', 'no-such-item');
    expect(await queue.isCancelled(id)).toBe(true);
    expect(await queue.isCancelled(kept)).toBe(false);
    const runs: string[] = [];
    queue.work('cutout', async (job) => {
      runs.push(job.id);
    });
    await queue.start();
    await eventually(() => runs.includes(kept), 10_000, 'the other job to run');
    await sleep(1000);
    expect(runs).toEqual([kept]);
    // The key is free: a new enqueue queues a new job.
    expect(await queue.enqueue('cutout', { n: 3 }, { singletonKey: 'item-1' })).not.toBe(id);
  });

  it('lets a running job see that it was cancelled, and does not retry or fail it', async () => {
    const db = await open();
    const queue = db.queue();
    const started = gate();
    const release = gate();
    const seen: boolean[] = [];
    let runs = 0;
    let failedCalls = 0;
    queue.work(
      'cutout',
      async (job) => {
        runs++;
        started.open();
        await release.promise;
        seen.push(await queue.isCancelled(job.id));
        throw new Error('stopped because it was cancelled');
      },
      {
        onFailed: async () => {
          failedCalls++;
        },
      },
    );
    await queue.start();
    const id = await queue.enqueue('cutout', { n: 1 }, { singletonKey: 'item-1' });
    await started.promise;
    expect(await queue.isCancelled(id)).toBe(false);
    await queue.cancel('cutout', 'item-1');
    release.open();
    await eventually(() => seen.length === 1, 5000, 'the handler to finish');
    await sleep(2500);
    expect(seen).toEqual([true]);
    expect(runs).toBe(1);
    expect(failedCalls).toBe(0);
    expect(await db.stateOf(id)).toBe('cancelled');
  });

  it('waits for a running handler on stop, and takes no new job after it', async () => {
    const db = await open();
    const queue = db.queue();
    const started = gate();
    const finished: string[] = [];
    queue.work('import', async (job) => {
      started.open();
      await sleep(400);
      finished.push(job.id);
    });
    await queue.start();
    const id = await queue.enqueue('import', { n: 1 });
    await started.promise;
    await queue.stop();
    expect(finished).toEqual([id]);
    expect(await db.stateOf(id)).toBe('done');
    // A stopped SQLite runner still queues (the row is written); pg-boss's pool is closed.
    if (engine === 'sqlite') {
      const later = await queue.enqueue('import', { n: 2 });
      await sleep(1000);
      expect(await db.stateOf(later)).toBe('queued');
    }
  });

  it('takes over a job whose process died (its claim left behind) and completes it once', async () => {
    const db = await open();
    // The job's time limit is set when it is queued: 1 s, so that pg-boss expires it soon.
    const probe = db.queue({ timeoutSeconds: { cutout: 1 } });
    const id = await probe.enqueue('cutout', { n: 1 });
    // A process claims the job and dies without a word: its claim stays on the job.
    if (engine === 'sqlite') {
      await sql`update jobs set state = 'running', attempt = 1, lease_token = 'dead',
        lease_until = ${new Date(Date.now() - 1000).toISOString()} where id = ${id}`.execute(
        db.connect(),
      );
    } else {
      const dead = new PgBoss({ connectionString: db.url!, schema: PG_BOSS_SCHEMA, max: 1 });
      await dead.start();
      const [claimed] = await dead.fetch('cutout');
      expect(claimed?.id).toBe(id);
      await dead.stop({ graceful: false, wait: true });
    }
    expect(await db.stateOf(id)).toBe('running');

    const heir = db.queue();
    const runs: JobInfo<Payload>[] = [];
    heir.work<Payload>('cutout', async (job) => {
      runs.push(job);
    });
    await heir.start();
    // SQLite: at once (the lease ran out); pg-boss: after the expiry (1 s), a maintenance round and
    // the retry's backoff.
    await eventually(async () => (await db.stateOf(id)) === 'done', 20_000, 'the job to finish');
    await sleep(1500);
    expect(runs).toEqual([{ id, kind: 'cutout', payload: { n: 1 }, attempt: 2 }]);
  });

  it('runs onFailed when the process died during the last attempt', async () => {
    const db = await open();
    // Queued with a 1 s time limit and no wait between attempts, so that the dead claims go fast.
    const id = await db
      .queue({ timeoutSeconds: { cutout: 1 }, retryDelaySeconds: 0 })
      .enqueue('cutout', { n: 1 });
    if (engine === 'sqlite') {
      await sql`update jobs set state = 'running', attempt = 3, lease_token = 'dead',
        lease_until = ${new Date(Date.now() - 1000).toISOString()} where id = ${id}`.execute(
        db.connect(),
      );
    } else {
      // Each claim counts an attempt; the third claim's process dies.
      const dead = new PgBoss({ connectionString: db.url!, schema: PG_BOSS_SCHEMA, max: 1 });
      await dead.start();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        let claimed: PgBoss.Job[] = [];
        await eventually(
          async () => (claimed = await dead.fetch('cutout')).length === 1,
          10_000,
          `attempt ${attempt} to be due`,
        );
        expect(claimed[0]!.id).toBe(id);
        if (attempt < MAX_ATTEMPTS) await dead.fail('cutout', id, new Error(`attempt ${attempt}`));
      }
      await dead.stop({ graceful: false, wait: true });
    }
    const heir = db.queue();
    let runs = 0;
    const failed: JobInfo<Payload>[] = [];
    heir.work<Payload>(
      'cutout',
      async () => {
        runs++;
      },
      {
        onFailed: async (job) => {
          failed.push(job);
        },
      },
    );
    await heir.start();
    await eventually(() => failed.length === 1, 20_000, 'onFailed');
    await sleep(1500);
    expect(runs).toBe(0);
    expect(failed).toEqual([{ id, kind: 'cutout', payload: { n: 1 }, attempt: 3 }]);
    expect(await db.stateOf(id)).toBe('failed');
  }, 40_000);

  it('gives each of N jobs to exactly one of two processes working the same kind', async () => {
    const db = await open();
    const completions = new Map<string, string[]>();
    const queues = ['one', 'two'].map((name) => {
      const queue = db.queue();
      queue.work<Payload>(
        'colours',
        async (job) => {
          await sleep(20 + Math.random() * 40);
          completions.set(job.id, [...(completions.get(job.id) ?? []), name]);
        },
        { concurrency: 2 },
      );
      return queue;
    });
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, n) => queues[n % 2]!.enqueue('colours', { n })),
    );
    await Promise.all(queues.map((q) => q.start()));
    await eventually(() => completions.size === ids.length, 30_000, 'every job to finish');
    await sleep(1500);
    expect([...completions.values()].every((names) => names.length === 1)).toBe(true);
    expect(new Set(completions.keys())).toEqual(new Set(ids));
    const states = await Promise.all(ids.map((id) => db.stateOf(id)));
    expect(states.every((s) => s === 'done')).toBe(true);
  }, 40_000);

  it('fails an attempt that runs past its time limit, and retries it', async () => {
    const db = await open();
    const queue = db.queue({ timeoutSeconds: { import: 1 } });
    const attempts: number[] = [];
    queue.work('import', async (job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) await sleep(2500);
    });
    await queue.start();
    const id = await queue.enqueue('import', { n: 1 });
    await eventually(async () => (await db.stateOf(id)) === 'done', 15_000, 'the retry to finish');
    expect(attempts).toEqual([1, 2]);
  });

  it('answers isCancelled false for an id it does not know', async () => {
    const db = await open();
    expect(await db.queue().isCancelled(randomUUID())).toBe(false);
  });
});
