import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/button';
import { DeleteAccountDialog } from './delete-account-dialog';
import type { useExport } from './use-export';

/** The bottom of the profile: deleting the account, apart from everything else. */
export function DangerZone({
  email,
  locale,
  exporter,
}: {
  email: string;
  locale: string;
  exporter: ReturnType<typeof useExport>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="danger-zone" className="flex flex-col gap-4">
      <h2 id="danger-zone" className="text-lg font-semibold tracking-tight">
        Danger zone
      </h2>
      <div className="flex flex-col gap-4 rounded-3xl border border-danger/40 bg-surface p-6 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">Delete account</p>
          <p className="mt-1 text-sm leading-6 text-fg-muted">
            Removes your account with every item, outfit, calendar day and photo from this server.
            You can download your data first.
          </p>
        </div>
        <Button
          variant="secondary"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
          className="w-full shrink-0 border-danger/50! text-danger! hover:bg-danger-soft! sm:w-auto"
        >
          Delete account…
        </Button>
      </div>
      <DeleteAccountDialog
        open={open}
        email={email}
        locale={locale}
        exporter={exporter}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
