import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { WireWardrobe } from '@hanger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUser, absolute } from './helpers/api.js';
import { createPgDatabase, ENGINES, startApp, type TestApp } from './helpers/app.js';
import { getAccessToken, randomClient, signUpAndGetToken, TEST_PASSWORD } from './helpers/auth.js';
import { seedWardrobe } from './export-import-fixtures.js';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` from the repository root, as an operator runs it. */
function npmRun(script: string, args: string[], env: Record<string, string | undefined>) {
  return new Promise<Run>((done) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [key, value] of Object.entries(childEnv))
      if (value === undefined) delete childEnv[key];
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: childEnv, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Photo links are signed per window; the same photo is the same path. */
function withoutSignatures(wardrobe: WireWardrobe): unknown {
  return JSON.parse(JSON.stringify(wardrobe), (key, value: unknown) =>
    (key === 'image' || key === 'thumbnail') && typeof value === 'string'
      ? value.split('?')[0]
      : value,
  );
}

/** The same account signed in with its password on another server (the restored one). */
async function signInOn(baseUrl: string, user: ApiUser): Promise<ApiUser> {
  const token = await signIn(baseUrl, user.email);
  return new ApiUser(baseUrl, token, user.id, user.email);
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const client = randomClient();
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': client },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const session = response.headers.get('set-auth-token');
  if (!session) throw new Error('sign-in answered without a session token');
  return getAccessToken(baseUrl, session, client);
}

async function photoBytes(baseUrl: string, wardrobe: WireWardrobe): Promise<Map<string, Buffer>> {
  const bytes = new Map<string, Buffer>();
  for (const record of [...Object.values(wardrobe.clothes), ...Object.values(wardrobe.outfits)]) {
    for (const kind of ['image', 'thumbnail'] as const) {
      const response = await fetch(absolute(baseUrl, record[kind]));
      expect(response.status).toBe(200);
      bytes.set(`${record.id}/${kind}`, Buffer.from(await response.arrayBuffer()));
    }
  }
  return bytes;
}

describe.each(ENGINES)('backup and restore on %s', (engine) => {
  let source: TestApp;
  let alice: ApiUser;
  let bob: ApiUser;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // No AUTH_SECRET: the server keeps a generated one in DATA_DIR, which the backup must carry.
    source = await startApp(engine, { env: { AUTH_SECRET: '' } });
    const newUser = async () => {
      const u = await signUpAndGetToken(source.baseUrl);
      return new ApiUser(source.baseUrl, u.token, u.userId, u.email);
    };
    alice = await newUser();
    bob = await newUser();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await source?.close();
  });

  it('gives back every account exactly, photos included, from a backup taken while writing', async () => {
    // Alice's wardrobe: every kind of record, every field.
    await seedWardrobe(alice);
    const before = await alice.wardrobe();
    const settingsBefore = await alice.settings();
    const bytesBefore = await photoBytes(source.baseUrl, before);
    // Three items and an outfit, each with its photo and thumbnail.
    expect(bytesBefore.size).toBe(8);

    // Bob keeps writing (items with photos, calendar days) while the backup runs.
    let writing = true;
    let bobItems = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const item = await bob.addItem({ brand: `Brand ${i}` });
        bobItems++;
        await bob.putDay('2025-04-01', { clothes: item.id });
      }
    })();
    while (bobItems < 2) await new Promise((r) => setTimeout(r, 20));
    const bobBefore = bobItems;

    const backupDir = join(await mkdtemp(join(tmpdir(), 'hanger-backup-')), 'backup');
    cleanups.push(() => rm(resolve(backupDir, '..'), { recursive: true, force: true }));
    const sourceEnv = {
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.config.databaseUrl,
      AUTH_SECRET: undefined,
    };
    let made: Run;
    try {
      made = await npmRun('backup', [backupDir], sourceEnv);
    } finally {
      writing = false;
      await writer;
    }
    const bobAfter = bobItems;
    // The backup really ran while the server was writing.
    expect(bobAfter).toBeGreaterThan(bobBefore);
    expect(made.stderr.replace(/npm warn[^\n]*\n/gi, '')).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`Backup written to ${backupDir}`);

    const files = await readdir(backupDir);
    expect(files.sort()).toEqual(
      [
        'auth-secret',
        'manifest.json',
        'media',
        engine === 'sqlite' ? 'hanger.db' : 'database.dump',
      ].sort(),
    );
    expect((await stat(join(backupDir, 'auth-secret'))).mode & 0o077).toBe(0);
    const manifest = JSON.parse(await readFile(join(backupDir, 'manifest.json'), 'utf8')) as {
      engine: string;
      photos: string;
      auth_secret: string;
      migrations: string[];
    };
    expect(manifest).toMatchObject({ engine, photos: 'disk', auth_secret: 'file' });
    expect(manifest.migrations).toContain('0004-calendar-feed');

    // Restore onto an empty DATA_DIR (and, for PostgreSQL, a fresh empty database).
    const targetDir = join(await mkdtemp(join(tmpdir(), 'hanger-restored-')), 'data');
    cleanups.push(() => rm(resolve(targetDir, '..'), { recursive: true, force: true }));
    const database = engine === 'postgres' ? await createPgDatabase() : undefined;
    if (database) cleanups.push(database.drop);
    const targetEnv = { DATA_DIR: targetDir, DATABASE_URL: database?.url, AUTH_SECRET: undefined };
    const restored = await npmRun('restore', [backupDir], targetEnv);
    expect(restored.stderr.replace(/npm warn[^\n]*\n/gi, '')).toBe('');
    expect(restored.code).toBe(0);

    // A second restore onto the now full target is refused, and allowed with --force.
    const refused = await npmRun('restore', [backupDir], targetEnv);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('The target is not empty');
    expect(refused.stderr).toContain('--force');
    const forced = await npmRun('restore', [backupDir, '--force'], targetEnv);
    expect(forced.code).toBe(0);

    const target = await startApp(engine, {
      env: {
        DATA_DIR: targetDir,
        AUTH_SECRET: '',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
    });
    cleanups.push(() => target.close());

    // Alice signs in with the same password and finds the same wardrobe, settings and photos.
    const again = await signInOn(target.baseUrl, alice);
    const after = await again.wardrobe();
    expect(withoutSignatures(after)).toEqual(withoutSignatures(before));
    expect(await again.settings()).toEqual(settingsBefore);
    const bytesAfter = await photoBytes(target.baseUrl, after);
    expect([...bytesAfter.keys()].sort()).toEqual([...bytesBefore.keys()].sort());
    for (const [key, bytes] of bytesBefore) expect(bytesAfter.get(key)!.equals(bytes)).toBe(true);

    // Bob's wardrobe is a consistent moment of his writing: every item has its photos.
    const bobAgain = await signInOn(target.baseUrl, bob);
    const bobWardrobe = await bobAgain.wardrobe();
    const restoredItems = Object.keys(bobWardrobe.clothes).length;
    expect(restoredItems).toBeGreaterThanOrEqual(bobBefore);
    expect(restoredItems).toBeLessThanOrEqual(bobAfter);
    expect((await photoBytes(target.baseUrl, bobWardrobe)).size).toBe(restoredItems * 2);
    for (const day of Object.values(bobWardrobe.calendar)) {
      for (const id of day.clothes) expect(bobWardrobe.clothes[id]).toBeDefined();
    }
  }, 180_000);

  it('with object storage, backs up the database and says how to keep the bucket', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hanger-backup-s3-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const run = await npmRun('backup', [join(dir, 'b')], {
      DATA_DIR: source.dataDir,
      DATABASE_URL: source.config.databaseUrl,
      AUTH_SECRET: undefined,
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'wardrobe-photos',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('photos NOT included');
    expect(run.stdout).toContain('aws s3 sync s3://wardrobe-photos');
    expect((await readdir(join(dir, 'b'))).sort()).toEqual(
      ['auth-secret', 'manifest.json', engine === 'sqlite' ? 'hanger.db' : 'database.dump'].sort(),
    );
    const manifest = JSON.parse(await readFile(join(dir, 'b', 'manifest.json'), 'utf8')) as {
      photos: string;
    };
    expect(manifest.photos).toBe('s3');
  });

  it('refuses a directory that is not a backup', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hanger-not-a-backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const run = await npmRun('restore', [dir], {
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: undefined,
      AUTH_SECRET: undefined,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is not a finished Hanger backup');
  });
});
