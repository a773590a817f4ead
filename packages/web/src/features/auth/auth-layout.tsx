import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/button';
import { BrandLockup } from '../../components/brand';
import { ClosetIllustration } from './closet-illustration';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** A line under the form, e.g. "New here? Create an account". */
  footer?: ReactNode;
  /** Shown above the title on phones (the wide layout has the picture beside the form). */
  hero?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer, hero }: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <main className="flex flex-col px-6 pt-[calc(2rem+env(safe-area-inset-top))] pb-[calc(2rem+env(safe-area-inset-bottom))] sm:px-12">
        <Link to="/login" aria-label="Hanger" className="self-start rounded-lg">
          <BrandLockup />
        </Link>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-12">
          {hero}
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
          {subtitle && <p className="mt-2 text-base leading-7 text-fg-muted">{subtitle}</p>}
          <div className="mt-8">{children}</div>
          {footer && <p className="mt-8 text-center text-sm text-fg-muted">{footer}</p>}
        </div>
        <nav aria-label="Legal" className="flex justify-center gap-6 text-xs text-fg-muted">
          <Link to="/privacy" className="rounded underline-offset-4 hover:text-fg hover:underline">
            Privacy policy
          </Link>
          <Link to="/terms" className="rounded underline-offset-4 hover:text-fg hover:underline">
            Terms
          </Link>
        </nav>
      </main>
      <aside className="relative hidden overflow-hidden bg-surface-2 lg:block">
        <ClosetIllustration />
        <div className="absolute inset-x-0 bottom-0 h-64 bg-gradient-to-t from-surface-2 to-transparent" />
        <div className="absolute inset-x-8 bottom-8 rounded-3xl bg-surface/90 p-8 shadow-float backdrop-blur">
          <p className="text-xl font-semibold tracking-tight text-fg">
            Know what you own. Wear what you love.
          </p>
          <p className="mt-2 text-sm leading-6 text-fg-muted">
            Photograph your clothes, build outfits, plan the week and see your cost per wear fall
            with every outing.
          </p>
        </div>
      </aside>
    </div>
  );
}

/** A form-level problem, announced as soon as it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="mb-6 rounded-2xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm leading-6 text-danger"
    >
      {children}
    </div>
  );
}

/** A link between the sign-in screens; it carries along where the visitor was going. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link
      to={to}
      state={location.state}
      className="rounded font-semibold text-accent-ink underline-offset-4 hover:underline"
    >
      {children}
    </Link>
  );
}

/**
 * "Check your inbox" after a link was mailed: what was sent (children), where to look, and ways to
 * use another address or send it again.
 */
export function CheckInbox({
  children,
  onBack,
  onResend,
  resending,
}: {
  children: ReactNode;
  onBack: () => void;
  onResend: () => void;
  resending: boolean;
}) {
  return (
    <div role="status" className="flex flex-col items-start">
      <p className="text-base leading-7 text-fg-muted">{children}</p>
      <p className="mt-4 text-sm leading-6 text-fg-subtle">
        No e-mail after a minute? Look in your spam folder, or send it again.
      </p>
      <div className="mt-8 flex w-full flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={onBack} className="sm:flex-1">
          Use a different e-mail
        </Button>
        <Button variant="ghost" loading={resending} onClick={onResend} className="sm:flex-1">
          Send it again
        </Button>
      </div>
    </div>
  );
}
