import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokenVerifier, InvalidAccessTokenError } from '../src/auth/access-token.js';
import { RevocationList, type TokenClaims } from '../src/auth/revocation.js';

const ISSUER = 'https://closet.example.com';

interface Signer {
  kid: string;
  publicJwk: JWK;
  sign(
    claims: Record<string, unknown>,
    options?: { iss?: string; aud?: string; exp?: number; iat?: number },
  ): Promise<string>;
}

async function newSigner(kid: string): Promise<Signer> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', {
    crv: 'Ed25519',
    extractable: true,
  });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' };
  return {
    kid,
    publicJwk,
    sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: 'session-1', ...claims })
        .setProtectedHeader({ alg: 'EdDSA', kid })
        .setIssuer(options.iss ?? ISSUER)
        .setAudience(options.aud ?? ISSUER)
        .setSubject('user-1')
        .setIssuedAt(options.iat ?? now)
        .setExpirationTime(options.exp ?? now + 900)
        .sign(privateKey);
    },
  };
}

describe('access token verification', () => {
  let current: Signer;
  let rotated: Signer;

  beforeAll(async () => {
    current = await newSigner('key-1');
    rotated = await newSigner('key-2');
  });

  /** A verifier of the current key on a clock the test moves, with a revocation list. */
  function revocableVerifier() {
    const clock = { now: Date.now() };
    const revoked = new RevocationList({ keepMs: 16 * 60_000, now: () => clock.now });
    const v = verifier(
      () => [current.publicJwk],
      clock,
      (c) => revoked.isRevoked(c),
    );
    return { clock, revoked, v };
  }

  function verifier(
    keys: () => JWK[],
    clock = { now: Date.now() },
    isRevoked?: (claims: TokenClaims) => boolean,
  ) {
    let loads = 0;
    const v = createAccessTokenVerifier({
      issuer: ISSUER,
      audience: ISSUER,
      isRevoked,
      loadKeys: async () => {
        loads += 1;
        return keys();
      },
      now: () => clock.now,
    });
    return { verify: v.verify, loads: () => loads, clock };
  }

  it('accepts a valid token and reads the keys once for many requests', async () => {
    const v = verifier(() => [current.publicJwk]);
    const token = await current.sign({ email: 'ada@example.com' });
    for (let i = 0; i < 50; i++)
      expect(await v.verify(token)).toEqual({
        id: 'user-1',
        email: 'ada@example.com',
        sessionId: 'session-1',
        issuedAt: expect.any(Number),
      });
    expect(v.loads()).toBe(1);
  });

  it.each([
    [
      'expired',
      { exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 960 },
    ],
    ['from another issuer', { iss: 'https://evil.example.com' }],
    ['for another audience', { aud: 'https://other-app.example.com' }],
  ])('refuses a token %s', async (_label, options) => {
    const v = verifier(() => [current.publicJwk]);
    const token = await current.sign({ email: 'ada@example.com' }, options);
    await expect(v.verify(token)).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('refuses a token without a session id', async () => {
    const v = verifier(() => [current.publicJwk]);
    await expect(v.verify(await current.sign({ sid: undefined }))).rejects.toBeInstanceOf(
      InvalidAccessTokenError,
    );
  });

  it('refuses a token of a revoked session or account, locally', async () => {
    const { clock, revoked, v } = revocableVerifier();
    const token = await current.sign({ sid: 'gone' }, { iat: Math.floor(clock.now / 1000) - 10 });
    const other = await current.sign({ sid: 'kept' }, { iat: Math.floor(clock.now / 1000) - 10 });
    expect((await v.verify(token)).sessionId).toBe('gone');
    revoked.add({ kind: 'session', id: 'gone', at: clock.now });
    await expect(v.verify(token)).rejects.toThrow('token revoked');
    expect((await v.verify(other)).sessionId).toBe('kept');
    revoked.add({ kind: 'user', id: 'user-1', at: clock.now });
    await expect(v.verify(other)).rejects.toThrow('token revoked');
    expect(v.loads()).toBe(1);
  });

  it('remembers a verified token briefly, still refusing it at its expiry and on revocation', async () => {
    const { clock, revoked, v } = revocableVerifier();
    const nowSeconds = Math.floor(clock.now / 1000);
    const token = await current.sign(
      { sid: 'short' },
      { iat: nowSeconds - 10, exp: nowSeconds + 30 },
    );
    expect((await v.verify(token)).sessionId).toBe('short');
    // Remembered: the answer is the same, and a copy (a caller cannot change the next one).
    const again = await v.verify(token);
    again.id = 'changed';
    expect((await v.verify(token)).id).toBe('user-1');
    // Its expiry still applies to the remembered verdict, to the second (exp = now + 30 s).
    clock.now = (nowSeconds + 29) * 1000 + 999;
    expect((await v.verify(token)).sessionId).toBe('short');
    clock.now = (nowSeconds + 30) * 1000;
    await expect(v.verify(token)).rejects.toBeInstanceOf(InvalidAccessTokenError);

    // A revocation after the token was remembered ends it at once.
    clock.now = nowSeconds * 1000;
    const kept = await current.sign({ sid: 'kept' }, { iat: nowSeconds - 10 });
    expect((await v.verify(kept)).sessionId).toBe('kept');
    revoked.add({ kind: 'session', id: 'kept', at: clock.now });
    await expect(v.verify(kept)).rejects.toThrow('token revoked');
    expect(v.loads()).toBe(1);
  });

  it('refuses unsigned and malformed tokens', async () => {
    const v = verifier(() => [current.publicJwk]);
    const valid = await current.sign({ email: 'ada@example.com' });
    const [, payload] = valid.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'key-1' })).toString('base64url')}.${payload}.`;
    for (const token of [unsigned, 'abc', '', `${valid}x`]) {
      await expect(v.verify(token)).rejects.toBeInstanceOf(InvalidAccessTokenError);
    }
  });

  it('refuses a token signed by a key that is not published', async () => {
    const stranger = await newSigner('key-1');
    const v = verifier(() => [current.publicJwk]);
    await expect(v.verify(await stranger.sign({}))).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('picks up a rotated key by reloading on an unknown key id, at most once a second', async () => {
    let published = [current.publicJwk];
    const v = verifier(() => published);
    await v.verify(await current.sign({}));
    expect(v.loads()).toBe(1);

    published = [current.publicJwk, rotated.publicJwk];
    v.clock.now += 5_000;
    expect(await v.verify(await rotated.sign({ email: 'b@example.com' }))).toEqual({
      id: 'user-1',
      email: 'b@example.com',
      sessionId: 'session-1',
      issuedAt: expect.any(Number),
    });
    expect(v.loads()).toBe(2);

    // A flood of made-up key ids costs one reload per second, not one per request.
    const forged = await newSigner('made-up');
    for (let i = 0; i < 20; i++)
      await expect(v.verify(await forged.sign({}))).rejects.toThrow('unknown key');
    expect(v.loads()).toBe(2);
    v.clock.now += 1_500;
    await expect(v.verify(await forged.sign({}))).rejects.toThrow('unknown key');
    expect(v.loads()).toBe(3);
  });
});
