import {
  CHART_HEIGHT_PX,
  formatStatNumber,
  formatStatPercent,
  STATS_EMPTY_WEARS,
  WEAR_CHART_Y_MAX,
  WEAR_CHART_Y_TICKS,
  type WearFrequencyPoint,
} from '@hanger/domain';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from './chart-table';
import { CardEmpty, StatsCard } from './stats-card';

/** 0, 20, … 100: six ticks from 0 to 100 % (docs/spec.md §9). */
const Y_TICKS = Array.from(
  { length: WEAR_CHART_Y_TICKS },
  (_, i) => (i * WEAR_CHART_Y_MAX) / (WEAR_CHART_Y_TICKS - 1),
);

// Recharts keeps its props in a store and compares them by reference: objects made once here
// let a range switch update only the data.
const AXIS_TICK = { fill: 'var(--hg-fg-subtle)', fontSize: 12 };
const MARGIN = { top: 8, right: 8, bottom: 16, left: 0 };
const CHART_STYLE = { width: '100%', height: CHART_HEIGHT_PX };
const X_AXIS_LINE = { stroke: 'var(--hg-line-strong)' };
const X_LABEL = {
  value: 'Times worn',
  position: 'insideBottom',
  offset: -8,
  fill: 'var(--hg-fg-subtle)',
  fontSize: 12,
} as const;
const Y_DOMAIN = [0, WEAR_CHART_Y_MAX];
const CURSOR = { fill: 'var(--hg-surface-2)' };
const BAR_RADIUS: [number, number, number, number] = [6, 6, 0, 0];
/** About this many x labels fit; beyond it every n-th is shown (no text measuring needed). */
const X_LABELS_MAX = 16;

function wearsLabel(n: number, locale: string): string {
  return `${formatStatNumber(n, locale)} ${n === 1 ? 'time' : 'times'}`;
}

interface TooltipBodyProps {
  active?: boolean;
  payload?: readonly { payload?: WearFrequencyPoint }[];
  locale: string;
}

function TooltipBody({ active, payload, locale }: TooltipBodyProps) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-xl border border-line bg-surface px-3 py-2 text-sm shadow-float">
      <p className="font-semibold text-fg tabular-nums">
        {formatStatPercent(point.percent, locale)}
      </p>
      <p className="text-fg-muted">worn {wearsLabel(point.timesWorn, locale)} or more</p>
    </div>
  );
}

interface WearFrequencyChartProps {
  points: readonly WearFrequencyPoint[];
  /** Items in the range: turns shares back into counts for the table. */
  itemCount: number;
  locale: string;
  /** "Items by times worn": the Items tab cannot filter by wears, so this opens it sorted. */
  action?: ReactNode;
}

/**
 * The share of items worn at least x times, x from 1 to max(5, the 90th percentile of wear
 * counts), y 0–100 % with six ticks, 400 px high (docs/spec.md §9). The bars are drawn for sighted
 * users; the same numbers are in a table for everyone else.
 */
export function WearFrequencyChart({ points, itemCount, locale, action }: WearFrequencyChartProps) {
  const percentTick = useCallback((v: number) => formatStatPercent(v, locale), [locale]);
  const tooltip = useMemo(() => <TooltipBody locale={locale} />, [locale]);
  const rows = points.map((p) => ({
    key: String(p.timesWorn),
    cells: [
      `${wearsLabel(p.timesWorn, locale)} or more`,
      formatStatNumber(Math.round((p.percent / 100) * itemCount), locale),
      formatStatPercent(p.percent, locale),
    ],
  }));
  return (
    <StatsCard
      title="How often pieces are worn"
      description="Share of pieces worn at least this many times."
      action={points.length > 0 ? action : undefined}
      className="lg:col-span-7"
    >
      {points.length === 0 ? (
        <CardEmpty
          title={STATS_EMPTY_WEARS}
          hint="Log what you wear on the calendar and this chart fills in."
        />
      ) : (
        <>
          <div
            role="img"
            aria-label={`Bar chart of the share of pieces worn at least 1 to ${points.length} times; the figures are in the table below.`}
            className="-ml-2"
          >
            <BarChart
              data={points as WearFrequencyPoint[]}
              responsive
              style={CHART_STYLE}
              margin={MARGIN}
              accessibilityLayer={false}
            >
              <CartesianGrid vertical={false} stroke="var(--hg-line)" />
              <XAxis
                dataKey="timesWorn"
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={X_AXIS_LINE}
                interval={Math.ceil(points.length / X_LABELS_MAX) - 1}
                label={X_LABEL}
              />
              <YAxis
                domain={Y_DOMAIN}
                ticks={Y_TICKS}
                tickCount={WEAR_CHART_Y_TICKS}
                allowDataOverflow
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={false}
                width={48}
                tickFormatter={percentTick}
              />
              <Tooltip cursor={CURSOR} content={tooltip} isAnimationActive={false} />
              <Bar
                dataKey="percent"
                fill="var(--hg-accent)"
                radius={BAR_RADIUS}
                maxBarSize={56}
                isAnimationActive={false}
              />
            </BarChart>
          </div>
          <ChartTable
            summary="Show as a table"
            caption="Pieces by times worn"
            headers={['Worn', 'Pieces', 'Share']}
            rows={rows}
          />
        </>
      )}
    </StatsCard>
  );
}
