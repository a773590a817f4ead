import {
  CHART_HEIGHT_PX,
  formatStatNumber,
  formatStatPercent,
  STATS_EMPTY_WEARS,
  WEAR_CHART_Y_MAX,
  WEAR_CHART_Y_TICKS,
  type WearFrequencyPoint,
} from '@hanger/domain';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from './chart-table';
import { CardEmpty, StatsCard } from './stats-card';

/** 0, 20, … 100: six ticks from 0 to 100 % (SPEC §9). */
const Y_TICKS = Array.from(
  { length: WEAR_CHART_Y_TICKS },
  (_, i) => (i * WEAR_CHART_Y_MAX) / (WEAR_CHART_Y_TICKS - 1),
);

const AXIS_TICK = { fill: 'var(--hg-fg-subtle)', fontSize: 12 };

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
 * counts), y 0–100 % with six ticks, 400 px high (SPEC §9). The bars are drawn for sighted
 * users; the same numbers are in a table for everyone else.
 */
export function WearFrequencyChart({ points, itemCount, locale, action }: WearFrequencyChartProps) {
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
              style={{ width: '100%', height: CHART_HEIGHT_PX }}
              margin={{ top: 8, right: 8, bottom: 16, left: 0 }}
              accessibilityLayer={false}
            >
              <CartesianGrid vertical={false} stroke="var(--hg-line)" />
              <XAxis
                dataKey="timesWorn"
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={{ stroke: 'var(--hg-line-strong)' }}
                interval="preserveStartEnd"
                label={{
                  value: 'Times worn',
                  position: 'insideBottom',
                  offset: -8,
                  fill: 'var(--hg-fg-subtle)',
                  fontSize: 12,
                }}
              />
              <YAxis
                domain={[0, WEAR_CHART_Y_MAX]}
                ticks={Y_TICKS}
                tickCount={WEAR_CHART_Y_TICKS}
                allowDataOverflow
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={false}
                width={48}
                tickFormatter={(v: number) => formatStatPercent(v, locale)}
              />
              <Tooltip
                cursor={{ fill: 'var(--hg-surface-2)' }}
                content={<TooltipBody locale={locale} />}
                isAnimationActive={false}
              />
              <Bar
                dataKey="percent"
                fill="var(--hg-accent)"
                radius={[6, 6, 0, 0]}
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
