import { sql } from 'kysely';
import type { ColumnDataType, Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

export const name = '0001-auth';

/**
 * The identity tables better-auth reads and writes (user, session, account, verification) plus
 * those of its plugins: jwks (access-token signing keys) and the admin plugin's columns (role,
 * banned, banReason, banExpires, impersonatedBy). Names and types are exactly what better-auth
 * 1.7 expects (it checks the schema on start-up): camelCase columns, booleans as integer and dates
 * as `date` on SQLite, boolean and timestamptz on PostgreSQL.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const bool: ColumnDataType = pg ? 'boolean' : 'integer';
  const time: ColumnDataType = pg ? 'timestamptz' : 'date';
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable('user')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', time, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn('updatedAt', time, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn('role', 'text')
    .addColumn('banned', bool)
    .addColumn('banReason', 'text')
    .addColumn('banExpires', time)
    .execute();

  await db.schema
    .createTable('session')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('expiresAt', time, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', time, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn('updatedAt', time, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('impersonatedBy', 'text')
    .execute();

  await db.schema
    .createTable('account')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', time)
    .addColumn('refreshTokenExpiresAt', time)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', time, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn('updatedAt', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', time, (c) => c.notNull())
    .addColumn('createdAt', time, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
    .addColumn('updatedAt', time, (c) => (pg ? c.defaultTo(now).notNull() : c.notNull()))
    .execute();

  await db.schema
    .createTable('jwks')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('privateKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', time, (c) => c.notNull())
    .addColumn('expiresAt', time)
    .addColumn('alg', 'text')
    .addColumn('crv', 'text')
    .execute();

  await db.schema
    .createIndex('session_userId_idx')
    .ifNotExists()
    .on('session')
    .column('userId')
    .execute();
  await db.schema
    .createIndex('account_userId_idx')
    .ifNotExists()
    .on('account')
    .column('userId')
    .execute();
  // Sign-in with a provider looks an account up by (provider, subject).
  await db.schema
    .createIndex('account_provider_idx')
    .ifNotExists()
    .on('account')
    .columns(['providerId', 'accountId'])
    .execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .ifNotExists()
    .on('verification')
    .column('identifier')
    .execute();
}
