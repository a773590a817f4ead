import { MAX_EMAIL, MAX_PERSON_NAME } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { emailProblem, nameProblem, newPasswordProblem } from './validation';

const addressOf = (octets: number) => `${'a'.repeat(octets - '@example.test'.length)}@example.test`;

describe('sign-up checks before sending', () => {
  it('takes an address of 254 octets and refuses a longer one, as the server does', () => {
    expect(emailProblem(addressOf(MAX_EMAIL))).toBeNull();
    expect(emailProblem(addressOf(MAX_EMAIL + 1))).toBe(
      'Use an e-mail address of at most 254 characters.',
    );
    expect(emailProblem(addressOf(10_000))).not.toBeNull();
    // Octets, not characters: each é is two.
    expect(emailProblem(`${'é'.repeat(125)}@example.test`)).not.toBeNull();
  });

  it('bounds names and passwords', () => {
    expect(nameProblem('n'.repeat(MAX_PERSON_NAME))).toBeNull();
    expect(nameProblem('n'.repeat(MAX_PERSON_NAME + 1))).toBe('Use at most 100 characters.');
    expect(newPasswordProblem('p'.repeat(128))).toBeNull();
    expect(newPasswordProblem('p'.repeat(129))).toBe('Use at most 128 characters.');
  });
});
