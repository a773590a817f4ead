import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { loadOutbox } from '../../lib/outbox/port';
import { logOut } from '../../lib/stores/session-actions';

/** Signing out deletes changes that have not been sent (README, "Install and offline"): say so. */
export function unsentWarning(n: number): string {
  return n === 1
    ? "You have 1 change that hasn't been sent. Signing out deletes it."
    : `You have ${n} changes that haven't been sent. Signing out deletes them.`;
}

/**
 * Sign out. Changes still waiting in the outbox are sent first when online; any that remain
 * (offline, or the server unreachable) are announced in a confirm dialog before they are deleted
 * with the rest of the local data.
 */
export function SignOutButton() {
  const [leaving, setLeaving] = useState(false);
  const [unsent, setUnsent] = useState(0);

  const leave = () => {
    setUnsent(0);
    setLeaving(true);
    void logOut();
  };

  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        loading={leaving}
        icon={<LogOut aria-hidden="true" className="size-4" />}
        onClick={() => {
          setLeaving(true);
          void loadOutbox()
            .then((m) => m.flushBeforeSignOut())
            .then((waiting) => {
              if (waiting === 0) return leave();
              setLeaving(false);
              setUnsent(waiting);
            });
        }}
        className="w-full sm:w-auto"
      >
        Sign out
      </Button>
      <ConfirmDialog
        open={unsent > 0}
        title="Sign out?"
        description={unsentWarning(unsent)}
        confirmLabel="Sign out anyway"
        destructive
        onConfirm={leave}
        onCancel={() => setUnsent(0)}
      />
    </>
  );
}
