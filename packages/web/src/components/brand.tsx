/** The Hanger mark: a coat hanger on the accent tile. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="9" className="fill-accent" />
      <path
        d="M16 9.5a2.5 2.5 0 1 1 2.5 2.5c-1.2 0-2.5.9-2.5 2.2v.6l9 6.1c.9.6.5 2.1-.6 2.1H7.6c-1.1 0-1.5-1.5-.6-2.1l9-6.1"
        fill="none"
        className="stroke-on-accent"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and name, for headers. */
export function BrandLockup({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <BrandMark className="size-8" />
      <span className="text-lg font-semibold tracking-tight text-fg">Hanger</span>
    </span>
  );
}
