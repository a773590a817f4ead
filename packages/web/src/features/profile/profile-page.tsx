import { ChevronRight, FileText, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Page, PageHeader } from '../../components/page';
import { useSessionStore } from '../../lib/stores/session-store';
import { AccountCard } from './account-card';
import { DangerZone } from './danger-zone';
import { PreferencesSection } from './preferences-section';
import { SignOutButton } from './sign-out-button';
import { SubcategoriesSection } from './subcategories-section';
import { useExport } from './use-export';
import { YourDataSection } from './your-data-section';

function LegalLink({
  to,
  label,
  icon: Icon,
}: {
  to: string;
  label: string;
  icon: typeof FileText;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-4 border-b border-line px-6 py-4 text-sm font-medium text-fg transition-colors last:border-b-0 hover:bg-surface-2"
    >
      <Icon aria-hidden="true" className="size-5 text-fg-subtle" strokeWidth={1.75} />
      <span className="flex-1">{label}</span>
      <ChevronRight aria-hidden="true" className="size-4 text-fg-subtle" />
    </Link>
  );
}

/**
 * /profile: who is signed in, their settings and subcategories, their data (export, import, CSV,
 * calendar feed), the legal pages, the way out, and deleting the account.
 */
export default function ProfilePage() {
  const user = useSessionStore((s) => s.user);
  const { hash } = useLocation();
  // One export for the section and the deletion dialog: both show where it got to.
  const exporter = useExport();

  // Links such as /profile#subcategories land on that section once it is rendered.
  const ready = user !== null;
  useEffect(() => {
    if (!hash || !ready) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash, ready]);

  if (!user) return null;

  return (
    <Page width="sm" className="flex flex-col gap-12 pb-16">
      <div>
        <PageHeader title="Profile" />
        <AccountCard user={user} />
      </div>
      <PreferencesSection settings={user.settings} />
      <SubcategoriesSection settings={user.settings} />
      <YourDataSection locale={user.settings.locale} exporter={exporter} />
      <section aria-labelledby="about" className="flex flex-col gap-4">
        <h2 id="about" className="text-lg font-semibold tracking-tight">
          About
        </h2>
        <nav
          aria-label="Legal"
          className="overflow-hidden rounded-3xl border border-line bg-surface"
        >
          <LegalLink to="/privacy" label="Privacy policy" icon={ShieldCheck} />
          <LegalLink to="/terms" label="Terms of service" icon={FileText} />
        </nav>
      </section>
      <div>
        <SignOutButton />
      </div>
      <DangerZone email={user.email} locale={user.settings.locale} exporter={exporter} />
    </Page>
  );
}
