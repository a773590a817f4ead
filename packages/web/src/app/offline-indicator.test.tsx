import { describe, expect, it } from 'vitest';
import { unsentWarning } from '../features/profile/sign-out-button';
import { indicatorText } from './offline-indicator';

describe('the offline indicator', () => {
  it('says Offline, how many changes wait, and Syncing while they are sent', () => {
    expect(indicatorText({ offline: false, waiting: 0, replaying: false })).toBeNull();
    expect(indicatorText({ offline: true, waiting: 0, replaying: false })).toBe('Offline');
    expect(indicatorText({ offline: true, waiting: 1, replaying: false })).toBe(
      'Offline · 1 change waiting',
    );
    expect(indicatorText({ offline: false, waiting: 3, replaying: false })).toBe(
      '3 changes waiting',
    );
    expect(indicatorText({ offline: false, waiting: 3, replaying: true })).toBe(
      'Syncing 3 changes…',
    );
  });

  it('sign-out warns with the number of unsent changes', () => {
    expect(unsentWarning(1)).toBe(
      "You have 1 change that hasn't been sent. Signing out deletes it.",
    );
    expect(unsentWarning(4)).toBe(
      "You have 4 changes that haven't been sent. Signing out deletes them.",
    );
  });
});
