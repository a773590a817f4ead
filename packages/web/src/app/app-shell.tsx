import { Suspense, lazy } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLockup } from '../components/brand';
import { ContentSpinner } from '../components/spinner';
import { BottomNav, TopNav } from './main-nav';
import { loadWhenOnline } from '../lib/load-when-online';

// The connection pill shows nothing on a first screen that is online with nothing waiting: its
// code (and the outbox's start) loads just after it, out of the first load (docs/performance.md).
const OfflineIndicator = lazy(
  loadWhenOnline(() =>
    import('./offline-indicator').then((m) => ({ default: m.OfflineIndicator })),
  ),
);

/** Navigation around every signed-in screen except the full-screen ones (upload, composer). */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-surface px-4 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* Opaque: a backdrop blur over the scrolling grid cost every frame (see sort-bar.tsx). */}
      <header className="sticky top-0 z-40 hidden border-b border-line bg-canvas md:block">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-8 px-8">
          <Link to="/" aria-label="Hanger home" className="rounded-lg">
            <BrandLockup />
          </Link>
          <TopNav />
        </div>
      </header>
      <main
        id="main"
        // Room under the page for the bottom navigation, and for the connection pill while it
        // shows (--hg-pill-room, styles.css).
        className="flex-1 pt-safe pb-[calc(4rem+var(--hg-pill-room,0px)+env(safe-area-inset-bottom))] md:pt-0 md:pb-[var(--hg-pill-room,0px)]"
      >
        <Suspense fallback={<ContentSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      <Suspense fallback={null}>
        <OfflineIndicator />
      </Suspense>
    </div>
  );
}
