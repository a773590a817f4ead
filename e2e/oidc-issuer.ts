import { createServer, type Server } from 'node:http';
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

export const OIDC_CLIENT_ID = 'hanger-e2e';
export const OIDC_CLIENT_SECRET = 'hanger-e2e-client-secret';

export interface IssuerAccount {
  sub: string;
  email: string;
  name: string;
  /** What the issuer says about the address (the `email_verified` claim). */
  emailVerified: boolean;
}

/**
 * Ways the issuer can misbehave on purpose. Every tampered ID token is re-signed with the issuer's
 * own published key, so only the named claim is wrong:
 * - `nonce`: the ID token carries a nonce other than the one the app sent;
 * - `audience`: the ID token was issued for another client;
 * - `id-token-issuer`: the ID token names another issuer;
 * - `response-issuer`: the authorization response's `iss` parameter (RFC 9207) names another
 *   issuer;
 * - `re-sign`: not a misbehaviour, the control: the ID token is re-signed with nothing changed.
 */
export type Misbehaviour = 'nonce' | 'audience' | 'id-token-issuer' | 'response-issuer' | 're-sign';

export interface TestIssuer {
  url: string;
  /** The account the issuer's next login signs in as, and how that login's tokens go wrong. */
  loginAs(account: IssuerAccount, misbehave?: Misbehaviour): void;
  /**
   * Holds the next authorization response: instead of redirecting the browser to the app's
   * callback, the issuer shows a blank page and hands the callback URL (code, state, iss) to the
   * test, which can then open it as it is, altered, or twice.
   */
  holdNextCallback(): Promise<URL>;
  /** Requests the token endpoint answered with an error (e.g. a code used twice). */
  refusedTokenRequests(): number;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect issuer (oidc-provider) on 127.0.0.1 for the browser tests, as the server
 * tests use. Its login step signs in whichever account the test chose (no form: the browser passes
 * straight through), and consent is implied for the app, so a test walks the whole authorization
 * code flow in Chromium.
 */
export async function startIssuer(port: number, redirectUri: string): Promise<TestIssuer> {
  const url = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = {
    ...(await exportJWK(privateKey)),
    kid: 'e2e-issuer-key',
    alg: 'RS256',
    use: 'sig',
  };
  const key = await importJWK(signingJwk, 'RS256');
  const accounts = new Map<string, IssuerAccount>();
  /** Misbehaviour chosen for the account that logged in, by subject. */
  const misbehaviour = new Map<string, Misbehaviour>();
  let nextLogin: { account: IssuerAccount; misbehave?: Misbehaviour } | undefined;
  let refused = 0;
  let hold: ((url: URL) => void) | undefined;

  const provider = new Provider(url, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: ['e2e-issuer-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    // Short lifetimes, set explicitly (oidc-provider warns about its defaults otherwise).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
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

  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token') {
      const body = ctx.body as { id_token?: string; error?: string } | undefined;
      if (ctx.status >= 400) refused += 1;
      if (!body?.id_token) return;
      const claims = decodeJwt(body.id_token);
      const how = misbehaviour.get(String(claims.sub));
      const wrong: Record<string, unknown> = {};
      if (how === 'nonce') wrong.nonce = 'a-nonce-this-app-never-sent';
      else if (how === 'audience') wrong.aud = 'some-other-client';
      else if (how === 'id-token-issuer') wrong.iss = 'http://127.0.0.1:1/another-issuer';
      else if (how !== 're-sign') return;
      body.id_token = await new SignJWT({ ...claims, ...wrong })
        .setProtectedHeader(decodeProtectedHeader(body.id_token) as { alg: string; kid: string })
        .sign(key);
      return;
    }
    // The authorization response: the redirect back to the app with code, state and iss.
    const location = ctx.response.get('location');
    if (ctx.status >= 300 && ctx.status < 400 && location.startsWith(redirectUri)) {
      const target = new URL(location);
      if (nextLogin?.misbehave === 'response-issuer') {
        target.searchParams.set('iss', 'http://127.0.0.1:1/another-issuer');
        ctx.redirect(target.toString());
      }
      if (hold) {
        hold(target);
        hold = undefined;
        ctx.status = 200;
        ctx.remove('location');
        ctx.type = 'text/plain';
        ctx.body = 'held by the test';
      }
    }
  });

  const handle = provider.callback();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      handle(req, res);
      return;
    }
    (async () => {
      await provider.interactionDetails(req, res);
      const login = nextLogin;
      if (!login) throw new Error('the test chose no account to log in as');
      accounts.set(login.account.sub, login.account);
      if (login.misbehave) misbehaviour.set(login.account.sub, login.misbehave);
      else misbehaviour.delete(login.account.sub);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login.account.sub } },
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
    loginAs(account, misbehave) {
      nextLogin = { account, misbehave };
    },
    holdNextCallback: () => new Promise<URL>((resolve) => (hold = resolve)),
    refusedTokenRequests: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
