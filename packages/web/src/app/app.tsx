import { Suspense, lazy, useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { followSignOutElsewhere, startSession } from '../lib/stores/session-actions';
import { ErrorBoundary, StartupErrorScreen } from './error-screens';
import { routes } from './router';
import { loadWhenOnline } from '../lib/load-when-online';

/**
 * The router, made in a task of its own between evaluating the app's code and the first render
 * (main.tsx calls this first; docs/performance.md: each was a long task on a phone), or else on the
 * first render.
 */
let router: ReturnType<typeof createBrowserRouter> | null = null;
export const appRouter = () => (router ??= createBrowserRouter(routes));

// The service worker's registration and its 'Update available' banner wait for the first screen
// anyway: their code loads after it, out of the first load (docs/performance.md).
const UpdatePrompt = lazy(
  loadWhenOnline(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt }))),
);

/** Starts the session once and renders the routes; a failed start shows 'Application Error'. */
export function App() {
  const [startFailed, setStartFailed] = useState(false);

  useEffect(() => {
    startSession().catch((err: unknown) => {
      console.error('Hanger: start-up failed', err);
      setStartFailed(true);
    });
  }, []);
  useEffect(() => followSignOutElsewhere(), []);

  if (startFailed) return <StartupErrorScreen />;
  return (
    <ErrorBoundary>
      <RouterProvider router={appRouter()} />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </ErrorBoundary>
  );
}
