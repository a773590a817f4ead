import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, IconButton } from './button';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned on wide screens and full width on phones. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus
 * to the opener. On phones it sits at the bottom like a sheet, within thumb reach.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  className = '',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The panel is built the first time the dialog opens, then kept (its state, the closing
  // animation): a screen's closed dialogs (the filter panel's dozens of chips) cost its first
  // render nothing.
  const [built, setBuilt] = useState(open);
  if (open && !built) setBuilt(true);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself, outside the panel.
        if (e.target === e.currentTarget) onClose();
      }}
      className={
        'm-0 mt-auto w-full max-w-none rounded-t-3xl border border-line bg-surface p-0 text-fg shadow-float ' +
        'backdrop:bg-scrim open:animate-fade-in sm:m-auto sm:max-w-md sm:rounded-3xl ' +
        className
      }
    >
      {built && (
        <div className="flex flex-col gap-4 p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] sm:pb-6">
          <div className="flex items-start justify-between gap-4">
            <div className="flex flex-col gap-2">
              <h2 id={titleId} className="text-lg font-semibold tracking-tight">
                {title}
              </h2>
              {description && (
                <div id={descriptionId} className="text-sm leading-6 text-fg-muted">
                  {description}
                </div>
              )}
            </div>
            <IconButton
              label="Close"
              icon={<X className="size-5" />}
              size="sm"
              onClick={onClose}
              className="-mt-1 -mr-2"
            />
          </div>
          {children}
          {footer && (
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (delete) get the danger colour. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
