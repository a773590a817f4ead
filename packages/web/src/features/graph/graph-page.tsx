import {
  graphCategories,
  graphScope,
  rankPairs,
  rankPartners,
  wardrobeOfCollection,
  type Category,
} from '@hanger/domain';
import { Eye, EyeOff, Shirt, Waypoints } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { CollectionFilter, useCollectionFilter } from '../../components/collection-filter';
import { AddLink, EmptyState, EmptyWardrobe } from '../../components/empty-state';
import { Page, PageHeader } from '../../components/page';
import { Skeleton } from '../../components/skeleton';
import { WardrobeLoading } from '../../components/wardrobe-loading';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { CategoryChips } from './category-chips';
import { GraphLegend } from './graph-legend';
import { buildGraphModel, type GraphModel } from './graph-model';
import { useGraphTheme, type GraphTheme } from './graph-theme';
import { ItemPanel } from './item-panel';
import { PairingsList } from './pairings-list';

// The renderer (sigma, graphology, the layout worker) loads after the page's words and lists.
const GraphCanvas = lazy(() => import('./graph-canvas'));

const CANVAS_HEIGHT = 'h-[56dvh] min-h-80 lg:h-[calc(100dvh-19rem)] lg:min-h-[26rem]';

const count = (n: number, one: string, many: string, locale: string) =>
  `${n.toLocaleString(locale)} ${n === 1 ? one : many}`;

/** /graph: items as photos, joined by the outfits that pair them. */
export default function GraphPage() {
  const data = useWardrobeStore((s) => s.data);
  const hydrated = useWardrobeStore((s) => s.hydrated);
  const syncing = useSessionStore((s) => s.syncing);
  const settings = useSessionStore((s) => s.user?.settings);
  const theme = useGraphTheme();
  // Limited to one collection: its pieces and the outfits made only of them.
  const filter = useCollectionFilter();
  const { collection } = filter;
  const scoped = useMemo(
    () => (data && collection ? wardrobeOfCollection(collection, data) : data),
    [data, collection],
  );
  const model = useMemo(
    () => (scoped && settings ? buildGraphModel(scoped, settings) : null),
    [scoped, settings],
  );

  if (!data || !settings || !model) {
    const failed = hydrated && !syncing;
    return (
      <Page>
        <PageHeader title="Graph" />
        {failed ? (
          <WardrobeLoading shape="square" label="Loading your graph" />
        ) : (
          <div role="status" aria-label="Loading your graph">
            <Skeleton className={`w-full ${CANVAS_HEIGHT}`} />
          </div>
        )}
      </Page>
    );
  }

  if (collection && model.edges.length === 0) {
    return (
      <Page>
        <PageHeader title="Graph" />
        <CollectionFilter {...filter} className="mb-6" />
        <EmptyState
          icon={Waypoints}
          title="No pairings in this collection"
          description="None of its outfits joins two of its pieces yet. Add outfits to the collection, or choose the whole wardrobe."
        />
      </Page>
    );
  }

  if (Object.keys(data.clothes).length === 0) {
    return (
      <Page>
        <PageHeader title="Graph" />
        <EmptyWardrobe
          icon={Shirt}
          title="Nothing to connect yet"
          description="Add a few pieces to your closet, then put them together in outfits. Pieces worn together are joined here, and the pairs you wear most draw closest."
        />
      </Page>
    );
  }

  if (model.edges.length === 0) {
    return (
      <Page>
        <PageHeader title="Graph" />
        <EmptyState
          icon={Waypoints}
          title="No pairings yet"
          description="Make an outfit from two or more pieces in the composer. Every outfit links its pieces here, and the pairs you wear most draw closest."
          action={<AddLink to="/outfits/upload">Create an outfit</AddLink>}
        />
      </Page>
    );
  }

  return (
    <PairingGraph
      // A new scope starts afresh: no category, selection or unpaired pieces carried over.
      key={collection?.id ?? ''}
      model={model}
      theme={theme}
      locale={settings.locale}
      filter={<CollectionFilter {...filter} className="mb-3" />}
    />
  );
}

function PairingGraph({
  model,
  theme,
  locale,
  filter,
}: {
  model: GraphModel;
  theme: GraphTheme;
  locale: string;
  /** The Collection dropdown (nothing while the account has no collection). */
  filter: ReactNode;
}) {
  const [chosenCategory, setCategory] = useState<Category | undefined>(undefined);
  const [showUnpaired, setShowUnpaired] = useState(false);
  const [selection, setSelection] = useState<{ id: string; fromList: boolean } | null>(null);
  const [focusKey, setFocusKey] = useState(0);

  const categoryOf = useCallback((id: string) => model.items.get(id)?.category, [model]);
  const extra = useMemo(() => (showUnpaired ? model.unpaired : []), [showUnpaired, model]);
  const categories = useMemo(
    () => graphCategories([...model.paired, ...extra], categoryOf),
    [model, extra, categoryOf],
  );
  // A category that left the view (unpaired pieces hidden again) falls back to All.
  const category =
    chosenCategory && categories.includes(chosenCategory) ? chosenCategory : undefined;
  const scope = useMemo(
    () => graphScope(model, categoryOf, category, extra),
    [model, categoryOf, category, extra],
  );
  // Worn together most first, as the list's caption says; the canvas keeps weighing by outfits.
  const pairs = useMemo(() => rankPairs(scope.edges, model.together), [scope, model]);
  const partnerCount = useCallback((id: string) => model.pairings.get(id)?.length ?? 0, [model]);

  const selectedId = selection && scope.nodes.has(selection.id) ? selection.id : null;
  const selectedItem = selectedId ? model.items.get(selectedId) : undefined;
  // What the selected piece is worn with most, by the rule of Top pairings (rankPairs).
  const partners = useMemo(
    () =>
      selectedId ? rankPartners(selectedId, model.pairings.get(selectedId), model.together) : [],
    [selectedId, model],
  );

  const selectFromCanvas = useCallback(
    (id: string | null) => setSelection(id ? { id, fromList: false } : null),
    [],
  );
  const cardRef = useRef<HTMLDivElement>(null);
  const selectFromList = useCallback((id: string) => {
    setSelection({ id, fromList: true });
    setFocusKey((k) => k + 1);
    // On a phone the lists sit below the canvas: bring the canvas (and the panel on it) back.
    cardRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const summary = `${count(scope.nodes.size, 'item', 'items', locale)} · ${count(scope.edges.length, 'pairing', 'pairings', locale)}`;
  const unpairedCount = model.unpaired.length;

  return (
    <Page className="lg:pb-6">
      <PageHeader
        title="Graph"
        subtitle={summary}
        actions={
          unpairedCount > 0 && (
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={showUnpaired}
              icon={
                showUnpaired ? (
                  <EyeOff aria-hidden="true" className="size-4" />
                ) : (
                  <Eye aria-hidden="true" className="size-4" />
                )
              }
              onClick={() => setShowUnpaired((v) => !v)}
              className="aria-pressed:border-fg aria-pressed:bg-surface-2"
              title="Pieces that are in no outfit with anything else yet"
            >
              {/* The name is what shows: the short form on a phone, the full one elsewhere. */}
              <span>
                <span className="max-sm:hidden">Show unpaired</span>
                <span className="sm:hidden">Unpaired</span> ({unpairedCount.toLocaleString(locale)})
              </span>
            </Button>
          )
        }
      />
      {filter}
      <CategoryChips
        categories={categories}
        value={category}
        onChange={(c) => {
          setCategory(c);
          setSelection(null);
        }}
        colours={theme.categories}
      />

      <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-6 [grid-template-areas:'canvas'_'side'] lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-6 lg:[grid-template-areas:'canvas_side']">
        <div
          ref={cardRef}
          className="scroll-mt-4 overflow-hidden rounded-tile border border-line bg-surface [grid-area:canvas]"
        >
          <div className={`relative ${CANVAS_HEIGHT}`}>
            <Suspense
              fallback={
                <div role="status" aria-label="Loading the graph" className="absolute inset-0">
                  <Skeleton className="size-full rounded-none" />
                </div>
              }
            >
              <GraphCanvas
                model={model}
                scope={scope}
                category={category}
                showUnpaired={showUnpaired}
                selected={selectedId}
                partners={partners}
                focusKey={focusKey}
                onSelect={selectFromCanvas}
                theme={theme}
                label={`Pairing graph: ${summary}`}
              />
            </Suspense>
          </div>
          <div className="border-t border-line px-4 py-3">
            <GraphLegend theme={theme} />
          </div>
        </div>

        {selectedItem && (
          <div className="z-10 m-2 max-h-[calc(100%-1rem)] self-end [grid-area:canvas] lg:relative lg:m-0 lg:max-h-none lg:self-start lg:[grid-area:side]">
            <ItemPanel
              item={selectedItem}
              partners={partners}
              items={model.items}
              colours={theme.categories}
              takeFocus={selection?.fromList ?? false}
              onSelect={selectFromList}
              onClose={() => setSelection(null)}
            />
          </div>
        )}

        <div className={`[grid-area:side] lg:relative ${selectedItem ? 'lg:hidden' : ''}`}>
          <div className="lg:absolute lg:inset-0 lg:overflow-y-auto lg:pr-1">
            <PairingsList
              pairs={pairs}
              nodes={scope.nodes}
              items={model.items}
              partnerCount={partnerCount}
              category={category}
              onSelect={selectFromList}
            />
          </div>
        </div>
      </div>
    </Page>
  );
}
