import { formatStatNumber, formatStatPercent } from '@hanger/domain';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { DonutChart } from './donut-chart';
import { CardEmpty, StatsCard } from './stats-card';

export interface ShareChartSlice {
  key: string;
  label: string;
  count: number;
  percent: number;
  color: string;
}

interface ShareChartProps {
  title: string;
  description: string;
  /** Names the first column of the table: "Brand", "Source". */
  noun: string;
  slices: readonly ShareChartSlice[];
  total: number;
  locale: string;
  emptyText: string;
  emptyHint?: string;
  /** Makes slices and table rows open the Items tab filtered to that slice. */
  onSelect?: (slice: ShareChartSlice) => void;
  /** Said after a selectable row's label, e.g. "show these pieces in your closet". */
  selectHint?: string;
  action?: ReactNode;
  footnote?: ReactNode;
  /** What the counts count: pieces (the default) or wears. */
  unit?: readonly [one: string, many: string];
}

const PIE_SIZE = 232;

/**
 * A donut of shares with its table beside it: the table is the legend, carries the exact
 * numbers for everyone, and (for sources) holds the keyboard route to the filtered Items tab.
 */
export function ShareChart({
  title,
  description,
  noun,
  slices,
  total,
  locale,
  emptyText,
  emptyHint,
  onSelect,
  selectHint,
  action,
  footnote,
  unit = ['piece', 'pieces'],
}: ShareChartProps) {
  return (
    <StatsCard
      title={title}
      description={description}
      action={slices.length > 0 ? action : undefined}
      className="lg:col-span-6"
    >
      {slices.length === 0 ? (
        <CardEmpty title={emptyText} hint={emptyHint} />
      ) : (
        <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
          <div
            role="img"
            aria-label={`Pie chart of ${noun.toLowerCase()}s; the figures are in the table.`}
            className="relative shrink-0"
            style={{ width: PIE_SIZE, height: PIE_SIZE }}
          >
            <DonutChart
              size={PIE_SIZE}
              slices={slices.map((s) => ({
                key: s.key,
                label: s.label,
                value: s.count,
                color: s.color,
                title: `${s.label}: ${formatStatNumber(s.count, locale)} · ${formatStatPercent(s.percent, locale)}`,
              }))}
              onSelect={
                onSelect
                  ? (d) => {
                      const slice = slices.find((s) => s.key === d.key);
                      if (slice) onSelect(slice);
                    }
                  : undefined
              }
            />
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 grid place-items-center text-center"
            >
              <div>
                <p className="text-2xl font-semibold tracking-tight tabular-nums">
                  {formatStatNumber(total, locale)}
                </p>
                <p className="text-xs text-fg-subtle">{total === 1 ? unit[0] : unit[1]}</p>
              </div>
            </div>
          </div>
          <div className="w-full min-w-0 flex-1">
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">{`${title}: ${unit[1]} by ${noun.toLowerCase()}`}</caption>
              <thead>
                <tr className="text-left text-xs text-fg-subtle">
                  <th scope="col" className="pb-2 font-medium">
                    {noun}
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    {unit[1].charAt(0).toUpperCase() + unit[1].slice(1)}
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Share
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {slices.map((s) => (
                  <tr key={s.key}>
                    <th scope="row" className="py-2 pr-2 text-left font-normal">
                      <span className="flex min-w-0 items-center gap-2">
                        <span
                          aria-hidden="true"
                          className="size-3 shrink-0 rounded-full ring-1 ring-line-strong ring-inset"
                          style={{ background: s.color }}
                        />
                        {onSelect ? (
                          <button
                            type="button"
                            onClick={() => onSelect(s)}
                            aria-label={selectHint ? `${s.label}, ${selectHint}` : undefined}
                            className="group inline-flex min-w-0 items-center gap-1 rounded text-left font-medium text-fg underline-offset-4 hover:underline"
                          >
                            <span className="truncate">{s.label}</span>
                            <ChevronRight
                              aria-hidden="true"
                              className="size-4 shrink-0 text-fg-subtle transition-transform group-hover:translate-x-0.5"
                            />
                          </button>
                        ) : (
                          <span className="truncate text-fg">{s.label}</span>
                        )}
                      </span>
                    </th>
                    <td className="py-2 text-right text-fg-muted">
                      {formatStatNumber(s.count, locale)}
                    </td>
                    <td className="py-2 pl-4 text-right font-medium text-fg">
                      {formatStatPercent(s.percent, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {footnote && <p className="mt-3 text-xs leading-5 text-fg-subtle">{footnote}</p>}
          </div>
        </div>
      )}
    </StatsCard>
  );
}
