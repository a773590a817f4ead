import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BOOT_COUNT_SLOT,
  BOOT_COUNT_TEMPLATE_START,
  BOOT_TAB_COUNT_MARKERS,
  BOOT_TILES_END,
  BOOT_TILES_START,
  BOOT_TILE_SLOTS,
  BOOT_TILE_TEMPLATE_END,
  BOOT_TILE_TEMPLATE_START,
  FIRST_SCREEN_HIGH_PRIORITY,
  type FirstScreenTile,
} from '@hanger/domain';
import { describe, expect, it } from 'vitest';
import { codeAfterPhotos, escapeHtml, FirstScreenPage } from './first-screen-page.js';

const S = BOOT_TILE_SLOTS;

/** A tile template with every slot, in content and in attributes, as the web build writes one. */
const TILE =
  `<div class="tile"><a aria-label="${S.label}, ${S.caption}" href="/items/${S.id}">` +
  `<img src="${S.src}" alt="${S.label}" ${S.loading} decoding="async"/>` +
  `<p>${S.caption}</p></a></div>`;

/** A tab count template, as the web build writes one. */
const COUNT = `<span class="badge">${BOOT_COUNT_SLOT}</span>`;

const SKELETON = '<div class="skeleton"></div>'.repeat(3);

function indexHtml(
  parts: {
    shell?: boolean;
    start?: boolean;
    end?: boolean;
    template?: string | null;
    templateEnd?: boolean;
    /** The tabs with their count markers and the count template after the tile template. */
    counts?: boolean;
  } = {},
): string {
  const {
    shell = true,
    start = true,
    end = true,
    template = TILE,
    templateEnd = true,
    counts = false,
  } = parts;
  const M = BOOT_TAB_COUNT_MARKERS;
  return (
    '<!doctype html><html><head><title>Hanger</title></head><body>' +
    (shell ? '<div id="boot-shell" class="bg-canvas" aria-hidden="true" inert>' : '<div>') +
    (counts
      ? `<nav><a href="/items">Items${M.items}</a><a href="/outfits">Outfits${M.outfits}</a></nav>`
      : '') +
    '<main><div aria-label="Loading your items" class="grid">' +
    (start ? BOOT_TILES_START : '') +
    SKELETON +
    (end ? BOOT_TILES_END : '') +
    '</div></main></div>' +
    (template === null
      ? ''
      : BOOT_TILE_TEMPLATE_START + template + (templateEnd ? BOOT_TILE_TEMPLATE_END : '')) +
    (counts ? BOOT_COUNT_TEMPLATE_START + COUNT + BOOT_TILE_TEMPLATE_END : '') +
    '<!-- /boot-shell --><div id="root"></div>' +
    '<script type="module" src="/assets/app.js"></script></body></html>'
  );
}

function tile(id: string, fields: Partial<FirstScreenTile> = {}): FirstScreenTile {
  return {
    id,
    src: `/media/${id}.webp`,
    label: `Label ${id}`,
    caption: `Caption ${id}`,
    ...fields,
  };
}

function page(html = indexHtml()): FirstScreenPage {
  const made = FirstScreenPage.from(html);
  if (!made) throw new Error('FirstScreenPage.from answered null');
  return made;
}

/** The filled tiles: what stands between the markers. */
function tilesOf(filled: string): string {
  const start = filled.indexOf(BOOT_TILES_START);
  const end = filled.indexOf(BOOT_TILES_END);
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return filled.slice(start + BOOT_TILES_START.length, end);
}

/** Each drawn tile's markup, by its outer element. */
function tileMarkups(filled: string): string[] {
  return tilesOf(filled)
    .split('<div class="tile">')
    .slice(1)
    .map((t) => `<div class="tile">${t}`);
}

describe('FirstScreenPage.from', () => {
  it('reads an index.html with the shell, the markers and the tile template', () => {
    expect(FirstScreenPage.from(indexHtml())).toBeInstanceOf(FirstScreenPage);
  });

  it.each([
    ['no #boot-shell', { shell: false }],
    ['no start marker', { start: false }],
    ['no end marker', { end: false }],
    ['no tile template', { template: null }],
    ['a template that is never closed', { templateEnd: false }],
  ])('is null for a page with %s', (_what, parts) => {
    expect(FirstScreenPage.from(indexHtml(parts))).toBeNull();
  });

  it.each(Object.entries(S))('is null for a template without the %s slot', (_name, slot) => {
    const template = TILE.split(slot).join('');
    expect(template).not.toContain(slot);
    expect(FirstScreenPage.from(indexHtml({ template }))).toBeNull();
  });

  it('is null for the static index.html of an older build and for an empty page', () => {
    expect(FirstScreenPage.from('<!doctype html><title>Hanger</title>')).toBeNull();
    expect(FirstScreenPage.from('')).toBeNull();
  });

  it('is null when the markers or the template stand in the wrong order', () => {
    // The template before the tiles: the page is not one the web build writes.
    const html =
      '<div id="boot-shell">' +
      BOOT_TILE_TEMPLATE_START +
      TILE +
      BOOT_TILE_TEMPLATE_END +
      BOOT_TILES_START +
      BOOT_TILES_END +
      '</div>';
    expect(FirstScreenPage.from(html)).toBeNull();
    // The markers before the shell.
    const before =
      BOOT_TILES_START +
      BOOT_TILES_END +
      '<div id="boot-shell"></div>' +
      BOOT_TILE_TEMPLATE_START +
      TILE +
      BOOT_TILE_TEMPLATE_END;
    expect(FirstScreenPage.from(before)).toBeNull();
  });
});

describe('FirstScreenPage.fill', () => {
  it("puts the tabs' counts at their markers and leaves the count template out", () => {
    const html = indexHtml({ counts: true });
    const filled = page(html).fill([tile('a')], { items: 795, outfits: 0 })!;
    expect(filled).toContain(
      '<a href="/items">Items<span class="badge">795</span></a>' +
        '<a href="/outfits">Outfits<span class="badge">0</span></a>',
    );
    expect(filled).not.toContain(BOOT_COUNT_TEMPLATE_START);
    expect(filled).not.toContain(BOOT_COUNT_SLOT);
    for (const marker of Object.values(BOOT_TAB_COUNT_MARKERS))
      expect(filled).not.toContain(marker);
    expect(
      filled.endsWith(
        '<!-- /boot-shell --><div id="root"></div>' +
          '<script type="module" src="/assets/app.js"></script></body></html>',
      ),
    ).toBe(true);
    // The same page without counts keeps the markers (comments): no badge shows.
    const plain = page(html).fill([tile('a')])!;
    expect(plain).toContain(`Items${BOOT_TAB_COUNT_MARKERS.items}</a>`);
    expect(plain).not.toContain('class="badge"');
    expect(plain).not.toContain(BOOT_COUNT_TEMPLATE_START);
  });

  it('draws no counts for a build whose count template has no slot, or whose tabs lack markers', () => {
    const noSlot = indexHtml({ counts: true }).replace(BOOT_COUNT_SLOT, '');
    expect(page(noSlot).fill([tile('a')], { items: 1, outfits: 2 })).not.toContain('badge');
    const noMarker = indexHtml({ counts: true }).replace(BOOT_TAB_COUNT_MARKERS.outfits, '');
    const filled = page(noMarker).fill([tile('a')], { items: 1, outfits: 2 })!;
    expect(filled).not.toContain('class="badge"');
    expect(filled).not.toContain(BOOT_COUNT_TEMPLATE_START);
  });

  it('is null for no tiles: the skeleton stays', () => {
    expect(page().fill([])).toBeNull();
  });

  it('puts one tile per record between the markers, in order, in place of the skeleton', () => {
    const filled = page().fill([tile('a'), tile('b'), tile('c')])!;
    expect(filled).not.toContain(SKELETON.slice(0, 30));
    const tiles = tileMarkups(filled);
    expect(tiles).toHaveLength(3);
    expect(tiles.map((t) => /href="\/items\/([^"]*)"/.exec(t)?.[1])).toEqual(['a', 'b', 'c']);
    expect(tiles[0]).toBe(
      '<div class="tile"><a aria-label="Label a, Caption a" href="/items/a">' +
        '<img src="/media/a.webp" alt="Label a" loading="eager" fetchpriority="high" decoding="async"/>' +
        '<p>Caption a</p></a></div>',
    );
    // No slot is left anywhere.
    for (const slot of Object.values(S)) expect(filled).not.toContain(slot);
  });

  it('keeps everything around the tiles as it was', () => {
    const html = indexHtml();
    const filled = page(html).fill([tile('a')])!;
    const before = html.slice(0, html.indexOf(BOOT_TILES_START));
    expect(
      filled.startsWith(
        before.replace('<div id="boot-shell"', '<div id="boot-shell" data-filled=""'),
      ),
    ).toBe(true);
    expect(
      filled.endsWith(
        '<!-- /boot-shell --><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
      ),
    ).toBe(true);
  });

  it('marks the shell as filled', () => {
    const filled = page().fill([tile('a')])!;
    expect(filled).toContain(
      '<div id="boot-shell" data-filled="" class="bg-canvas" aria-hidden="true" inert>',
    );
    expect(filled.match(/data-filled/g)).toHaveLength(1);
  });

  it('leaves the tile template out of a filled page', () => {
    const filled = page().fill([tile('a')])!;
    expect(filled).not.toContain(BOOT_TILE_TEMPLATE_START);
    expect(filled).not.toContain('<template');
  });

  it('escapes & < > " \' in labels, captions and photo URLs', () => {
    const nasty = `Tom & Jerry's <b>"best"</b>`;
    const filled = page().fill([
      tile('a', {
        label: nasty,
        caption: `<img src=x onerror="alert(1)">`,
        src: `/media/a.webp?x="><script>alert(1)</script>&y='z'`,
      }),
    ])!;
    const drawn = tilesOf(filled);
    const esc = 'Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;';
    expect(drawn).toContain(`alt="${esc}"`);
    expect(drawn).toContain(`aria-label="${esc}, &lt;img src=x onerror=&quot;alert(1)&quot;&gt;"`);
    expect(drawn).toContain('<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>');
    expect(drawn).toContain(
      'src="/media/a.webp?x=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;y=&#39;z&#39;"',
    );
    expect(drawn).not.toContain('<script');
    expect(drawn).not.toContain('<b>');
    expect(drawn).not.toMatch(/onerror="/);
  });

  it('escapeHtml escapes exactly the five characters', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
    expect(escapeHtml('plain — text é')).toBe('plain — text é');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('keeps $& $1 $$ $` and slot names in the text literally', () => {
    const filled = page().fill([
      tile('a', { label: "Brand $& $1 $$ $` $'", caption: `${S.id} ${S.label}` }),
    ])!;
    const drawn = tilesOf(filled);
    expect(drawn).toContain('alt="Brand $&amp; $1 $$ $` $&#39;"');
    expect(drawn).toContain(`<p>${S.id} ${S.label}</p>`);
    // The id slot was filled once, with the id, and not again inside the caption's text.
    expect(drawn).toContain('href="/items/a"');
  });

  it('URI-encodes ids in the link, then escapes them', () => {
    const filled = page().fill([tile('a b/c?d#e&f"g')])!;
    expect(tilesOf(filled)).toContain(`href="/items/${encodeURIComponent('a b/c?d#e&f"g')}"`);
    expect(encodeURIComponent('a b/c?d#e&f"g')).toBe('a%20b%2Fc%3Fd%23e%26f%22g');
  });

  it('gives the first FIRST_SCREEN_HIGH_PRIORITY (4) photos eager, high priority loading and the rest lazy', () => {
    expect(FIRST_SCREEN_HIGH_PRIORITY).toBe(4);
    const tiles = Array.from({ length: 7 }, (_, i) => tile(`t${i}`));
    const drawn = tileMarkups(page().fill(tiles)!);
    expect(drawn).toHaveLength(7);
    drawn.forEach((markup, i) => {
      if (i < 4) {
        expect(markup, `tile ${i}`).toContain('loading="eager" fetchpriority="high"');
        expect(markup, `tile ${i}`).not.toContain('lazy');
      } else {
        expect(markup, `tile ${i}`).toContain('loading="lazy"');
        expect(markup, `tile ${i}`).not.toContain('eager');
        expect(markup, `tile ${i}`).not.toContain('fetchpriority="high"');
      }
    });
  });

  it('can fill the same page many times, each fill independent of the last', () => {
    const p = page();
    const first = p.fill([tile('a')])!;
    const second = p.fill([tile('b')])!;
    expect(first).toContain('/items/a"');
    expect(first).not.toContain('/items/b"');
    expect(second).toContain('/items/b"');
    expect(second).not.toContain('/items/a"');
    expect(p.fill([tile('a')])).toBe(first);
  });
});

describe("the web build's own index.html", () => {
  const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));
  const source = `${webRoot}index.html`;
  const built = `${webRoot}dist/index.html`;

  it('carries a shell and tile template that FirstScreenPage reads and fills', () => {
    const html = readFileSync(source, 'utf8');
    const p = FirstScreenPage.from(html);
    expect(p).not.toBeNull();
    const filled = p!.fill([
      tile('id-1', { label: 'Uniqlo T-shirt', caption: 'Mar 5, 2024', src: '/media/x.webp' }),
      tile('id-2'),
    ])!;
    expect(filled).toContain('<div id="boot-shell" data-filled=""');
    expect(filled).toContain('href="/items/id-1"');
    expect(p!.fill([tile('id-1')], { items: 795, outfits: 177 })).toMatch(
      /href="\/items">Items<span class="[^"]*tabular-nums[^"]*">795<\/span><\/a>[^]*href="\/outfits">Outfits<span class="[^"]*">177<\/span><\/a>/,
    );
    expect(filled).toContain('src="/media/x.webp"');
    expect(filled).toContain('alt="Uniqlo T-shirt"');
    expect(filled).toContain('Mar 5, 2024');
    for (const slot of Object.values(S)) expect(filled).not.toContain(slot);
    expect(filled).not.toContain('<template data-boot-tile>');
    // The skeleton's placeholders are gone from the grid; the rest of the shell is kept.
    expect(tilesOf(filled)).not.toContain('animate-pulse');
    expect(filled).toContain('<div id="root">');
    expect(filled).toContain('Loading your items');
  });

  it.skipIf(!existsSync(built))('is read the same from the built dist/index.html', () => {
    expect(FirstScreenPage.from(readFileSync(built, 'utf8'))).not.toBeNull();
  });
});

describe("a filled page's code", () => {
  const built = fileURLToPath(new URL('../../../web/dist/index.html', import.meta.url));
  const head =
    '<head><link rel="modulepreload" crossorigin href="/assets/index-a.js" data-app-entry>\n' +
    '<script type="module" src="/start-app.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react-b.js"></head>';

  it('is named but not fetched until start-app.js asks for it, behind the photos on screen', () => {
    const later = codeAfterPhotos(head);
    expect(later).not.toMatch(/ rel="modulepreload"/);
    expect(later.match(/<link data-rel="modulepreload" crossorigin href=/g)).toHaveLength(2);
    expect(later).toContain('<script type="module" fetchpriority="low" src="/start-app.js">');
    expect(later).toContain('href="/assets/index-a.js" data-app-entry');
    expect(later).toContain('href="/assets/react-b.js"');
  });

  it.skipIf(!existsSync(built))('names every preload of the built page, fetching none', () => {
    const html = readFileSync(built, 'utf8');
    const filled = FirstScreenPage.from(html)!.fill([
      { id: 'a', src: '/media/a.webp', label: 'Top', caption: 'Nov 1, 2026' },
    ])!;
    const count = (page: string, pattern: RegExp) => page.match(pattern)?.length ?? 0;
    const preloads = count(html, /<link rel="modulepreload"/g);
    expect(preloads).toBeGreaterThan(1);
    expect(count(filled, /<link data-rel="modulepreload"/g)).toBe(preloads);
    expect(filled).not.toMatch(/ rel="modulepreload"/);
    expect(count(filled, /data-app-entry/g)).toBe(1);
  });
});
