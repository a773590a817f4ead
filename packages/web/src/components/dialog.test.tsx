import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './dialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete item</button>
      <ConfirmDialog
        open={open}
        title="Delete this item?"
        description="It is also removed from every calendar day."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('the confirm dialog', () => {
  it('opens as a labelled modal and confirms', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete item' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this item?' });
    expect(dialog).toHaveAccessibleDescription('It is also removed from every calendar day.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels without confirming', () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('builds its panel only when first opened, and keeps it after closing', () => {
    const { container } = render(<Harness onConfirm={vi.fn()} />);
    // Closed and never opened: an empty <dialog>, none of its buttons built yet.
    expect(container.querySelector('dialog')?.childElementCount).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(container.querySelector('dialog')?.textContent).toContain('Delete this item?');
  });
});
