import { Suspense, lazy, useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { startSession } from '../lib/stores/session-actions';
import { ErrorBoundary, StartupErrorScreen } from './error-screens';
import { routes } from './router';
import { loadWhenOnline } from '../lib/load-when-online';

/**
 * The router, made on the first render rather than when this module is evaluated: evaluating the
 * app's code and building the first screen are separate tasks (issue 16), and the router's route
 * matching belongs to the second.
 */
let router: ReturnType<typeof createBrowserRouter> | null = null;
const appRouter = () => (router ??= createBrowserRouter(routes));

// The service worker's registration and its 'Update available' banner wait for the first screen
// anyway: their code loads after it, out of the first load (issue 16).
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
