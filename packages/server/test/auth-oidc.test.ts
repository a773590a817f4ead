import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type JWK,
} from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, freePort } from './helpers/app.js';
import { startAuthApp, TestBrowser, type AuthTestApp } from './helpers/auth.js';

const CLIENT_ID = 'hanger';
const CLIENT_SECRET = 'hanger-test-client-secret';
const PROVIDER_ID = 'oidc';

interface IssuerAccount {
  sub: string;
  email: string;
  name: string;
}

interface TestIssuer {
  url: string;
  accounts: Map<string, IssuerAccount>;
  /** The account the next login at the issuer signs in as. */
  loginAs(account: IssuerAccount): void;
  /** Makes the token endpoint hand out ID tokens issued for another client (wrong audience). */
  issueForOtherAudience(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect issuer (oidc-provider) on 127.0.0.1. Its login page signs in whichever
 * account the test chose, and consent is implied for our client, so a test can walk the whole
 * authorization code flow over HTTP.
 */
async function startIssuer(port: number, redirectUri: string): Promise<TestIssuer> {
  const url = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: 'issuer-key-1',
    alg: 'RS256',
    use: 'sig',
  };
  const accounts = new Map<string, IssuerAccount>();
  let nextLogin: IssuerAccount | undefined;
  let otherAudience = false;

  const provider = new Provider(url, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['issuer-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    // First-party client: consent is implied, so the flow needs no consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  // Re-sign the ID token with the issuer's own key for a different audience, as a token minted for
  // another client would be.
  const key = await importJWK(signingJwk, 'RS256');
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (!otherAudience || ctx.path !== '/token' || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    body.id_token = await new SignJWT({ ...claims, aud: 'some-other-client' })
      .setProtectedHeader(decodeProtectedHeader(body.id_token) as { alg: string; kid: string })
      .sign(key);
  });

  const handle = provider.callback();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    (async () => {
      await provider.interactionDetails(req, res);
      if (!nextLogin) throw new Error('the test chose no account to log in');
      accounts.set(nextLogin.sub, nextLogin);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: nextLogin.sub } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url,
    accounts,
    loginAs: (account) => {
      nextLogin = account;
    },
    issueForOtherAudience: (on) => {
      otherAudience = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(ENGINES)('OpenID Connect sign-in on %s', (engine) => {
  let issuer: TestIssuer;
  let t: AuthTestApp;
  let url: (path: string) => string;
  const callbackPath = `/api/auth/callback/${PROVIDER_ID}`;

  beforeAll(async () => {
    const appPort = await freePort();
    issuer = await startIssuer(await freePort(), `http://127.0.0.1:${appPort}${callbackPath}`);
    t = await startAuthApp(engine, {
      env: {
        PORT: String(appPort),
        OIDC_ISSUER: issuer.url,
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_DISPLAY_NAME: 'Test Issuer',
      },
    });
    url = (path) => `${t.baseUrl}${path}`;
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  const newAccount = (): IssuerAccount => {
    const id = randomUUID();
    return { sub: `subject-${id}`, email: `oidc-${id}@example.test`, name: 'Ida Issuer' };
  };

  /** Starts sign-in in the app and walks the issuer until it sends the browser back to us. */
  async function toCallback(browser: TestBrowser): Promise<URL> {
    const start = await browser.postJson(url('/api/auth/sign-in/social'), {
      provider: PROVIDER_ID,
      callbackURL: '/',
    });
    expect(start.status).toBe(200);
    const { url: authorizationUrl } = (await start.json()) as { url: string };
    expect(authorizationUrl.startsWith(`${issuer.url}/auth?`)).toBe(true);
    const hops = await browser.follow(authorizationUrl, (next) => next.pathname === callbackPath);
    const callback = hops[hops.length - 1]!.url;
    expect(callback.pathname).toBe(callbackPath);
    return callback;
  }

  /** Requests a callback URL and follows the app's redirects; returns where it landed. */
  async function finish(browser: TestBrowser, callback: URL): Promise<URL> {
    const hops = await browser.follow(
      callback.toString(),
      (next) => next.origin === t.baseUrl && !next.pathname.startsWith('/api/auth/callback'),
    );
    return hops[hops.length - 1]!.url;
  }

  const tokenOf = (browser: TestBrowser) => browser.request(url('/api/auth/token'));

  it('offers the configured provider on the sign-in page', async () => {
    const response = await fetch(url('/api/auth/providers'));
    expect(await response.json()).toEqual({
      email_password: true,
      magic_link: true,
      providers: [{ id: PROVIDER_ID, name: 'Test Issuer', type: 'oauth2' }],
    });
  });

  it('signs in through the whole authorization code flow and hands out an access token', async () => {
    const account = newAccount();
    issuer.loginAs(account);
    const browser = new TestBrowser();
    const callback = await toCallback(browser);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const landed = await finish(browser, callback);
    expect(landed.toString()).toBe(`${t.baseUrl}/`);

    const response = await tokenOf(browser);
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const api = await fetch(url('/api/users'), { headers: { authorization: `Bearer ${token}` } });
    expect(api.status).toBe(200);
    const claims = decodeJwt(token);
    expect(claims.email).toBe(account.email);
    const user = { id: claims.sub! };

    // The second sign-in finds the same account through the issuer's subject.
    const again = new TestBrowser();
    await finish(again, await toCallback(again));
    const second = (await (await tokenOf(again)).json()) as { token: string };
    expect(decodeJwt(second.token).sub).toBe(user.id);
    const links = await t.db
      .selectFrom('account')
      .select('accountId')
      .where('userId', '=', user.id)
      .execute();
    expect(links).toEqual([{ accountId: account.sub }]);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const account = newAccount();
    issuer.loginAs(account);
    const browser = new TestBrowser();
    const callback = await toCallback(browser);
    callback.searchParams.set('state', randomUUID().replace(/-/g, ''));

    const landed = await finish(browser, callback);
    expect(landed.searchParams.get('error')).toBe('state_mismatch');
    expect((await tokenOf(browser)).status).toBe(401);
    expect(
      await t.db.selectFrom('user').select('id').where('email', '=', account.email).execute(),
    ).toHaveLength(0);
  });

  it('refuses a callback replayed in another browser', async () => {
    const account = newAccount();
    issuer.loginAs(account);
    const callback = await toCallback(new TestBrowser());

    const attacker = new TestBrowser();
    const landed = await finish(attacker, callback);
    expect(landed.searchParams.get('error')).toBe('state_mismatch');
    expect((await tokenOf(attacker)).status).toBe(401);
  });

  it('refuses an ID token issued for another audience', async () => {
    const account = newAccount();
    issuer.loginAs(account);
    issuer.issueForOtherAudience(true);
    try {
      const browser = new TestBrowser();
      const landed = await finish(browser, await toCallback(browser));
      expect(landed.pathname).toBe('/login');
      expect(landed.searchParams.get('error')).toBe('unable_to_get_user_info');
      expect(t.logLines.some((l) => l.includes('id_token failed verification'))).toBe(true);
      expect((await tokenOf(browser)).status).toBe(401);
      expect(
        await t.db.selectFrom('user').select('id').where('email', '=', account.email).execute(),
      ).toHaveLength(0);
    } finally {
      issuer.issueForOtherAudience(false);
    }
  });
});
