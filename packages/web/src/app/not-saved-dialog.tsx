import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import type { RefusedChange } from '../lib/outbox/storage';

/** The changes the server refused during a replay, each with what happened, until dismissed. */
export default function NotSavedDialog({
  refused,
  onDismiss,
  onClose,
}: {
  refused: readonly RefusedChange[];
  /** One refusal by id, or all of them without one. */
  onDismiss: (id?: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={refused.length > 0}
      onClose={onClose}
      title="Not saved"
      description="The server refused these changes made while offline, so they were not kept."
      footer={
        <Button
          variant="secondary"
          onClick={() => {
            onDismiss();
            onClose();
          }}
        >
          Dismiss all
        </Button>
      }
    >
      <ul className="flex flex-col gap-3">
        {refused.map((r) => (
          <li
            key={r.id}
            className="flex items-start gap-3 rounded-2xl border border-line bg-surface-2 p-3"
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{r.title}</p>
              <p className="text-sm text-fg-muted">{r.message}</p>
            </div>
            <Button variant="ghost" size="sm" onClick={() => onDismiss(r.id)}>
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
