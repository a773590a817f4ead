import {
  COLOUR_SWATCHES,
  colourLabel,
  currencyName,
  DEFAULT_ITEM_FILTERS,
  isColourName,
  itemsOfColourPath,
  NO_BRAND_LABEL,
  SOURCE_NOT_SPECIFIED,
  STATS_EMPTY_BRANDS,
  STATS_EMPTY_RANGE,
  TIME_RANGE_LABELS,
  type ColourName,
  type ColourSlice,
  type ItemSortOption,
  type SortDirection,
} from '@hanger/domain';
import { ArrowRight, CalendarRange, ChartColumn } from 'lucide-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { displayLabel } from '../../components/chip-group';
import { EmptyState, EmptyWardrobe } from '../../components/empty-state';
import { Page } from '../../components/page';
import { WardrobeLoading } from '../../components/wardrobe-loading';
import { useClothesFilters } from '../../lib/stores/filters-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { brandColor } from './brand-colors';
import { PairingsPanel, SpendingPanel, WearFigures } from './figures';
import { CostPerWearLeaderLists, WearLeaders } from './leader-lists';
import { ShareChart, type ShareChartSlice } from './share-chart';
import { StatsSkeleton } from './stats-skeleton';
import { CollectionFilter, useCollectionFilter } from '../../components/collection-filter';
import { TimeRangeControl } from './time-range-control';
import { useStatsTimeRange } from './use-time-range';
import { useStatsView } from './use-stats-view';
import { WearFrequencyChart } from './wear-frequency-chart';

function Header({ subtitle }: { subtitle?: string }) {
  return (
    <header className="mb-4 min-w-0 md:mb-6">
      <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Stats</h1>
      {subtitle && <p className="mt-1 text-sm text-fg-muted">{subtitle}</p>}
    </header>
  );
}

/** A quiet text button that opens the Items tab in a sort that answers the card's question. */
function SortLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-8 items-center gap-1 rounded-full px-3 text-sm font-medium text-accent-ink transition-colors hover:bg-accent-soft"
    >
      {label}
      <ArrowRight aria-hidden="true" className="size-4" />
    </button>
  );
}

/** A chart can only fill a slice with one colour: the patterns get a solid stand-in. */
const PATTERN_FILLS: Partial<Record<ColourName, string>> = {
  metallic: '#b9b3a3',
  multicolour: '#9b6fb0',
};

function colourChartSlices(shares: readonly ColourSlice[] | undefined): ShareChartSlice[] {
  return (shares ?? []).map((s) => ({
    key: s.colour,
    label: colourLabel(s.colour),
    count: s.count,
    percent: s.percent,
    color: PATTERN_FILLS[s.colour] ?? COLOUR_SWATCHES[s.colour],
  }));
}

function sumOf(slices: readonly ShareChartSlice[]): number {
  return slices.reduce((n, s) => n + s.count, 0);
}

/** /stats: what the wardrobe cost, how it is worn and combined (docs/spec.md §2 "Stats screen"). */
export default function StatsPage() {
  const [range, setRange] = useStatsTimeRange();
  const collectionFilter = useCollectionFilter();
  const view = useStatsView(range, collectionFilter.collection);
  const hydrated = useWardrobeStore((s) => s.hydrated);
  const syncing = useSessionStore((s) => s.syncing);
  const navigate = useNavigate();

  const sourceSlices = useMemo<ShareChartSlice[]>(
    () =>
      (view?.stats.sourceShares ?? []).map((s) => ({
        key: s.source,
        label: displayLabel(s.label),
        count: s.count,
        percent: s.percent,
        color: s.color,
      })),
    [view],
  );
  const colourSlices = useMemo(() => colourChartSlices(view?.stats.colourShares), [view]);
  const wearColourSlices = useMemo(() => colourChartSlices(view?.stats.wearColourShares), [view]);
  const brandSlices = useMemo<ShareChartSlice[]>(
    () =>
      (view?.stats.brandShares ?? []).map((s, i) => ({
        key: s.label,
        label: s.label,
        count: s.count,
        percent: s.percent,
        color: brandColor(s, i),
      })),
    [view],
  );

  if (!view) {
    return (
      <Page>
        <Header />
        {!hydrated || syncing ? (
          <StatsSkeleton />
        ) : (
          <WardrobeLoading shape="square" label="Loading your stats" />
        )}
      </Page>
    );
  }

  const { stats, figures, settings } = view;
  const { locale } = settings;

  if (!view.ownsAnything) {
    return (
      <Page>
        <Header />
        <EmptyWardrobe
          icon={ChartColumn}
          title="Your numbers start with your clothes"
          description="Add the pieces you own, with what they cost, then log what you wear on the calendar. Spending, cost per wear and your favourites appear here."
        />
      </Page>
    );
  }

  /** Source slices open the Items tab filtered to that source (in the closet, its default). */
  const openSource = (slice: ShareChartSlice) => {
    const source = view.stats.sourceShares.find((s) => s.source === slice.key)?.source;
    if (!source) return;
    useClothesFilters.getState().setFilters({
      ...DEFAULT_ITEM_FILTERS,
      source: source === 'unknown' ? SOURCE_NOT_SPECIFIED : source,
    });
    navigate('/items');
  };
  /** A colour opens the Items tab filtered to it, through the URL the Items screen reads. */
  const openColour = (slice: ShareChartSlice) => {
    if (isColourName(slice.key)) navigate(itemsOfColourPath(slice.key));
  };
  /** Brands and wear counts are not filters of the Items tab: open it sorted instead. */
  const openSorted = (option: ItemSortOption, direction: SortDirection) => {
    useUiPrefsStore.getState().setItemSort(option, direction);
    navigate('/items');
  };

  const brandHint = 'Add the brand when you add or edit a piece.';
  // Every piece unbranded: the pie is one 'None specified' slice, so say how to fill it.
  const noBrands = stats.brandShares.every((slice) => slice.label === NO_BRAND_LABEL);
  const name = currencyName(stats.currency);
  const subtitle = `${TIME_RANGE_LABELS[range]} · prices in ${name ? `${name} (${stats.currency})` : stats.currency}`;

  return (
    <Page>
      <Header subtitle={subtitle} />
      {/* Stays in reach while scrolling a long page: below the top bar on wide screens. */}
      <div className="sticky top-0 z-30 -mx-4 mb-2 bg-canvas/90 px-4 backdrop-blur md:top-16 md:-mx-8 md:mb-4 md:px-8">
        <TimeRangeControl value={range} onChange={setRange} />
        <CollectionFilter {...collectionFilter} className="mt-2 pb-2" />
      </div>
      {stats.totalItems === 0 ? (
        <EmptyState
          icon={CalendarRange}
          title={STATS_EMPTY_RANGE}
          description="A piece counts from the day you got it. Choose a longer range to include more of your wardrobe."
          action={
            <Button variant="secondary" onClick={() => setRange('all')}>
              Show all time
            </Button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4 md:gap-6">
          <SpendingPanel figures={figures} year={view.today.slice(0, 4)} />
          <WearFigures figures={figures} />
          <div className="grid gap-4 md:gap-6 lg:grid-cols-12">
            <WearFrequencyChart
              points={stats.wearFrequency}
              itemCount={stats.totalItems}
              locale={locale}
              action={
                <SortLink
                  label="Items by times worn"
                  onClick={() => openSorted('Times Worn', 'desc')}
                />
              }
            />
            <PairingsPanel
              figures={figures}
              percent={stats.pairingsPercentage}
              versatile={view.mostPaired}
              settings={settings}
              className="lg:col-span-5"
            />
          </div>
          <div className="grid gap-4 md:gap-6 lg:grid-cols-12">
            <ShareChart
              title="Brands"
              description="Brands under 3% of your pieces are grouped."
              noun="Brand"
              slices={brandSlices}
              total={stats.totalItems}
              locale={locale}
              emptyText={STATS_EMPTY_BRANDS}
              emptyHint={brandHint}
              footnote={noBrands ? brandHint : undefined}
              action={
                <SortLink label="Items by brand" onClick={() => openSorted('Brand', 'asc')} />
              }
            />
            <ShareChart
              title="Sources"
              description="Where your pieces came from."
              noun="Source"
              slices={sourceSlices}
              total={stats.totalItems}
              locale={locale}
              emptyText={STATS_EMPTY_RANGE}
              onSelect={openSource}
              selectHint="show these pieces in your closet"
              footnote="Tap a source to see those pieces in your closet."
            />
          </div>
          <div className="grid gap-4 md:gap-6 lg:grid-cols-12">
            <ShareChart
              title="Colours"
              description="Your pieces by their main colour."
              noun="Colour"
              slices={colourSlices}
              total={sumOf(colourSlices)}
              locale={locale}
              emptyText="No colours yet."
              emptyHint="Colours are found from each photo; you can set them on a piece’s page."
              onSelect={openColour}
              selectHint="show these pieces in your closet"
              footnote="Tap a colour to see those pieces in your closet."
            />
            <ShareChart
              title="Colours you wear"
              description="Your wears by the main colour of the piece worn."
              noun="Colour"
              slices={wearColourSlices}
              unit={['wear', 'wears']}
              total={sumOf(wearColourSlices)}
              locale={locale}
              emptyText="No wears of pieces with a colour yet."
              emptyHint="Log what you wear on the calendar."
              onSelect={openColour}
              selectHint="show these pieces in your closet"
            />
          </div>
          <div className="grid gap-4 md:gap-6 lg:grid-cols-12">
            <WearLeaders view={view} />
          </div>
          <div className="grid gap-4 md:gap-6 lg:grid-cols-12">
            <CostPerWearLeaderLists view={view} />
          </div>
        </div>
      )}
    </Page>
  );
}
