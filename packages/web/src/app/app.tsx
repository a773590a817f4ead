import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { startSession } from '../lib/stores/session-actions';
import { ErrorBoundary, StartupErrorScreen } from './error-screens';
import { routes } from './router';
import { UpdatePrompt } from './update-prompt';

const router = createBrowserRouter(routes);

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
      <RouterProvider router={router} />
      <UpdatePrompt />
    </ErrorBoundary>
  );
}
