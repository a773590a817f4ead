import {
  BOOT_COUNT_SLOT,
  BOOT_COUNT_TEMPLATE_START,
  BOOT_TAB_COUNT_MARKERS,
  BOOT_TILES_END,
  BOOT_TILES_START,
  BOOT_TILE_SLOTS,
  BOOT_TILE_TEMPLATE_END,
  BOOT_TILE_TEMPLATE_START,
  GRID_CAPTION_MAX_COLS,
  ITEM_SORT_OPTIONS,
} from '@hanger/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppShell } from './app-shell';
import { TabCount, WardrobeTabs } from './wardrobe-tabs';
import { SkeletonGrid } from '../components/skeleton';
import { SortBar } from '../components/sort-bar';
import { GridTile } from '../components/wardrobe-grid';

/**
 * The static first paint (docs/first-screen.md): index.html carries the signed-in shell of /items
 * (top bar, Wardrobe title and tabs, sort bar, skeleton tiles, bottom bar) as plain HTML, drawn as
 * soon as the HTML and the stylesheet are in, long before the app's code has run. It is this
 * markup: the app's own components rendered to HTML, so the two cannot drift apart
 * (boot-shell.test.tsx compares index.html with it; `npx tsx packages/web/scripts/boot-shell.ts`
 * writes it). It is not part of the app's bundle.
 *
 * In the page it is an inert overlay over #root (public/early.js shows it on /items
 * only), taken away by main.tsx once the app draws a screen of its own instead of a start-up
 * spinner, so the spinners never flash and nothing shifts.
 */

const noop = () => undefined;

function ItemsSkeleton() {
  return (
    <>
      <SortBar
        options={ITEM_SORT_OPTIONS}
        option="Date Created"
        onOptionChange={noop}
        direction="desc"
        onDirectionChange={noop}
        filtersActive={false}
        filtersOpen={false}
        onOpenFilters={noop}
        addLabel="Add item"
        columns={{ value: null, autoCols: 2, onChange: noop }}
        // The Items view offers Select mode (docs/select-many.md): its button takes room in the bar.
        onSelect={noop}
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-8 md:px-8 md:pt-6">
        <SkeletonGrid shape="square" label="Loading your items" count={15} />
      </div>
    </>
  );
}

/**
 * The Items grid's tile as the app draws it, with BOOT_TILE_SLOTS for what the server fills in
 * (docs/first-screen.md, the domain's first-screen.ts): a photo that shows as soon as it has loaded
 * (the static page has no code to fade it in) and a caption that goes at 5 columns, as the grid's
 * does (GRID_CAPTION_MAX_COLS; the shell's grid has 5 from the lg breakpoint).
 */
export function bootTileMarkup(): string {
  const slots = BOOT_TILE_SLOTS;
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <GridTile
        record={{ id: slots.id, image: slots.src, thumbnail: slots.src }}
        shape="square"
        position={1}
        total={1}
        eager
        label={slots.label}
        caption={slots.caption}
        to={`/items/${slots.id}`}
        selected={undefined}
        onToggle={undefined}
      />
    </MemoryRouter>,
  );
  if (GRID_CAPTION_MAX_COLS !== 4) throw new Error('the shell hides captions at lg (5 columns)');
  return (
    html
      // React hoists a preload for an eager, high-priority photo; the tile's own <img> is enough.
      .replace(/<link rel="preload" as="image"[^>]*>/, '')
      .replace(/ role="listitem" aria-posinset="1" aria-setsize="1"/, '')
      .replace(
        '<div aria-hidden="true" data-placeholder="" class="absolute inset-0 bg-surface-2"></div>',
        '',
      )
      .replace('opacity-0', 'opacity-100')
      .replace('loading="eager" fetchPriority="high"', slots.loading)
      .replace('loading="eager" fetchpriority="high"', slots.loading)
      .replace('<p aria-hidden="true" class="', '<p aria-hidden="true" class="lg:hidden ')
      .replace(/ data-discover="true"/g, '')
  );
}

/** A tab's count badge as the app draws it, with BOOT_COUNT_SLOT for the number the server fills in. */
export function bootCountMarkup(): string {
  const html = renderToStaticMarkup(<TabCount value={0} />);
  if (!html.endsWith('>0</span>')) throw new Error('the tab count no longer ends with its number');
  return `${html.slice(0, -'0</span>'.length)}${BOOT_COUNT_SLOT}</span>`;
}

/**
 * The sort dropdown drawn as a picture of itself (docs/first-screen.md). A `<select>` in the page's
 * first layout made that layout a long task on a phone: at 4× CPU the drawn page's first style and
 * layout took 51–97 ms with it and stayed under 50 ms in 7 of 7 loads without it (or with the
 * same select added in a later task, as the app's own sort bar is). The overlay is inert and
 * hidden from assistive technology, so a span that looks the same does its job: it has the
 * select's classes and is as wide as the select, which sizes itself to its longest option (every
 * option's text stacked in one grid cell, all but the chosen one invisible), so nothing moves
 * when the app's own bar takes its place.
 */
function withDrawnSortSelect(html: string): string {
  const select =
    /<label class="sr-only">Sort by<\/label>(<div class="relative min-w-0">)<select class="([^"]*)">(.*?)<\/select>/;
  const found = html.match(select);
  if (!found) throw new Error('the shell has no sort select to draw');
  const [, wrapper, classes, options] = found as unknown as [string, string, string, string];
  const texts = [...options.matchAll(/<option value="[^"]*"( selected="")?>([^<]*)<\/option>/g)];
  const chosen = texts.find((t) => t[1] !== undefined) ?? texts[0];
  if (!chosen) throw new Error('the sort select has no options');
  const stacked = texts
    .map((t) => {
      const cell = 'col-start-1 row-start-1 truncate';
      return `<span class="${t === chosen ? cell : `invisible ${cell}`}">${t[2]}</span>`;
    })
    .join('');
  const drawn = `<span class="${classes.replace('appearance-none ', '')}"><span class="grid min-w-0">${stacked}</span></span>`;
  return html.replace(select, () => wrapper + drawn);
}

/** Puts `marker` at the end of the wardrobe tab link named `label` (exactly one). */
function markTab(html: string, label: string, marker: string): string {
  const link = new RegExp(`(<a [^>]*href="/${label.toLowerCase()}">${label})(</a>)`, 'g');
  const found = html.match(link)?.length ?? 0;
  if (found !== 1) throw new Error(`the shell has ${found} ${label} tabs, not one`);
  return html.replace(link, (_all, open: string, close: string) => open + marker + close);
}

/** The shell's HTML, as index.html carries it inside #boot-shell. */
export function bootShellMarkup(): string {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/items']}>
      <Routes>
        <Route element={<AppShell />}>
          <Route element={<WardrobeTabs />}>
            <Route path="/items" element={<ItemsSkeleton />} />
          </Route>
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  const shell = html
    .replace(
      /(<div role="status" aria-label="Loading your items" class="grid [^"]*">)(.*?<\/div>)(<\/div>)/,
      (_all, open: string, tiles: string, close: string) =>
        open + BOOT_TILES_START + tiles + BOOT_TILES_END + close,
    )
    // Ids belong to the app's own elements (#main, the sort select's label), never to a copy.
    .replace(/ id="[^"]*"/g, '')
    .replace(/ for="[^"]*"/g, '')
    // The overlay is inert: no skip link, and status roles would be announced twice.
    .replace(/<a href="#main"[^>]*>Skip to content<\/a>/, '')
    .replace(/ role="status"/g, '')
    .replace(/ data-discover="true"/g, '');
  const drawnSort = withDrawnSortSelect(shell);
  // Where the server puts the tabs' counts (docs/first-screen.md: the labels no longer move when
  // the app takes over with its own).
  const counted = markTab(
    markTab(drawnSort, 'Items', BOOT_TAB_COUNT_MARKERS.items),
    'Outfits',
    BOOT_TAB_COUNT_MARKERS.outfits,
  );
  return (
    counted +
    BOOT_TILE_TEMPLATE_START +
    bootTileMarkup() +
    BOOT_TILE_TEMPLATE_END +
    BOOT_COUNT_TEMPLATE_START +
    bootCountMarkup() +
    BOOT_TILE_TEMPLATE_END
  );
}

export const BOOT_SHELL_START = '<div id="boot-shell" class="bg-canvas" aria-hidden="true" inert>';
export const BOOT_SHELL_END = '</div><!-- /boot-shell -->';

/** index.html with its #boot-shell replaced by `markup`. */
export function withBootShell(indexHtml: string, markup: string): string {
  const start = indexHtml.indexOf(BOOT_SHELL_START);
  const end = indexHtml.indexOf(BOOT_SHELL_END);
  if (start < 0 || end < start) throw new Error('index.html has no #boot-shell');
  return indexHtml.slice(0, start + BOOT_SHELL_START.length) + markup + indexHtml.slice(end);
}
