import { ITEM_SORT_OPTIONS } from '@hanger/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppShell } from './app-shell';
import { WardrobeTabs } from './wardrobe-tabs';
import { SkeletonGrid } from '../components/skeleton';
import { SortBar } from '../components/sort-bar';

/**
 * The static first paint (issue 16): index.html carries the signed-in shell of /items (top bar,
 * Wardrobe title and tabs, sort bar, skeleton tiles, bottom bar) as plain HTML, drawn as soon as the
 * HTML and the stylesheet are in, long before the app's code has run. It is this markup: the app's
 * own components rendered to HTML, so the two cannot drift apart (boot-shell.test.tsx compares
 * index.html with it; `npx tsx packages/web/scripts/boot-shell.ts` writes it). It is not part of
 * the app's bundle.
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
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-8 md:px-8 md:pt-6">
        <SkeletonGrid shape="square" label="Loading your items" count={15} />
      </div>
    </>
  );
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
  return (
    html
      // Ids belong to the app's own elements (#main, the sort select's label), never to a copy.
      .replace(/ id="[^"]*"/g, '')
      .replace(/ for="[^"]*"/g, '')
      // The overlay is inert: no skip link, and status roles would be announced twice.
      .replace(/<a href="#main"[^>]*>Skip to content<\/a>/, '')
      .replace(/ role="status"/g, '')
      .replace(/ data-discover="true"/g, '')
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
