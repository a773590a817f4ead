import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.js';
import type { DbDialect } from './dialect.js';
import type { Database } from './schema.js';

// Only the engine in use is loaded: start-up time and memory are not spent on the other driver.
const require = createRequire(import.meta.url);

export interface Db {
  db: Kysely<Database>;
  dialect: DbDialect;
  destroy(): Promise<void>;
}

// PostgreSQL answers int8 (counts, sums) and numeric as strings; the app only ever holds values
// that fit a double, so they are read as numbers here, for this pool only.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;

function pgTypes(driver: typeof pg): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
      return driver.types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
}

export function createDb(config: Pick<Config, 'databaseUrl' | 'sqlitePath'>): Db {
  if (config.databaseUrl) {
    const driver = require('pg') as typeof pg;
    const pool = new driver.Pool({
      connectionString: config.databaseUrl,
      types: pgTypes(driver),
      max: 10,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }

  mkdirSync(dirname(config.sqlitePath), { recursive: true });
  const Sqlite = require('better-sqlite3') as typeof SqliteDatabase;
  const sqlite = new Sqlite(config.sqlitePath);
  // WAL lets readers run beside the writer; a busy timeout lets a second process wait its turn.
  // synchronous first: on a new file, switching to WAL writes its first page, and at the
  // default (FULL) that took several disk flushes, a tenth of a fresh start.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

export { migrateToLatest } from './migrator.js';
export type { Database } from './schema.js';
export type { DbDialect } from './dialect.js';
