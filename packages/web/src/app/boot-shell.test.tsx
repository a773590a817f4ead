import { describe, expect, it } from 'vitest';
import INDEX_HTML from '../../index.html?raw';
import { BOOT_SHELL_END, BOOT_SHELL_START, bootShellMarkup, withBootShell } from './boot-shell';

describe("index.html's static first paint", () => {
  it('is the app shell of /items as the components draw it (npx tsx packages/web/scripts/boot-shell.ts)', () => {
    expect(INDEX_HTML).toContain(BOOT_SHELL_START);
    expect(INDEX_HTML).toContain(BOOT_SHELL_END);
    expect(withBootShell(INDEX_HTML, bootShellMarkup())).toBe(INDEX_HTML);
  });

  it('names nothing the app names (no ids), and carries the tabs, sort bar and navigation', () => {
    const markup = bootShellMarkup();
    expect(markup).not.toMatch(/ id="/);
    for (const text of ['Wardrobe', 'Items', 'Outfits', 'Groups', 'Date Created', 'Profile'])
      expect(markup).toContain(`>${text}<`);
    expect(markup).toContain('data-bottom-nav');
  });
});
