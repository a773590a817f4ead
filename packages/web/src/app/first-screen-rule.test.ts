import { FIRST_SCREEN_PATH, isFirstScreenPath } from '@hanger/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EARLY_JS from '../../public/early.js?raw';
import { inlineHead } from '../../scripts/inline-head.mjs';

/**
 * Which paths open on the Items screen is the domain's rule (app-routes.ts). public/early.js, a
 * plain script, keeps a copy that the build writes over with the rule itself: the copy must be
 * the rule (it is what runs in development and in the tests), and the build must write the rule.
 */

interface Handler {
  handler(html: string, ctx: { bundle?: Record<string, unknown> }): Promise<string>;
}

const HEAD =
  '<head><script src="/early.js"></script>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>';

function build(earlyJs: string, firstScreenPath: RegExp): Promise<string> {
  const plugin = inlineHead({ readEarlyJs: () => earlyJs, firstScreenPath });
  return (plugin.transformIndexHtml as unknown as Handler).handler(HEAD, { bundle: {} });
}

afterEach(() => {
  document.documentElement.removeAttribute('data-boot-shell');
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe("early.js's path rule", () => {
  it("is the domain's FIRST_SCREEN_PATH, written the same", () => {
    expect(EARLY_JS).toContain(`var FIRST_SCREEN_PATH = ${String(FIRST_SCREEN_PATH)};`);
  });

  it.each(['/', '/items', '/items/', '/items/upload', '/outfits', '/profile'])(
    'marks the static first paint on %s as the domain does',
    (path) => {
      window.history.replaceState(null, '', path);
      // Only the marking runs: with __hangerEarly set the script asks for nothing.
      vi.stubGlobal('__hangerEarly', {});
      new Function(EARLY_JS)();
      expect(document.documentElement.hasAttribute('data-boot-shell')).toBe(
        isFirstScreenPath(path),
      );
    },
  );

  it('is written over by the rule the build is given', async () => {
    const html = await build(EARLY_JS, /^\/wardrobe$/);
    const inline = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('/^\\/wardrobe$/');
    expect(inline).not.toContain('items');
  });

  it('fails the build when early.js no longer carries the copy', async () => {
    const without = EARLY_JS.replace(/var FIRST_SCREEN_PATH = [^\n]*\n/, '');
    await expect(build(without, FIRST_SCREEN_PATH)).rejects.toThrow(/FIRST_SCREEN_PATH/);
  });
});
