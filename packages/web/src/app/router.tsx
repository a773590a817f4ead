import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { ToastStack } from '../components/toast-stack';
import ItemsPage from '../features/items/items-page';
import OutfitsPage from '../features/outfits/outfits-page';
import { useSessionStore } from '../lib/stores/session-store';
import { AppShell } from './app-shell';
import { RouteErrorScreen } from './error-screens';
import { PublicOnly } from './public-only';
import { RequireAuth } from './require-auth';
import { WardrobeTabs } from './wardrobe-tabs';
import { loadFilterPanels } from '../components/filter-panel-lazy';
import { loadGridColumnsPanel } from '../components/grid-columns-menu';

// Items and Outfits ship in the first load; everything else loads when it is first opened. The
// sign-in screens too: a returning user never sees them, and a new visitor waits on one request.
// The Groups tab and the calendar's routes load as soon as the first screen is idle (below).
const loadGroupsPage = () => import('../features/groups/groups-page');
const loadCalendarRoutes = () => import('./calendar-routes');
const GroupsPage = lazy(loadGroupsPage);
const CalendarRedirect = lazy(() =>
  loadCalendarRoutes().then((m) => ({ default: m.CalendarRedirect })),
);
const CalendarTodayRedirect = lazy(() =>
  loadCalendarRoutes().then((m) => ({ default: m.CalendarTodayRedirect })),
);
const CalendarMonthRoute = lazy(() =>
  loadCalendarRoutes().then((m) => ({ default: m.CalendarMonthRoute })),
);
const CalendarDayRoute = lazy(() =>
  loadCalendarRoutes().then((m) => ({ default: m.CalendarDayRoute })),
);
const LoginPage = lazy(() => import('../features/auth/login-page'));
const SignInPage = lazy(() => import('../features/auth/signin-page'));
const SignUpPage = lazy(() => import('../features/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const ItemDetailPage = lazy(() => import('../features/items/item-detail-page'));
const UploadPage = lazy(() => import('../features/upload/upload-page'));
const WishlistPage = lazy(() => import('../features/groups/wishlist-page'));
const LoanedPage = lazy(() => import('../features/groups/loaned-page'));
const CollectionPage = lazy(() => import('../features/groups/collection-page'));
const OutfitDetailPage = lazy(() => import('../features/outfits/outfit-detail-page'));
const ComposerPage = lazy(() => import('../features/composer/composer-page'));
const StatsPage = lazy(() => import('../features/stats/stats-page'));
const GraphPage = lazy(() => import('../features/graph/graph-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const ImageEditorPage = lazy(() => import('../features/image-editor/image-editor-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const SuggestionsPage = lazy(() => import('../features/suggestions/suggestions-page'));

/** Toasts and scroll handling around every route; forward navigation starts at the top. */
function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ToastStack />
    </>
  );
}

function Public({ children }: { children: ReactNode }) {
  return (
    <PublicOnly>
      <Suspense fallback={<FullScreenSpinner />}>{children}</Suspense>
    </PublicOnly>
  );
}

/**
 * How long after start-up the Groups tab's and the calendar's code is fetched: not while the first
 * screen is still being built (compiling those chunks was 200-300 ms of a phone's main thread in
 * the middle of it, docs/performance.md), but well before most people leave the first screen.
 */
const PREFETCH_AFTER_MS = 5000;
/**
 * Fetches the Groups tab's, the calendar's, the filter panels' and the grid columns popover's code
 * once the first screen has settled.
 */
function usePrefetchTabs(): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 0));
    const timer = setTimeout(
      () =>
        idle(() => {
          void loadGroupsPage().catch(() => undefined);
          void loadCalendarRoutes().catch(() => undefined);
          void loadFilterPanels().catch(() => undefined);
          void loadGridColumnsPanel().catch(() => undefined);
        }),
      PREFETCH_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, []);
}

/** Everything signed-in sits behind the guard, which is told whether data is syncing. */
function GuardedLayout() {
  const syncing = useSessionStore((s) => s.syncing);
  usePrefetchTabs();
  return (
    <RequireAuth syncing={syncing}>
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </RequireAuth>
  );
}

/** The route table of docs/spec.md §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        path: '/login',
        element: (
          <Public>
            <LoginPage />
          </Public>
        ),
      },
      {
        path: '/signin',
        element: (
          <Public>
            <SignInPage />
          </Public>
        ),
      },
      {
        path: '/signup',
        element: (
          <Public>
            <SignUpPage />
          </Public>
        ),
      },
      {
        path: '/forgot-password',
        element: (
          <Public>
            <ForgotPasswordPage />
          </Public>
        ),
      },
      // A mailed reset link works whether or not this browser is signed in.
      {
        path: '/reset-password',
        element: (
          <Suspense fallback={<FullScreenSpinner />}>
            <ResetPasswordPage />
          </Suspense>
        ),
      },
      // Legal pages: open to everyone, signed in or not.
      {
        path: '/privacy',
        element: (
          <Suspense fallback={<FullScreenSpinner />}>
            <PrivacyPage />
          </Suspense>
        ),
      },
      {
        path: '/terms',
        element: (
          <Suspense fallback={<FullScreenSpinner />}>
            <TermsPage />
          </Suspense>
        ),
      },
      {
        element: <GuardedLayout />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/items" replace /> },
              {
                element: <WardrobeTabs />,
                children: [
                  { path: '/items', element: <ItemsPage /> },
                  { path: '/outfits', element: <OutfitsPage /> },
                  { path: '/groups', element: <GroupsPage /> },
                ],
              },
              { path: '/items/:id', element: <ItemDetailPage /> },
              { path: '/groups/wishlist', element: <WishlistPage /> },
              { path: '/groups/wishlist/:id', element: <ItemDetailPage /> },
              { path: '/groups/loaned', element: <LoanedPage /> },
              { path: '/groups/loaned/:id', element: <ItemDetailPage /> },
              { path: '/groups/collections/:id', element: <CollectionPage /> },
              { path: '/outfits/:id', element: <OutfitDetailPage /> },
              { path: '/calendar', element: <CalendarRedirect /> },
              { path: '/calendar/today', element: <CalendarTodayRedirect /> },
              { path: '/calendar/:year/:month', element: <CalendarMonthRoute /> },
              { path: '/calendar/:year/:month/:day', element: <CalendarDayRoute /> },
              { path: '/stats', element: <StatsPage /> },
              { path: '/graph', element: <GraphPage /> },
              { path: '/suggestions', element: <SuggestionsPage /> },
              { path: '/profile', element: <ProfilePage /> },
            ],
          },
          // Full-screen flows, outside the tab shell.
          { path: '/items/upload', element: <UploadPage defaultStatus="clothes" /> },
          { path: '/groups/wishlist/upload', element: <UploadPage defaultStatus="wishlist" /> },
          { path: '/groups/loaned/upload', element: <UploadPage defaultStatus="loaned" /> },
          { path: '/outfits/upload', element: <ComposerPage /> },
          { path: '/outfits/:id/edit', element: <ComposerPage /> },
          { path: '/items/:id/edit-image', element: <ImageEditorPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
