import { tabCounts } from '@hanger/domain';
import { useDeferredValue, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLink } from '../components/page-link';
import { useClothesFilters, useOutfitsFilters } from '../lib/stores/filters-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { useOutfitStats } from '../lib/use-wardrobe-stats';

/** A tab's count badge (also drawn by the server into the first screen: boot-shell.tsx). */
export function TabCount({ value }: { value: number | null }) {
  if (value === null) return null;
  return (
    <span className="ml-2 rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-fg-muted tabular-nums group-aria-[current=page]:bg-accent-soft group-aria-[current=page]:text-accent-ink">
      {value}
    </span>
  );
}

/** Whether the app has counted a wardrobe of its own in this page (then it never reads the shell's). */
let countedOwn = false;

/**
 * A tab's count as the server drew it into the first screen (#boot-shell, boot-shell.tsx), until
 * the app has counted its own wardrobe once: the app's first renders, made while its wardrobe is
 * still on the way, show the same numbers, so the tabs do not move when the counts arrive (under
 * the shell, or after it gave way to a slow wardrobe). The server counts the view it drew, which
 * tabCounts gives for the same wardrobe (first-screen.integration.test.ts).
 */
function drawnCount(href: string): number | null {
  if (countedOwn || typeof document === 'undefined') return null;
  const badge = document.querySelector(
    `#boot-shell nav[aria-label="Wardrobe"] a[href="${href}"] > span`,
  );
  const value = Number(badge?.textContent ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** Items (count) / Outfits (count) / Groups, above the three wardrobe screens (docs/spec.md §2). */
export function WardrobeTabs() {
  const { pathname } = useLocation();
  // Counted in a deferred render, like the grid below (wardrobe-browser.tsx, docs/performance.md).
  const data = useDeferredValue(useWardrobeStore((s) => s.data));
  const itemFilters = useClothesFilters((s) => s.filters);
  const outfitFilters = useOutfitsFilters((s) => s.filters);
  // Outfit wear stats are needed only when the outfits are filtered by times worn.
  const outfitStats = useOutfitStats(outfitFilters.timesWorn !== undefined);
  const counts = useMemo(
    () => (data ? tabCounts(data, itemFilters, outfitFilters, outfitStats ?? undefined) : null),
    [data, itemFilters, outfitFilters, outfitStats],
  );

  if (counts) countedOwn = true;

  const tabs = [
    { to: '/items', label: 'Items', count: counts ? counts.items : drawnCount('/items') },
    { to: '/outfits', label: 'Outfits', count: counts ? counts.outfits : drawnCount('/outfits') },
    { to: '/groups', label: 'Groups', count: null },
  ];

  return (
    <>
      <div className="border-b border-line bg-canvas">
        <h1 className="mx-auto max-w-7xl px-4 pt-6 pb-2 text-2xl font-semibold tracking-tight md:sr-only">
          Wardrobe
        </h1>
        <nav aria-label="Wardrobe" className="mx-auto max-w-7xl px-4 md:px-8">
          <ul className="-mb-px flex gap-6">
            {tabs.map((tab) => (
              <li key={tab.to}>
                <PageLink
                  to={tab.to}
                  active={pathname === tab.to || pathname.startsWith(`${tab.to}/`)}
                  className="group inline-flex h-12 items-center border-b-2 text-sm font-semibold transition-colors"
                  activeClassName="border-accent text-fg"
                  inactiveClassName="border-transparent text-fg-subtle hover:border-line-strong hover:text-fg"
                >
                  {tab.label}
                  <TabCount value={tab.count} />
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <Outlet />
    </>
  );
}
