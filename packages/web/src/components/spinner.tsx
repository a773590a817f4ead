interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-[3px]' };

export function Spinner({ label = 'Loading', size = 'md', className = '' }: SpinnerProps) {
  return (
    // data-boot-hold: a start-up spinner keeps the static first paint on screen (main.tsx).
    <span role="status" aria-label={label} data-boot-hold="" className={`inline-flex ${className}`}>
      <span
        aria-hidden="true"
        className={`${SIZES[size]} animate-spin rounded-full border-current border-r-transparent opacity-80`}
      />
    </span>
  );
}

/** Centred spinner filling the viewport: the first authentication check and lazy screens. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="grid min-h-dvh place-items-center text-fg-subtle">
      <Spinner label={label} size="lg" />
    </div>
  );
}

/** Centred spinner for the content area under the navigation. */
export function ContentSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="grid min-h-[50dvh] place-items-center text-fg-subtle">
      <Spinner label={label} size="lg" />
    </div>
  );
}
