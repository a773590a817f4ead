import { TIME_RANGE_LABELS, TIME_RANGES, type TimeRange } from '@hanger/domain';
import { useId } from 'react';

interface TimeRangeControlProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}

/**
 * The stats screen's time range as a row of segments that behave as radio buttons: arrow keys
 * move between them, screen readers announce "Time range, radio group". On a phone the row
 * scrolls sideways rather than wrapping onto two lines.
 */
export function TimeRangeControl({ value, onChange }: TimeRangeControlProps) {
  const name = useId();
  return (
    <fieldset className="-mx-4 min-w-0 overflow-x-auto px-4 py-2 [scrollbar-width:none] md:mx-0 md:px-0">
      <legend className="sr-only">Time range</legend>
      <div className="inline-flex gap-1 rounded-full border border-line bg-surface p-1 shadow-xs">
        {TIME_RANGES.map((range) => {
          const checked = range === value;
          return (
            <label key={range} className="relative shrink-0">
              <input
                type="radio"
                name={name}
                value={range}
                checked={checked}
                onChange={() => onChange(range)}
                className="peer sr-only"
              />
              <span
                className={
                  'inline-flex h-9 cursor-pointer items-center rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors ' +
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ' +
                  (checked ? 'bg-fg text-canvas' : 'text-fg-muted hover:bg-surface-2 hover:text-fg')
                }
              >
                {TIME_RANGE_LABELS[range]}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
