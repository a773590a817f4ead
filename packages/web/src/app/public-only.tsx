import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/spinner';
import { redirectTarget } from '../lib/redirect-target';
import { useSessionStore } from '../lib/stores/session-store';
import { LoggingInScreen } from './logging-in';

/** Sign-in screens are for visitors; a signed-in user is sent on to the app. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  const location = useLocation();
  if (status === 'loggingIn') return <LoggingInScreen />;
  if (user && status === 'signedIn')
    return <Navigate to={redirectTarget(location.state)} replace />;
  if (status === 'checking') return <FullScreenSpinner label="Checking your session" />;
  return children;
}
