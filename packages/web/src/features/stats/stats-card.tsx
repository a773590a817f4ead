import { useId, type ReactNode } from 'react';

interface StatsCardProps {
  title: string;
  /** One line under the title saying what the card measures. */
  description?: ReactNode;
  /** A link or button at the top right, e.g. "See items by brand". */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One panel of the stats screen: a titled region, so screen readers can jump between them. */
export function StatsCard({
  title,
  description,
  action,
  children,
  className = '',
}: StatsCardProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 md:p-6 ${className}`}
    >
      <div>
        <div className="flex min-h-8 items-center gap-4">
          <h2 id={id} className="min-w-0 flex-1 text-base font-semibold tracking-tight text-fg">
            {title}
          </h2>
          {action && <div className="-my-1 -mr-2 shrink-0">{action}</div>}
        </div>
        {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** A card's own empty state: the spec's sentence, and what would fill the card. */
export function CardEmpty({ title, hint }: { title: string; hint?: ReactNode }) {
  return (
    <div className="grid min-h-40 flex-1 place-items-center rounded-xl bg-surface-2 px-6 py-8 text-center">
      <div>
        <p className="text-sm font-semibold text-fg">{title}</p>
        {hint && <p className="mt-1 text-sm text-fg-muted">{hint}</p>}
      </div>
    </div>
  );
}
