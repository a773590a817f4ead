import { Plus, SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from './button';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** What to do next: usually one primary button or link. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className = '',
}: EmptyStateProps) {
  return (
    <div
      className={`mx-auto flex max-w-sm flex-col items-center px-6 py-16 text-center ${className}`}
    >
      <div className="mb-6 grid size-16 place-items-center rounded-full bg-surface-2 text-fg-muted">
        <Icon aria-hidden="true" className="size-7" strokeWidth={1.5} />
      </div>
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      {description && <p className="mt-2 text-sm leading-6 text-fg-muted">{description}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

/** A grid whose filters hide everything: it says so and offers to clear them. */
export function NoFilterMatches({
  title,
  description,
  onClear,
}: {
  title: string;
  description: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={description}
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}

/** An empty state's way forward: the large "add" link to an upload screen. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass('primary', 'lg')}>
      <Plus aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}

/** Wherever pieces would be listed and the wardrobe has none: what would be here, and the way to add the first. */
export function EmptyWardrobe(props: Omit<EmptyStateProps, 'action' | 'className'>) {
  return (
    <EmptyState {...props} action={<AddLink to="/items/upload">Add your first item</AddLink>} />
  );
}
