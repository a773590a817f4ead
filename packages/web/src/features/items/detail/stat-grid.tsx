import {
  formatDay,
  formatMoney,
  useFrequencyText,
  type ClothingItem,
  type ItemStats,
  type Settings,
} from '@hanger/domain';
import type { ReactNode } from 'react';

function Stat({
  label,
  value,
  note,
  wide,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`flex flex-col gap-1 rounded-2xl bg-surface-2 p-4 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="text-lg font-semibold tracking-tight text-fg tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-fg-subtle">{note}</dd>}
    </div>
  );
}

/** The derived stats of docs/spec.md §3, as the domain computes them. */
export function StatGrid({
  item,
  stats,
  settings,
}: {
  item: ClothingItem;
  stats: ItemStats;
  settings: Settings;
}) {
  const manual = item.manualTimesWorn ?? 0;
  return (
    <dl aria-label="Stats" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Stat
        label="Times worn"
        value={stats.totalTimesWorn}
        note={manual > 0 ? `${stats.calTimesWorn} logged · ${manual} earlier` : undefined}
      />
      <Stat
        label="Cost per wear"
        value={
          stats.costPerWear === undefined
            ? '—'
            : formatMoney(stats.costPerWear, settings.currency, settings.locale)
        }
        note={
          stats.costPerWear === undefined
            ? item.price === undefined
              ? 'Add a price'
              : 'Not worn yet'
            : undefined
        }
      />
      <Stat
        label="Last worn"
        value={stats.lastWorn ? formatDay(stats.lastWorn, settings.locale) : 'Never'}
      />
      <Stat label="Days in closet" value={stats.daysInCloset} />
      <Stat label="How often" value={useFrequencyText(stats.useFrequency)} wide />
      <Stat label="Outfits" value={stats.numOutfits} />
      <Stat label="Pairings" value={stats.numPairings} />
    </dl>
  );
}
