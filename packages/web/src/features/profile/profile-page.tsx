import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Page, PageHeader } from '../../components/page';
import { logOut } from '../../lib/stores/session-actions';
import { useSessionStore } from '../../lib/stores/session-store';

function initials(name: string, email: string): string {
  const source = name.trim() || email;
  return source
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** /profile: who is signed in, and the way out. */
export default function ProfilePage() {
  const user = useSessionStore((s) => s.user);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  return (
    <Page className="max-w-2xl">
      <PageHeader title="Profile" />
      <section aria-label="Account" className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-6">
        {user.photoURL ? (
          <img src={user.photoURL} alt="" className="size-16 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-16 place-items-center rounded-full bg-accent-soft text-xl font-semibold text-accent-ink">
            {initials(user.displayName, user.email)}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{user.displayName || 'Your account'}</p>
          <p className="truncate text-sm text-fg-muted">{user.email}</p>
        </div>
      </section>
      <div className="mt-8">
        <Button
          variant="secondary"
          size="lg"
          loading={leaving}
          icon={<LogOut aria-hidden="true" className="size-4" />}
          onClick={() => {
            setLeaving(true);
            void logOut();
          }}
        >
          Sign out
        </Button>
      </div>
    </Page>
  );
}
