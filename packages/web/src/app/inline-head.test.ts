import { FIRST_SCREEN_PATH } from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import INDEX_HTML from '../../index.html?raw';
import EARLY_JS from '../../public/early.js?raw';
import { inlineHead } from '../../scripts/inline-head.mjs';

interface Handler {
  handler(html: string, ctx: { bundle?: Record<string, unknown> }): Promise<string>;
}
const transform = (html: string, bundle: Record<string, unknown> = {}) =>
  (
    inlineHead({ readEarlyJs: () => EARLY_JS, firstScreenPath: FIRST_SCREEN_PATH })
      .transformIndexHtml as unknown as Handler
  ).handler(html, { bundle });

const BUILT_HEAD =
  '<head><link rel="preload" href="/api/start" as="fetch" crossorigin />' +
  '<script src="/early.js"></script><style>#boot-shell{display:none}</style>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/app-xyz.css"></head>';

describe("the build's index.html head (docs/first-screen.md)", () => {
  it('runs early.js inline, minified, with no request of its own', async () => {
    const html = await transform(BUILT_HEAD);
    expect(html).not.toContain('src="/early.js"');
    const inline = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('__hangerEarly');
    expect(inline).toContain('/api/start');
    expect(inline.length).toBeLessThan(2000);
  });

  it("preloads the app's entry and starts it from start-app.js (docs/first-screen.md)", async () => {
    const html = await transform(BUILT_HEAD);
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/index-abc.js" data-app-entry>',
    );
    expect(html).toContain('<script type="module" src="/start-app.js"></script>');
  });

  it('keeps the stylesheet a file and preloads the Latin font ahead of it', async () => {
    const html = await transform(BUILT_HEAD, {
      'assets/app-xyz.css': { type: 'asset', source: '.bg-canvas{color:red}' },
      'assets/inter-latin-wght-normal-Q1.woff2': { type: 'asset', source: new Uint8Array() },
      'assets/inter-greek-wght-normal-Q2.woff2': { type: 'asset', source: new Uint8Array() },
    });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-xyz.css">');
    expect(html).not.toContain('.bg-canvas');
    expect(html).toContain(
      '<link rel="preload" href="/assets/inter-latin-wght-normal-Q1.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(html).not.toContain('inter-greek');
    expect(html.indexOf('as="font"')).toBeLessThan(html.indexOf('rel="stylesheet"'));
  });

  it('preloads the font in the head when there is no stylesheet link', async () => {
    const html = await transform(
      '<head><script src="/early.js"></script>' +
        '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>',
      {
        'assets/inter-latin-wght-normal-Q1.woff2': { type: 'asset', source: new Uint8Array() },
      },
    );
    expect(html).toMatch(/as="font"[^]*<\/head>/);
  });

  it('fails the build when index.html no longer loads early.js', async () => {
    expect(INDEX_HTML).toContain('<script src="/early.js"></script>');
    await expect(transform('<head></head>')).rejects.toThrow(/early\.js/);
  });

  it("fails the build when index.html no longer loads the app's entry", async () => {
    await expect(transform('<head><script src="/early.js"></script></head>')).rejects.toThrow(
      /entry/,
    );
  });
});
