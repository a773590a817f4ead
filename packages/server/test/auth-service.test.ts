import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuth, type AuthService } from '../src/auth/create-auth.js';
import { loadConfig } from '../src/config.js';
import { createDb, migrateToLatest, type Db } from '../src/db/index.js';
import { freePort } from './helpers/app.js';

interface Logged {
  level: string;
  msg: string;
}

describe('identity service wiring', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function service(
    env: Record<string, string>,
    onUserDeleted?: (id: string) => Promise<void>,
  ) {
    const dataDir = await mkdtemp(join(tmpdir(), 'hanger-auth-service-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'x7Gq2LmP9vR4tY8wZ1cB5nD3fH6jK0sA',
      ...env,
    });
    const db: Db = createDb(config);
    await migrateToLatest(db.db as never);
    const logged: Logged[] = [];
    const log = (level: string) => (_obj: object, msg: string) => logged.push({ level, msg });
    const logger = {
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      debug: log('debug'),
    };
    const svc: AuthService = createAuth({
      config,
      db: db.db,
      dialect: db.dialect,
      logger,
      onUserDeleted,
    });
    cleanups.push(async () => {
      await svc.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    });
    return { svc, logged };
  }

  it('tells the server when an account is deleted', async () => {
    const deleted: string[] = [];
    const { svc } = await service({}, async (id) => {
      deleted.push(id);
    });
    const { user } = await svc.auth.api.signUpEmail({
      body: { email: 'gone@example.test', password: 'correct horse battery', name: 'Gone' },
    });
    const context = await svc.auth.$context;
    await context.internalAdapter.deleteUser(user.id);
    expect(deleted).toEqual([user.id]);
  });

  it('leaves a provider off the sign-in page when its issuer could not be discovered', async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`;
    const { svc, logged } = await service({
      OIDC_ISSUER: nobody,
      OIDC_CLIENT_ID: 'hanger',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(await svc.signInMethods()).toEqual({
      email_password: true,
      magic_link: true,
      providers: [],
    });
    expect(
      logged.some((l) => l.level === 'error' && l.msg.includes('Discovery fetch failed')),
    ).toBe(true);
  });
});
