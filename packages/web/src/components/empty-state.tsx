import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

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
