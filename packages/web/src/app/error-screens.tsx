import {
  CRASH_MESSAGE,
  CRASH_TITLE,
  REFRESH_PAGE_LABEL,
  STARTUP_ERROR_MESSAGE,
  STARTUP_ERROR_TITLE,
} from '@hanger/domain';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '../components/button';

function FailureScreen({ title, message }: { title: string; message: string }) {
  return (
    <main role="alert" className="grid min-h-dvh place-items-center px-6">
      <div className="flex max-w-sm flex-col items-center text-center">
        <div className="mb-6 grid size-16 place-items-center rounded-full bg-danger-soft text-danger">
          <CircleAlert aria-hidden="true" className="size-7" strokeWidth={1.75} />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm leading-6 text-fg-muted">{message}</p>
        <Button
          className="mt-8"
          size="lg"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => window.location.reload()}
        >
          {REFRESH_PAGE_LABEL}
        </Button>
      </div>
    </main>
  );
}

/** docs/spec.md §8: a screen that crashed. */
export function CrashScreen() {
  return <FailureScreen title={CRASH_TITLE} message={CRASH_MESSAGE} />;
}

/** docs/spec.md §8: the application could not start. */
export function StartupErrorScreen() {
  return <FailureScreen title={STARTUP_ERROR_TITLE} message={STARTUP_ERROR_MESSAGE} />;
}

/** The router's error element: a loader or render error anywhere below the root route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Hanger: screen failed', error);
  return <CrashScreen />;
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Rendered instead of the children once they have thrown. */
  fallback?: ReactNode;
}

/** Catches render errors outside the router (providers, the toast stack). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Hanger: render failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? <CrashScreen />) : this.props.children;
  }
}
