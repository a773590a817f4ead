import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandLockup } from '../../components/brand';

interface LegalLayoutProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** A long read for signed-in and signed-out visitors alike: narrow column, calm type. */
export function LegalLayout({ title, intro, children }: LegalLayoutProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const other =
    location.pathname === '/privacy'
      ? { to: '/terms', label: 'Terms of service' }
      : { to: '/privacy', label: 'Privacy policy' };
  return (
    <div className="min-h-dvh bg-canvas pt-safe pb-safe">
      <header className="border-b border-line">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 md:px-8">
          <Link to="/" aria-label="Hanger home" className="rounded-lg">
            <BrandLockup />
          </Link>
          {location.key !== 'default' && (
            <button
              type="button"
              onClick={() => navigate(-1)}
              className="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-medium text-fg-muted hover:bg-surface-2 hover:text-fg"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </button>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-12 md:px-8 md:py-16">
        <article>
          <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">{title}</h1>
          <div className="mt-4 text-lg leading-8 text-fg-muted">{intro}</div>
          <div className="mt-12 flex flex-col gap-12">{children}</div>
        </article>
        <footer className="mt-16 flex flex-wrap gap-x-6 gap-y-2 border-t border-line pt-8 text-sm text-fg-muted">
          <Link
            to={other.to}
            className="font-medium text-accent-ink underline-offset-4 hover:underline"
          >
            {other.label}
          </Link>
          <span>Hanger is free software under the GNU AGPL v3 or later.</span>
        </footer>
      </main>
    </div>
  );
}

/** One numbered part of a policy. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <div className="flex flex-col gap-4 text-base leading-7 text-fg-muted [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-fg [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}
