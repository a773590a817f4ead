import type { ReactNode } from 'react';

/** One setting: what it is and why on the left, its control on the right (stacked on phones). */
export function SettingRow({
  label,
  description,
  htmlFor,
  labelId,
  controlWidth = 'fixed',
  children,
}: {
  label: string;
  description?: ReactNode;
  htmlFor?: string;
  /** For controls labelled by reference (the switch) instead of a <label>. */
  labelId?: string;
  /** 'fixed' lines up fields and selects in one column; 'auto' leaves the text room beside a button. */
  controlWidth?: 'fixed' | 'auto';
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 border-b border-line px-6 py-6 last:border-b-0 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
      <div className="min-w-0">
        {htmlFor ? (
          <label htmlFor={htmlFor} className="text-sm font-semibold text-fg">
            {label}
          </label>
        ) : (
          <p id={labelId} className="text-sm font-semibold text-fg">
            {label}
          </p>
        )}
        {description && <div className="mt-1 text-sm leading-6 text-fg-muted">{description}</div>}
      </div>
      <div
        className={`flex shrink-0 items-center gap-2 sm:justify-end ${controlWidth === 'fixed' ? 'sm:w-72' : ''}`}
      >
        {children}
      </div>
    </div>
  );
}
