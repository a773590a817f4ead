import { afterEach, describe, expect, it } from 'vitest';
import { afterStartup, firstScreenReleased } from './startup-render';

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  // Two turns of the microtask queue: enough for an already-resolved promise's reaction.
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterStartup', () => {
  afterEach(() => document.getElementById('boot-shell')?.remove());

  // In this order: the module's release can happen only once.
  it('waits while index.html’s first screen is there, until main.tsx releases it', async () => {
    const shell = document.createElement('div');
    shell.id = 'boot-shell';
    document.body.append(shell);
    const waiting = afterStartup();
    expect(await settled(waiting)).toBe(false);
    shell.remove();
    firstScreenReleased();
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves at once when there is no first screen to wait for', async () => {
    expect(await settled(afterStartup())).toBe(true);
  });
});
