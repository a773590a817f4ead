import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { Config } from '../config.js';
import { pgCommand, runPgTool } from './pg-tools.js';

/**
 * The operator's backup: the database (SQLite's online backup API, or pg_dump), the photos when
 * they are on local disk, and the generated auth secret. Safe while the server runs and writes.
 *
 * Photos are written before the row that names them commits, and removed after that row is gone,
 * so the database is copied first and the photos after it. A photo deleted in between (its item
 * was deleted after the database copy) would be missing from the backup: every photo the copied
 * database names is checked, and the whole copy is taken again when one is missing.
 */

const require = createRequire(import.meta.url);

export const BACKUP_FORMAT = 'hanger-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const SQLITE_FILE = 'hanger.db';
export const PG_DUMP_FILE = 'database.dump';
export const MEDIA_DIR = 'media';
export const SECRET_FILE = 'auth-secret';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  created_at: string;
  engine: 'sqlite' | 'postgres';
  /** 'disk': the photos are in media/. 's3': they stay in the bucket; back it up with its tools. */
  photos: 'disk' | 's3';
  photo_files: number;
  /** 'file': auth-secret is in the backup. 'env': the server used AUTH_SECRET; keep it yourself. */
  auth_secret: 'file' | 'env' | 'none';
  /** Migrations applied in the copied database. */
  migrations: string[];
  /** Rows of the main tables, as a quick check after a restore. */
  counts: Record<string, number>;
}

export interface BackupOptions {
  config: Config;
  /** Whether AUTH_SECRET came from the environment (then there is no auth-secret file to copy). */
  authSecretFromEnv: boolean;
  /** An empty or missing directory. */
  dest: string;
  log?: (line: string) => void;
  /** Copies of database + photos to try before giving up on a fully consistent pair. */
  attempts?: number;
}

const COUNTED = ['user', 'clothes', 'outfits', 'calendar_items'] as const;

interface Snapshot {
  migrations: string[];
  counts: Record<string, number>;
  /** Every photo key the copied database names. */
  keys: Set<string>;
}

const KEYS_SQL =
  'select image_key as k from clothes union all select thumb_key from clothes union all select image_key from outfits union all select thumb_key from outfits';

async function snapshotSqlite(config: Config, dest: string): Promise<Snapshot> {
  const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;
  const live = new Sqlite(config.sqlitePath, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // The online backup API copies a consistent state while other connections keep writing.
    await live.backup(join(dest, SQLITE_FILE));
  } finally {
    live.close();
  }
  const copy = new Sqlite(join(dest, SQLITE_FILE));
  try {
    // One self-contained file: the copy leaves WAL mode (restore turns it back on).
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok')
      throw new Error(`The copied database fails its integrity check: ${String(integrity)}`);
    const migrations = (
      copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      counts[table] = (
        copy.prepare(`select count(*) as n from "${table}"`).get() as { n: number }
      ).n;
    }
    const keys = new Set((copy.prepare(KEYS_SQL).all() as { k: string }[]).map((r) => r.k));
    return { migrations, counts, keys };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump of one snapshot, which this connection holds open (pg_export_snapshot) and reads the
 * photo keys from, so that both see exactly the same database state.
 */
async function snapshotPostgres(databaseUrl: string, dest: string): Promise<Snapshot> {
  const { Client } = require('pg') as typeof pg;
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = rows[0]!.id;
    const command = pgCommand(databaseUrl);
    await runPgTool(
      process.env.PG_DUMP ?? 'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${join(dest, PG_DUMP_FILE)}`,
        `--dbname=${command.url}`,
      ],
      command.env,
    );
    const migrations = (
      await client.query<{ name: string }>('select name from kysely_migration order by name')
    ).rows.map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const table of COUNTED) {
      const result = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
      counts[table] = Number(result.rows[0]!.n);
    }
    const keys = new Set((await client.query<{ k: string }>(KEYS_SQL)).rows.map((r) => r.k));
    await client.query('commit');
    return { migrations, counts, keys };
  } finally {
    await client.end();
  }
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * Copies the photo directory into `to`, skipping the store's temporary files (.tmp) and files
 * already copied by an earlier attempt. A file removed while copying is skipped.
 */
async function copyMedia(from: string, to: string): Promise<Set<string>> {
  const copied = new Set<string>();
  let entries;
  try {
    entries = await readdir(from, { recursive: true, withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return copied;
    throw err;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = relative(from, path).split('\\').join('/');
    if (key.split('/').some((segment) => segment.startsWith('.'))) continue;
    const target = join(to, key);
    try {
      const [source, existing] = await Promise.all([
        stat(path),
        stat(target).catch(() => undefined),
      ]);
      if (!existing || existing.size !== source.size) {
        await mkdir(dirname(target), { recursive: true });
        await copyFile(path, target);
      }
      copied.add(key);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }
  return copied;
}

async function ensureEmptyDir(dir: string): Promise<void> {
  try {
    const entries = await readdir(dir);
    if (entries.length > 0) throw new Error(`The backup directory is not empty: ${dir}`);
  } catch (err) {
    if (!isMissing(err)) throw err;
    await mkdir(dir, { recursive: true, mode: 0o700 });
  }
}

export async function backup(options: BackupOptions): Promise<BackupManifest> {
  const { config, dest } = options;
  const log = options.log ?? (() => undefined);
  const attempts = options.attempts ?? 3;
  if (!config.databaseUrl && !(await stat(config.sqlitePath).catch(() => undefined))) {
    throw new Error(
      `There is no database at ${config.sqlitePath} (check DATA_DIR, or set DATABASE_URL for PostgreSQL).`,
    );
  }
  await ensureEmptyDir(dest);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const photos = config.s3 ? 's3' : 'disk';

  let snapshot: Snapshot | undefined;
  let files = new Set<string>();
  for (let attempt = 1; attempt <= attempts; attempt++) {
    log(`Copying the ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database…`);
    snapshot = config.databaseUrl
      ? await snapshotPostgres(config.databaseUrl, dest)
      : await snapshotSqlite(config, dest);
    if (photos === 's3') break;
    log('Copying the photos…');
    files = await copyMedia(config.mediaDir, join(dest, MEDIA_DIR));
    const missing = [...snapshot.keys].filter((key) => !files.has(key));
    if (missing.length === 0) break;
    if (attempt === attempts) {
      log(
        `Warning: ${missing.length} photo(s) named by the database were deleted while the backup ran; their items will show no photo after a restore.`,
      );
    } else {
      log(`${missing.length} photo(s) were deleted during the copy; copying again…`);
    }
  }

  let authSecret: BackupManifest['auth_secret'] = options.authSecretFromEnv ? 'env' : 'none';
  if (!options.authSecretFromEnv) {
    try {
      const secret = await readFile(join(config.dataDir, SECRET_FILE));
      await writeFile(join(dest, SECRET_FILE), secret, { mode: 0o600 });
      authSecret = 'file';
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    engine,
    photos,
    photo_files: files.size,
    auth_secret: authSecret,
    migrations: snapshot!.migrations,
    counts: snapshot!.counts,
  };
  // Written last: a directory without a manifest is an unfinished backup.
  await writeFile(join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}
