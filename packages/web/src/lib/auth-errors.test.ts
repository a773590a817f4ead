import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_RATE_LIMIT_MESSAGE,
  GENERIC_MESSAGE,
  NETWORK_MESSAGE,
  RATE_LIMIT_MESSAGE,
  describeAuthFailure,
  describeRedirectError,
} from './auth-errors';

describe('identity errors in words', () => {
  it.each([
    [
      401,
      'INVALID_EMAIL_OR_PASSWORD',
      "That e-mail and password don't match. Check them and try again.",
    ],
    [
      422,
      'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      'An account with this e-mail already exists. Sign in instead.',
    ],
    [422, 'USER_ALREADY_EXISTS', 'An account with this e-mail already exists. Sign in instead.'],
    [
      404,
      'USER_NOT_FOUND',
      "We couldn't find an account with that e-mail. Check it, or create an account.",
    ],
    [403, 'BANNED_USER', 'This account has been disabled. Contact whoever runs this Hanger.'],
  ])('status %i with %s', (status, code, message) => {
    expect(describeAuthFailure(status, code)).toBe(message);
  });

  it('explains too many attempts, whatever the code', () => {
    expect(describeAuthFailure(429, 'INVALID_EMAIL_OR_PASSWORD')).toBe(RATE_LIMIT_MESSAGE);
    // The per-address limit lasts minutes, not one.
    expect(describeAuthFailure(429, 'TOO_MANY_ATTEMPTS')).toBe(ACCOUNT_RATE_LIMIT_MESSAGE);
  });

  it('explains a network failure', () => {
    expect(describeAuthFailure(null)).toBe(NETWORK_MESSAGE);
  });

  it('never shows a raw code', () => {
    expect(describeAuthFailure(400, 'SOMETHING_NEW')).toBe(GENERIC_MESSAGE);
    expect(describeAuthFailure(503, 'SOMETHING_NEW')).not.toContain('SOMETHING_NEW');
  });

  it('reads the codes identity redirects put in the address', () => {
    expect(describeRedirectError('INVALID_TOKEN')).toContain(
      'sign-in link has expired or has already been used',
    );
    expect(describeRedirectError('invalid_code')).toContain('could not be verified');
    expect(describeRedirectError('issuer_mismatch')).toContain('could not be verified');
    expect(describeRedirectError('new_user_signup_disabled')).toContain('new sign-ups are closed');
    expect(describeRedirectError('account_not_linked')).toContain("can't be joined");
    expect(describeRedirectError('weird')).toBe(GENERIC_MESSAGE);
  });
});
