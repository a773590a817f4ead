import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The problems loadConfig reports for `env`, in order; it must refuse it. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('loadConfig', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hanger-config-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('defaults to SQLite and photos under DATA_DIR, on 127.0.0.1:3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://127.0.0.1:3000',
      sqlitePath: join(dataDir, 'hanger.db'),
      mediaDir: join(dataDir, 'media'),
      maxUploadBytes: 20 * 1024 * 1024,
      rateLimitMax: 1200,
      trustProxy: false,
      photoConcurrency: 1,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', async () => {
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect((await readFile(join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(first);
  });

  it('reads the deployment variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      PUBLIC_URL: 'https://closet.example.com/',
      DATABASE_URL: 'postgres://u@db/hanger',
      REDIS_URL: 'redis://cache:6379',
      RATE_LIMIT_MAX: '50',
      TRUST_PROXY: '10.0.0.0/8, 192.168.0.1',
      MAX_UPLOAD_BYTES: '1048576',
      PHOTO_CONCURRENCY: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://closet.example.com',
      databaseUrl: 'postgres://u@db/hanger',
      redisUrl: 'redis://cache:6379',
      rateLimitMax: 50,
      trustProxy: ['10.0.0.0/8', '192.168.0.1'],
      maxUploadBytes: 1048576,
      photoConcurrency: 2,
    });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      DATA_DIR: dataDir,
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      MAX_UPLOAD_BYTES: '12',
      RATE_LIMIT_MAX: '0',
      REDIS_URL: 'http://cache',
      AUTH_SECRET: 'short',
      S3_BUCKET: 'photos',
      PHOTO_CONCURRENCY: '0',
    }).join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'MAX_UPLOAD_BYTES',
      'RATE_LIMIT_MAX',
      'REDIS_URL',
      'AUTH_SECRET',
      'S3_ACCESS_KEY_ID',
      'PHOTO_CONCURRENCY',
    ]) {
      expect(problems).toContain(name);
    }
  });

  it('words the problem of every integer setting by its bounds, naming the value it got', () => {
    expect(
      problemsOf({
        DATA_DIR: dataDir,
        PORT: '70000',
        MAX_UPLOAD_BYTES: '1.5',
        IMPORT_MAX_BYTES: '9007199254740993',
        MAX_ITEMS_PER_ACCOUNT: 'many',
        MAX_CALENDAR_ENTRIES_PER_ACCOUNT: '0',
        PHOTO_CONCURRENCY: '65',
        RATE_LIMIT_MAX: '-1',
        WARDROBE_CACHE_MB: '2000000',
      }),
    ).toEqual([
      'PORT must be an integer 0-65535, got "70000"',
      'MAX_UPLOAD_BYTES must be an integer >= 1024, got "1.5"',
      'IMPORT_MAX_BYTES must be an integer >= 1024, got "9007199254740993"',
      'MAX_ITEMS_PER_ACCOUNT must be an integer 1-10000000, got "many"',
      'MAX_CALENDAR_ENTRIES_PER_ACCOUNT must be an integer 1-100000000, got "0"',
      'PHOTO_CONCURRENCY must be an integer 1-64, got "65"',
      'RATE_LIMIT_MAX must be a positive integer, got "-1"',
      'WARDROBE_CACHE_MB must be an integer 0-1048576 (MiB), got "2000000"',
    ]);
  });

  it('takes the default for an unset or blank integer setting, and the bounds themselves', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '  ', PHOTO_CONCURRENCY: '' })).toMatchObject({
      port: 3000,
      photoConcurrency: 1,
      importMaxBytes: 4 * 1024 ** 3,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: '65535',
        MAX_UPLOAD_BYTES: '1024',
        PHOTO_CONCURRENCY: '64',
        WARDROBE_CACHE_MB: '1048576',
      }),
    ).toMatchObject({
      port: 65535,
      maxUploadBytes: 1024,
      photoConcurrency: 64,
      wardrobeCacheMb: 1048576,
    });
  });

  it("runs an import's photos one per core, at most 2, unless IMPORT_PHOTO_CONCURRENCY says", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).importPhotoConcurrency).toBe(
      Math.min(2, availableParallelism()),
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, IMPORT_PHOTO_CONCURRENCY: '1' }).importPhotoConcurrency,
    ).toBe(1);
    expect(problemsOf({ DATA_DIR: dataDir, IMPORT_PHOTO_CONCURRENCY: '0' })).toEqual([
      'IMPORT_PHOTO_CONCURRENCY must be an integer 1-64, got "0"',
    ]);
  });

  it('sizes the wardrobe cache from WARDROBE_CACHE_MB (MiB), 128 by default, 0 for none', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).wardrobeCacheMb).toBe(128);
    expect(loadConfig({ DATA_DIR: dataDir, WARDROBE_CACHE_MB: '512' }).wardrobeCacheMb).toBe(512);
    expect(loadConfig({ DATA_DIR: dataDir, WARDROBE_CACHE_MB: '0' }).wardrobeCacheMb).toBe(0);
    for (const bad of ['-1', '1.5', 'lots', '2000000']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, WARDROBE_CACHE_MB: bad }), bad).toThrow(
        /WARDROBE_CACHE_MB/,
      );
    }
  });

  it('reads the calendar quota from MAX_CALENDAR_ENTRIES_PER_ACCOUNT, 200,000 by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).maxCalendarEntriesPerAccount).toBe(200_000);
    expect(
      loadConfig({ DATA_DIR: dataDir, MAX_CALENDAR_ENTRIES_PER_ACCOUNT: '9' })
        .maxCalendarEntriesPerAccount,
    ).toBe(9);
    for (const bad of ['0', '1e9', 'x']) {
      expect(
        () => loadConfig({ DATA_DIR: dataDir, MAX_CALENDAR_ENTRIES_PER_ACCOUNT: bad }),
        bad,
      ).toThrow(/MAX_CALENDAR_ENTRIES_PER_ACCOUNT/);
    }
  });

  it('reads the per-account quota from MAX_ITEMS_PER_ACCOUNT, 20,000 by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).maxItemsPerAccount).toBe(20_000);
    expect(loadConfig({ DATA_DIR: dataDir, MAX_ITEMS_PER_ACCOUNT: '50' }).maxItemsPerAccount).toBe(
      50,
    );
    for (const bad of ['0', '-3', '2.5', 'many', '20000000']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, MAX_ITEMS_PER_ACCOUNT: bad }), bad).toThrow(
        /MAX_ITEMS_PER_ACCOUNT/,
      );
    }
  });

  it('reads the job queue settings (JOB_*), with a time limit per kind unless JOB_TIMEOUT_SECONDS', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir }).jobs;
    expect(defaults).toMatchObject({ pollSeconds: 2, retryDelaySeconds: 10, recoverySeconds: 30 });
    expect(defaults.timeoutSeconds).toBeUndefined();
    const set = loadConfig({
      DATA_DIR: dataDir,
      JOB_POLL_SECONDS: '5',
      JOB_RETRY_DELAY_SECONDS: '3',
      JOB_RECOVERY_SECONDS: '10',
      JOB_TIMEOUT_SECONDS: '60',
    }).jobs;
    expect(set).toMatchObject({ pollSeconds: 5, retryDelaySeconds: 3, recoverySeconds: 10 });
    expect(set.timeoutSeconds).toEqual({ cutout: 60, colours: 60, import: 60 });
    // Polling faster than once a second would be busy polling.
    expect(
      problemsOf({
        DATA_DIR: dataDir,
        JOB_POLL_SECONDS: '0',
        JOB_RETRY_DELAY_SECONDS: 'soon',
        JOB_RECOVERY_SECONDS: '1',
        JOB_TIMEOUT_SECONDS: '0',
      }),
    ).toEqual([
      'JOB_TIMEOUT_SECONDS must be an integer 1-86400, got "0"',
      'JOB_POLL_SECONDS must be an integer 1-300, got "0"',
      'JOB_RETRY_DELAY_SECONDS must be an integer 1-3600, got "soon"',
      'JOB_RECOVERY_SECONDS must be an integer 3-3600, got "1"',
    ]);
  });
});
