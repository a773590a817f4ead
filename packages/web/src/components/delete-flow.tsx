import { useState } from 'react';
import { ConfirmDialog } from './dialog';

/** A detail page's delete: asked for by its buttons, confirmed in `DeleteDialog`. */
export interface DeleteFlow {
  /** Deleted here: the page draws nothing while the navigation back completes. */
  deleted: boolean;
  asking: boolean;
  ask: () => void;
  cancel: () => void;
  /** Closes the dialog, goes back, then deletes (the wardrobe store shows the toast). */
  confirm: (remove: () => Promise<unknown>) => void;
}

export function useDeleteFlow(back: () => void): DeleteFlow {
  const [asking, setAsking] = useState(false);
  const [deleted, setDeleted] = useState(false);
  return {
    deleted,
    asking,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: (remove) => {
      setAsking(false);
      setDeleted(true);
      back();
      void remove();
    },
  };
}

/** The item and outfit pages' "Delete this …?" confirmation. */
export function DeleteDialog({
  flow,
  title,
  description,
  onDelete,
}: {
  flow: DeleteFlow;
  title: string;
  description: string;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={flow.asking}
      title={title}
      description={description}
      confirmLabel="Delete"
      destructive
      onCancel={flow.cancel}
      onConfirm={() => flow.confirm(onDelete)}
    />
  );
}
