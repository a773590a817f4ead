/** Inline checks for the sign-in forms; the identity service checks again and has the last word. */

import { MAX_EMAIL, MAX_PERSON_NAME } from '@hanger/domain';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter your e-mail address.';
  if (new TextEncoder().encode(v).length > MAX_EMAIL)
    return `Use an e-mail address of at most ${MAX_EMAIL} characters.`;
  if (!EMAIL_PATTERN.test(v)) return 'Enter an e-mail address like name@example.com.';
  return null;
}

export function newPasswordProblem(value: string): string | null {
  if (!value) return 'Choose a password.';
  if (value.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (value.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  return null;
}

export function passwordProblem(value: string): string | null {
  return value ? null : 'Enter your password.';
}

export function nameProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter your name.';
  if (v.length > MAX_PERSON_NAME) return `Use at most ${MAX_PERSON_NAME} characters.`;
  return null;
}
