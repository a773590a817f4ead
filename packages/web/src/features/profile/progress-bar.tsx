interface ProgressBarProps {
  label: string;
  /** 0 to 1; null while the total is not known yet (the bar moves without a value). */
  value: number | null;
  /** What the value means in words, e.g. "12 MB of 340 MB", read out instead of the percentage. */
  valueText?: string;
}

/** A determinate progress bar in the accent colour, or an indeterminate one while the total is unknown. */
export function ProgressBar({ label, value, valueText }: ProgressBarProps) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-surface-3"
    >
      {percent === null ? (
        <div className="h-full w-1/3 animate-[sync-bar_1.2s_ease-in-out_infinite] rounded-full bg-accent" />
      ) : (
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300 ease-out"
          style={{ width: `${percent}%` }}
        />
      )}
    </div>
  );
}
