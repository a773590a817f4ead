import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The key pair better-auth's jwt plugin creates for access tokens (better-auth.ts). */
export const ACCESS_TOKEN_KEY_PAIR = { alg: 'EdDSA', crv: 'Ed25519' } as const;

/** better-auth's default: a rotated-out key still verifies for 30 days after it expires. */
const GRACE_PERIOD_MS = 30 * 24 * 3600 * 1000;

interface KeyRow {
  id: string;
  publicKey: string;
  expiresAt: string | number | Date | null;
  alg: string | null;
  crv: string | null;
}

function time(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

/**
 * The public access-token keys exactly as better-auth's GET /api/auth/jwks lists them, read
 * straight from its `jwks` table so that verifying a token never has to load better-auth. Empty
 * when no key has been created yet (better-auth creates the first one on demand).
 */
export async function readPublicKeys(db: Kysely<Database>, now = Date.now()): Promise<JWK[]> {
  const rows = (await db
    .selectFrom('jwks')
    .select(['id', 'publicKey', 'expiresAt', 'alg', 'crv'])
    .execute()) as KeyRow[];
  return rows
    .filter((row) => row.expiresAt === null || time(row.expiresAt) + GRACE_PERIOD_MS > now)
    .map((row) => ({
      alg: row.alg ?? ACCESS_TOKEN_KEY_PAIR.alg,
      crv: row.crv ?? ACCESS_TOKEN_KEY_PAIR.crv,
      ...(JSON.parse(row.publicKey) as JWK),
      kid: row.id,
    }));
}
