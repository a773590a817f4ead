import { currencyName } from '@hanger/domain';
import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// The selector and its list load the first time someone opens it.
const CurrencyDialog = lazy(() => import('./currency-dialog'));

interface CurrencyButtonProps {
  value: string;
  onChange: (code: string) => void;
  /** Names the control and titles the dialog, e.g. "Price currency". */
  label: string;
  /** 'compact' shows only the code (beside an amount); 'full' adds the currency's name. */
  variant?: 'compact' | 'full';
  disabled?: boolean;
  className?: string;
}

/** A button showing a currency that opens the searchable currency selector. */
export function CurrencyButton({
  value,
  onChange,
  label,
  variant = 'compact',
  disabled,
  className = '',
}: CurrencyButtonProps) {
  const [open, setOpen] = useState(false);
  const name = currencyName(value);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
        className={
          'inline-flex h-12 shrink-0 items-center justify-between gap-2 rounded-xl border border-line-strong bg-surface px-4 text-base text-fg ' +
          'transition-colors hover:border-fg-subtle focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60 ' +
          className
        }
      >
        {/* Reads "Currency: USD US Dollar" (compact: "Price currency: USD (US Dollar)"): the
            label, then the text shown, so the visible text is in the name (WCAG 2.5.3). */}
        <span className="sr-only">{label}: </span>
        <span className="min-w-0 truncate">
          <span className="font-semibold tabular-nums">{value}</span>
          {variant === 'full' && name ? (
            // A real space (with the margin, the gap it had) so the code and name read as two words.
            <>
              {' '}
              <span className="ml-1 text-fg-muted">{name}</span>
            </>
          ) : (
            name && <span className="sr-only"> ({name})</span>
          )}
        </span>
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <CurrencyDialog
            open={open}
            title={label}
            value={value}
            onClose={() => setOpen(false)}
            onSelect={(code) => {
              setOpen(false);
              if (code !== value) onChange(code);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
