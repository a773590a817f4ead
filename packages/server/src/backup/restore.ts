import {
  copyFile,
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { Config } from '../config.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  MANIFEST,
  MEDIA_DIR,
  PG_DUMP_FILE,
  SECRET_FILE,
  SQLITE_FILE,
  type BackupManifest,
} from './backup.js';
import { PG_BOSS_SCHEMA } from '../jobs/types.js';
import { pgCommand, runPgTool } from './pg-tools.js';

/**
 * Puts a backup (see backup.ts) back: onto an empty DATA_DIR (SQLite) or an empty database
 * (PostgreSQL), with the photos and the auth secret. It refuses a target that holds anything unless
 * forced, and then replaces it. Stop the server before restoring; start it afterwards, and it
 * applies any migrations newer than the backup.
 */

const require = createRequire(import.meta.url);

/** The target holds data and --force was not given. */
export class RestoreRefusedError extends Error {
  constructor(readonly found: string[]) {
    super(
      `The target is not empty:\n${found.map((f) => `  - ${f}`).join('\n')}\nRestore onto an empty DATA_DIR / database, or pass --force to replace what is there.`,
    );
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreOptions {
  config: Config;
  authSecretFromEnv: boolean;
  source: string;
  force?: boolean;
  log?: (line: string) => void;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function nonEmptyDir(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length > 0;
  } catch {
    return false;
  }
}

export async function readManifest(source: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(source, MANIFEST), 'utf8');
  } catch {
    throw new Error(`${source} is not a finished Hanger backup (no ${MANIFEST}).`);
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new Error(`${source} is not a Hanger backup of version ${BACKUP_VERSION}.`);
  }
  return manifest;
}

async function postgresTables(databaseUrl: string): Promise<number> {
  const { Client } = require('pg') as typeof pg;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from information_schema.tables where table_schema = current_schema()',
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function resetPostgres(databaseUrl: string): Promise<void> {
  const { Client } = require('pg') as typeof pg;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ s: string }>('select current_schema() as s');
    const schema = client.escapeIdentifier(rows[0]!.s);
    await client.query(`drop schema ${schema} cascade`);
    // The job queue's own schema (docs/jobs.md) is in the dump too: it goes with the app's.
    await client.query(`drop schema if exists ${client.escapeIdentifier(PG_BOSS_SCHEMA)} cascade`);
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
}

const sqliteFiles = (path: string) => [path, `${path}-wal`, `${path}-shm`, `${path}-journal`];

/** What the target already holds, as lines for the operator. */
async function findExisting(
  config: Config,
  manifest: BackupManifest,
  authSecretFromEnv: boolean,
  source: string,
): Promise<string[]> {
  const found: string[] = [];
  if (config.databaseUrl) {
    const tables = await postgresTables(config.databaseUrl);
    if (tables > 0) found.push(`the database has ${tables} table(s)`);
  } else {
    for (const file of sqliteFiles(config.sqlitePath)) {
      if (await exists(file)) found.push(file);
    }
  }
  if (manifest.photos === 'disk' && (await nonEmptyDir(config.mediaDir))) {
    found.push(`${config.mediaDir} holds files`);
  }
  const secretPath = join(config.dataDir, SECRET_FILE);
  if (manifest.auth_secret === 'file' && !authSecretFromEnv && (await exists(secretPath))) {
    const [ours, theirs] = await Promise.all([
      readFile(secretPath, 'utf8'),
      readFile(join(source, SECRET_FILE), 'utf8'),
    ]);
    if (ours.trim() !== theirs.trim()) found.push(`${secretPath} holds another secret`);
  }
  return found;
}

export async function restore(options: RestoreOptions): Promise<BackupManifest> {
  const { config, source, authSecretFromEnv } = options;
  const log = options.log ?? (() => undefined);
  const manifest = await readManifest(source);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new Error(
      `This backup is of a ${manifest.engine} database, but the target is ${engine} (${
        engine === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'
      }). Restore it onto the same engine.`,
    );
  }
  if (manifest.photos === 'disk' && config.s3) {
    throw new Error(
      'This backup holds photos from local disk, but the target uses object storage (S3_*). Restore without S3_* set, or upload the media/ folder to the bucket under the same keys.',
    );
  }

  const found = await findExisting(config, manifest, authSecretFromEnv, source);
  if (found.length > 0) {
    if (!options.force) throw new RestoreRefusedError(found);
    log('Replacing what the target holds (--force)…');
    if (config.databaseUrl) await resetPostgres(config.databaseUrl);
    else for (const file of sqliteFiles(config.sqlitePath)) await rm(file, { force: true });
    if (manifest.photos === 'disk') await rm(config.mediaDir, { recursive: true, force: true });
  }

  log('Restoring the database…');
  if (config.databaseUrl) {
    const command = pgCommand(config.databaseUrl);
    await runPgTool(
      process.env.PG_RESTORE ?? 'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${command.url}`,
        join(source, PG_DUMP_FILE),
      ],
      command.env,
    );
  } else {
    await mkdir(dirname(config.sqlitePath), { recursive: true });
    // Copied beside the target and renamed into place: a cut-short copy is never taken for a database.
    const partial = `${config.sqlitePath}.restoring`;
    await copyFile(join(source, SQLITE_FILE), partial);
    const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;
    // The copy is in rollback-journal mode; the server turns WAL back on when it opens it.
    const check = new Sqlite(partial, { readonly: true });
    try {
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') {
        throw new Error(`The backup's database is damaged: ${String(integrity)}`);
      }
    } catch (err) {
      check.close();
      await rm(partial, { force: true });
      throw err;
    }
    check.close();
    await rename(partial, config.sqlitePath);
  }

  if (manifest.photos === 's3') {
    log(
      'The photos of this backup are in object storage: restore the bucket copy you took with it, under the same keys, and point S3_* at it.',
    );
  } else {
    log('Restoring the photos…');
    const media = join(source, MEDIA_DIR);
    if (await exists(media)) await cp(media, config.mediaDir, { recursive: true, force: true });
  }

  if (manifest.auth_secret === 'file') {
    if (authSecretFromEnv) {
      log(
        'Note: AUTH_SECRET is set, so the auth-secret file of the backup is not used. Unless AUTH_SECRET is the secret the backed-up server used, sign-ins, access tokens and calendar feed links will not work.',
      );
    } else {
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(
        join(config.dataDir, SECRET_FILE),
        await readFile(join(source, SECRET_FILE)),
        { mode: 0o600 },
      );
    }
  } else if (manifest.auth_secret === 'env' && !authSecretFromEnv) {
    log(
      'Note: the backed-up server took its secret from AUTH_SECRET. Start this server with the same AUTH_SECRET, or sign-ins will not work.',
    );
  }
  return manifest;
}
