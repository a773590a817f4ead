import { MAX_EMAIL, MAX_PERSON_NAME, textProblem } from '@hanger/domain';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/** Password bounds (better-auth is configured with the same). */
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;
/** A profile picture address; the app sets none, but the identity service accepts one. */
export const MAX_IMAGE_URL = 2048;

type Field = 'email' | 'name' | 'password' | 'newPassword' | 'currentPassword' | 'image';

/** Fields stored as text (passwords are only hashed): no NUL, control characters or lone surrogates. */
const STORED_TEXT: ReadonlySet<Field> = new Set(['email', 'name', 'image']);

/** Which fields each identity endpoint takes that need a bound. */
const FIELDS_BY_PATH: Record<string, readonly Field[]> = {
  '/sign-up/email': ['email', 'name', 'password', 'image'],
  '/sign-in/email': ['email', 'password'],
  '/sign-in/magic-link': ['email', 'name'],
  '/request-password-reset': ['email'],
  '/send-verification-email': ['email'],
  '/update-user': ['name', 'image'],
  '/change-password': ['newPassword', 'currentPassword'],
  '/reset-password': ['newPassword'],
  '/admin/set-user-password': ['newPassword'],
  '/admin/create-user': ['email', 'name', 'password'],
};

interface Bound {
  max: number;
  /** What is measured: e-mail addresses in octets (RFC 5321), the rest in characters. */
  length: (value: string) => number;
  code: string;
  message: string;
}

const chars = (v: string) => v.length;
const password: Bound = {
  max: MAX_PASSWORD,
  length: chars,
  code: 'PASSWORD_TOO_LONG',
  message: `Your password is too long. Use at most ${MAX_PASSWORD} characters.`,
};

const BOUNDS: Record<Field, Bound> = {
  email: {
    max: MAX_EMAIL,
    length: (v) => Buffer.byteLength(v.trim(), 'utf8'),
    code: 'EMAIL_TOO_LONG',
    message: `That e-mail address is too long. Use one of at most ${MAX_EMAIL} characters.`,
  },
  name: {
    max: MAX_PERSON_NAME,
    length: (v) => v.trim().length,
    code: 'NAME_TOO_LONG',
    message: `That name is too long. Use at most ${MAX_PERSON_NAME} characters.`,
  },
  password,
  newPassword: password,
  currentPassword: password,
  image: {
    max: MAX_IMAGE_URL,
    length: chars,
    code: 'IMAGE_URL_TOO_LONG',
    message: `That picture address is too long. Use at most ${MAX_IMAGE_URL} characters.`,
  },
};

/** A profile picture is shown as an <img>: only web addresses, never javascript:, data: or file:. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Length limits on what the identity service stores or hashes: an over-long field answers 422
 * with the field's code and a sentence, before anything is looked up, created or sent.
 */
export function inputLimits(): BetterAuthPlugin {
  return {
    id: 'hanger-input-limits',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path !== undefined && ctx.path in FIELDS_BY_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as Record<string, unknown> | undefined;
            if (!body || typeof body !== 'object') return;
            for (const field of FIELDS_BY_PATH[ctx.path] ?? []) {
              const value = body[field];
              if (typeof value !== 'string') continue;
              const bound = BOUNDS[field];
              const problem = STORED_TEXT.has(field) ? textProblem(value) : undefined;
              if (problem) {
                throw new APIError('UNPROCESSABLE_ENTITY', {
                  code: 'INVALID_TEXT',
                  message: `The ${field === 'image' ? 'picture address' : field === 'email' ? 'e-mail address' : field} ${problem}.`,
                });
              }
              if (bound.length(value) > bound.max) {
                throw new APIError('UNPROCESSABLE_ENTITY', {
                  code: bound.code,
                  message: bound.message,
                });
              }
              if (field === 'image' && value !== '' && !isWebAddress(value)) {
                throw new APIError('UNPROCESSABLE_ENTITY', {
                  code: 'INVALID_IMAGE_URL',
                  message: 'The picture address must be an http or https address.',
                });
              }
            }
          }),
        },
      ],
    },
  };
}
