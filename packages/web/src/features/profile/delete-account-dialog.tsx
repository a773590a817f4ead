import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Input } from '../../components/field';
import { clearAccessToken } from '../../lib/access-token';
import { deleteAccount } from '../../lib/api/data';
import { NoUserError, toCatalogueError } from '../../lib/api/transport';
import { signOutOfIdentity } from '../../lib/auth-client';
import { resetLocalStores } from '../../lib/stores/local-stores';
import { announceSignOut } from '../../lib/stores/session-actions';
import { toast } from '../../lib/stores/toast-store';
import { ExportButton, ExportStatus } from './export-controls';
import type { useExport } from './use-export';

/** The typed confirmation matches the account's address (case and spaces aside). */
export function confirmsEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && typed.trim() !== '';
}

interface DeleteAccountDialogProps {
  open: boolean;
  email: string;
  locale: string;
  exporter: ReturnType<typeof useExport>;
  onClose: () => void;
}

/**
 * Deleting the account: the export is offered first, and the account's e-mail must be typed to
 * enable the button. Afterwards the app signs out locally and shows the sign-in screen.
 */
export function DeleteAccountDialog({
  open,
  email,
  locale,
  exporter,
  onClose,
}: DeleteAccountDialogProps) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { field: useId(), hint: useId(), error: useId() };
  const matches = confirmsEmail(typed, email);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The dialog (a child, so its effect ran first) is open: the keyboard starts in the field.
    if (open) field.current?.focus();
    else {
      setTyped('');
      setError(null);
    }
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(typed.trim());
    } catch (err) {
      setBusy(false);
      if (!(err instanceof NoUserError)) setError(toCatalogueError(err).message);
      return;
    }
    // The account and its sessions are gone on the server: clear this device as sign-out does,
    // without waiting on the identity service (it only has a dead cookie left to forget).
    clearAccessToken();
    resetLocalStores(true);
    announceSignOut();
    void signOutOfIdentity().catch(() => undefined);
    toast.success(
      'Account deleted',
      'Your wardrobe and photos have been removed from this server.',
    );
    navigate('/login', { replace: true });
  }

  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      title="Delete your account?"
      description="Your items, outfits, calendar, photos and settings are removed from this server for good. This cannot be undone."
    >
      <div className="flex flex-col gap-4 rounded-2xl bg-surface-2 p-4">
        <div>
          <p className="text-sm font-semibold text-fg">Keep a copy first</p>
          <p className="mt-1 text-sm leading-6 text-fg-muted">
            Download your data to keep your wardrobe or bring it to another Hanger server.
          </p>
          {open && <ExportStatus state={exporter.state} locale={locale} />}
        </div>
        <ExportButton
          state={exporter.state}
          onStart={() => void exporter.start()}
          className="w-full sm:w-auto sm:self-start"
        />
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <label htmlFor={ids.field} className="text-sm font-medium text-fg">
            Type your e-mail address to confirm
          </label>
          <Input
            ref={field}
            id={ids.field}
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={email}
            value={typed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(e) => {
              setTyped(e.target.value);
              setError(null);
            }}
          />
          <p id={ids.hint} className="text-sm text-fg-subtle">
            Your account is <span className="font-medium text-fg-muted">{email}</span>
          </p>
          {error && (
            <p id={ids.error} role="alert" className="flex items-start gap-2 text-sm text-danger">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          )}
        </div>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches} loading={busy}>
            Delete account permanently
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
