import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { createDb, migrateToLatest } from '../db/index.js';
import type { Database, DbDialect } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbDialect: DbDialect;
  }
}

export interface DbOptions {
  config: Config;
}

/** Opens the database, brings its schema up to date, and closes it with the server. */
async function dbPlugin(app: FastifyInstance, { config }: DbOptions): Promise<void> {
  const { db, dialect, destroy } = createDb(config);
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (err) {
    await destroy();
    throw err;
  }
  app.decorate('db', db);
  app.decorate('dbDialect', dialect);
  app.addHook('onClose', async () => {
    await destroy();
  });
}

export default fp(dbPlugin, { name: 'hanger-db', fastify: '5.x' });
