import {
  COLLECTION_KIND_LABELS,
  DEFAULT_OUTFIT_FILTERS,
  TIME_RANGES,
  TIME_RANGE_LABELS,
  capsuleFigures,
  collectionPieceIds,
  formatDay,
  formatStatMoney,
  formatStatNumber,
  itemTileLabel,
  outfitsYouCanMake,
  packingProgress,
  packingProgressText,
  tripDays,
  type Collection,
  type OutfitFilters,
  type OutfitSortOption,
  type SortDirection,
  type TimeRange,
  type WardrobeData,
} from '@hanger/domain';
import {
  ArrowLeft,
  CalendarPlus,
  Check,
  Copy,
  Layers,
  Luggage,
  Pencil,
  Plus,
  Shirt,
  Trash2,
  X,
} from 'lucide-react';
import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, IconButton } from '../../components/button';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Select } from '../../components/field';
import { ItemPicker } from '../../components/item-picker/item-picker';
import { Page } from '../../components/page';
import { ContentSpinner } from '../../components/spinner';
import { WardrobeBrowser } from '../../components/wardrobe-browser';
import { addToCalendarDay } from '../../lib/stores/calendar-actions';
import {
  addToCollection,
  deleteCollection,
  duplicateCollection,
  loadCollections,
  removeFromCollection,
  setPacked,
  unpackAll,
  useCollection,
} from '../../lib/stores/collections-store';
import { useSessionStore } from '../../lib/stores/session-store';
import { toast } from '../../lib/stores/toast-store';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import { CollectionDialog } from './collection-dialog';
import { Thumbnail } from '../../components/thumbnail';
import { SelectionMark } from '../../components/wardrobe-grid';
import { useLongPress } from '../../lib/use-long-press';
import { useSelectMode, type GridSelection } from '../../lib/use-select-mode';

/** The select bar of Select mode (docs/select-many.md), loaded when the Select button is used. */
const SelectBar = lazy(() => import('../../components/select-bar'));

/** "1 Jul – 4 Jul 2026 · Lisbon" */
function tripText(c: Collection): string | null {
  const dates =
    c.startDate && c.endDate
      ? `${formatDay(c.startDate, 'en-GB')} – ${formatDay(c.endDate, 'en-GB')}`
      : c.startDate
        ? `From ${formatDay(c.startDate, 'en-GB')}`
        : null;
  return [dates, c.destination].filter(Boolean).join(' · ') || null;
}

/** A full-screen layer over the page, for the pickers. */
function Layer({ children, label }: { children: ReactNode; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      className="fixed inset-0 z-50 overflow-y-auto overscroll-contain bg-canvas"
    >
      {children}
    </div>
  );
}

/** The outfit picker: the Outfits view's sort and filter, outfits already on the list left out. */
function OutfitPicker({
  exclude,
  onClose,
  onAdd,
}: {
  exclude: ReadonlySet<string>;
  onClose: () => void;
  onAdd: (ids: string[]) => void;
}) {
  const [filters, setFilters] = useState<OutfitFilters>({ ...DEFAULT_OUTFIT_FILTERS });
  const savedSort = useUiPrefsStore((s) => s.outfitSortOption);
  const savedDirection = useUiPrefsStore((s) => s.outfitSortDirection);
  const [sort, setSort] = useState<OutfitSortOption>(savedSort);
  const [direction, setDirection] = useState<SortDirection>(savedDirection);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={scrollRef} className="fixed inset-0 z-50 overflow-y-auto bg-canvas">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 pt-4 md:px-8">
        <IconButton label="Back" icon={<ArrowLeft className="size-5" />} onClick={onClose} />
        <h2 className="text-xl font-semibold tracking-tight">Add outfits</h2>
      </div>
      <WardrobeBrowser
        kind="outfits"
        filters={filters}
        onFiltersChange={setFilters}
        onClearFilters={() => setFilters({ ...DEFAULT_OUTFIT_FILTERS })}
        sort={{
          option: sort,
          direction,
          onOptionChange: setSort,
          onDirectionChange: setDirection,
        }}
        columns="picker"
        selection={{
          selected: picked,
          onToggle: (id: string) =>
            setPicked((s) => {
              const next = new Set(s);
              if (next.has(id)) next.delete(id);
              else next.add(id);
              return next;
            }),
        }}
        exclude={exclude}
        stickTo="top"
        scrollElement={scrollRef}
        label="Outfits to add"
        empty={
          <EmptyState
            icon={Layers}
            title="No outfits to add"
            description="Every saved outfit is on this collection already, or you have none yet."
          />
        }
      />
      {picked.size > 0 && (
        <div className="pointer-events-none fixed inset-x-0 bottom-0 px-4 pb-[calc(1rem+env(safe-area-inset-bottom))]">
          <div className="pointer-events-auto mx-auto flex max-w-xl items-center gap-3 rounded-full border border-line bg-surface py-2 pr-2 pl-5 shadow-float">
            <p className="min-w-0 flex-1 text-sm text-fg-muted">
              <span className="font-semibold text-fg tabular-nums">{picked.size}</span> selected
            </p>
            <Button size="lg" onClick={() => onAdd([...picked])}>
              Add {picked.size}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

interface PieceTileProps {
  id: string;
  data: WardrobeData;
  label: string;
  packing: boolean;
  packed: boolean;
  /** Listed itself (removable), or only through an outfit. */
  direct: boolean;
  onPacked: (packed: boolean) => void;
  onRemove: () => void;
  /** Select mode: the tile is a toggle (shift: the range from the last one toggled). */
  selection?: GridSelection;
  /** Outside Select mode, a long press on a touch screen starts it with this piece chosen. */
  onStartSelect?: (id: string) => void;
}

function PieceTile({
  id,
  data,
  label,
  packing,
  packed,
  direct,
  onPacked,
  onRemove,
  selection,
  onStartSelect,
}: PieceTileProps) {
  const press = useLongPress(selection || !onStartSelect ? undefined : () => onStartSelect(id));
  const item = data.clothes[id];
  if (!item) return null;
  const archived = item.status === 'archived';
  const photo = (
    <>
      <Thumbnail of={item} alt={label} className="size-full object-cover" />
      {archived && (
        <span className="absolute top-2 left-2 rounded-full bg-surface/90 px-2 py-0.5 text-xs font-medium text-fg-muted">
          Archived
        </span>
      )}
    </>
  );
  const frame = `relative block aspect-square w-full overflow-hidden rounded-2xl border border-line bg-surface-2 ${packed ? 'opacity-60' : ''}`;
  return (
    <li className="group relative flex flex-col gap-2">
      {selection ? (
        <button
          type="button"
          aria-label={label}
          aria-pressed={selection.selected.has(id)}
          onClick={(e) => selection.onToggle(id, e.shiftKey)}
          className={`${frame} cursor-pointer`}
        >
          {photo}
          <SelectionMark selected={selection.selected.has(id)} />
        </button>
      ) : (
        <Link
          to={`/items/${encodeURIComponent(id)}`}
          className={`${frame} [-webkit-touch-callout:none]`}
          {...press}
        >
          {photo}
        </Link>
      )}
      <div className="flex min-w-0 items-center gap-2">
        {packing ? (
          <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={packed}
              onChange={(e) => onPacked(e.target.checked)}
              className="size-5 shrink-0 accent-[var(--color-accent)]"
              aria-label={`Packed: ${label}`}
            />
            <span className={`truncate ${packed ? 'text-fg-muted line-through' : 'text-fg'}`}>
              {label}
            </span>
          </label>
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm text-fg">{label}</span>
        )}
        {direct ? (
          <RemoveButton what={label} onRemove={onRemove} className="-mr-1 shrink-0" />
        ) : (
          <span className="shrink-0 text-xs text-fg-subtle" title="In an outfit on this list">
            in outfit
          </span>
        )}
      </div>
    </li>
  );
}

/** Takes a piece or an outfit off the list ("Remove Blue shirt"). */
function RemoveButton({
  what,
  onRemove,
  className,
}: {
  what: string;
  onRemove?: () => void;
  className: string;
}) {
  return (
    <IconButton
      label={`Remove ${what}`}
      icon={<X className="size-4" />}
      size="sm"
      onClick={onRemove}
      className={className}
    />
  );
}

function OutfitTile({
  id,
  data,
  onRemove,
}: {
  id: string;
  data: WardrobeData;
  onRemove?: () => void;
}) {
  const outfit = data.outfits[id];
  if (!outfit) return null;
  return (
    <li className="relative">
      <Link
        to={`/outfits/${encodeURIComponent(id)}`}
        className="block aspect-[2/3] overflow-hidden rounded-2xl border border-line bg-white"
      >
        <Thumbnail of={outfit} alt="Outfit" className="size-full object-contain" />
      </Link>
      {onRemove && (
        <RemoveButton
          what="outfit"
          onRemove={onRemove}
          className="absolute top-2 right-2 bg-surface/90 shadow-sm"
        />
      )}
    </li>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4">
      <dt className="text-xs font-medium text-fg-muted">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">{value}</dd>
    </div>
  );
}

function CapsuleFigures({ collection, data }: { collection: Collection; data: WardrobeData }) {
  const settings = useSessionStore((s) => s.user?.settings);
  const [range, setRange] = useState<TimeRange>('all');
  const figures = useMemo(
    () => (settings ? capsuleFigures(collection, data, settings, range) : null),
    [collection, data, settings, range],
  );
  if (!settings || !figures) return null;
  const money = (n: number) => formatStatMoney(n, settings.currency, settings.locale);
  return (
    <section aria-labelledby="capsule-figures" className="mb-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="capsule-figures" className="text-lg font-semibold tracking-tight">
          Capsule figures
        </h2>
        <label className="flex items-center gap-2 text-sm text-fg-muted">
          <span>Time range</span>
          <Select
            value={range}
            onChange={(e) => setRange(e.target.value as TimeRange)}
            className="w-44"
          >
            {TIME_RANGES.map((r) => (
              <option key={r} value={r}>
                {TIME_RANGE_LABELS[r]}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label="Pieces" value={formatStatNumber(figures.pieces, settings.locale)} />
        <Figure
          label="Outfits possible"
          value={formatStatNumber(figures.outfitsPossible, settings.locale)}
        />
        <Figure label="Wears" value={formatStatNumber(figures.wears, settings.locale)} />
        <Figure label="Spend" value={money(figures.spend)} />
        <Figure
          label="Cost per wear"
          value={figures.costPerWear === undefined ? '—' : money(figures.costPerWear)}
        />
      </dl>
      <h3 className="mt-5 mb-2 text-sm font-semibold">Coverage by category</h3>
      <ul className="flex flex-wrap gap-2">
        {figures.coverage.map(({ category, count }) => (
          <li
            key={category}
            className={`rounded-full border px-3 py-1 text-sm ${
              count > 0
                ? 'border-line-strong bg-surface text-fg'
                : 'border-dashed border-line text-fg-subtle'
            }`}
          >
            <span className="capitalize">{category}</span>{' '}
            <span className="tabular-nums">{count}</span>
          </li>
        ))}
      </ul>
      <h3 className="mt-5 mb-2 text-sm font-semibold">
        Never worn in this range{' '}
        <span className="font-normal text-fg-muted tabular-nums">({figures.neverWorn.length})</span>
      </h3>
      {figures.neverWorn.length === 0 ? (
        <p className="text-sm text-fg-muted">Every piece was worn at least once.</p>
      ) : (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {figures.neverWorn.map((id) => {
            const item = data.clothes[id];
            if (!item) return null;
            return (
              <li key={id} className="shrink-0">
                <Link to={`/items/${encodeURIComponent(id)}`}>
                  <img
                    src={item.thumbnail || item.image}
                    alt={itemTileLabel(item, settings)}
                    crossOrigin="anonymous"
                    className="size-16 rounded-xl border border-line bg-surface-2 object-cover"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Plan the trip: one outfit for each day of the trip, put on the calendar as planned wears. */
function PlanTripDialog({
  open,
  onClose,
  collection,
  outfits,
}: {
  open: boolean;
  onClose: () => void;
  collection: Collection;
  outfits: string[];
}) {
  const days = tripDays(collection);
  const [plan, setPlan] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    // Start from the outfits in turn, one a day.
    setPlan(
      Object.fromEntries(
        days.flatMap((d, i) => (outfits.length > 0 ? [[d, outfits[i % outfits.length]!]] : [])),
      ),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  async function save() {
    const chosen = Object.entries(plan).filter(([, id]) => id);
    for (const [day, id] of chosen) await addToCalendarDay(day, { outfits: [id] });
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Plan the trip"
      description="Pick an outfit for each day; they go on your calendar as planned wears."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={outfits.length === 0}>
            Add to calendar
          </Button>
        </>
      }
    >
      {outfits.length === 0 ? (
        <p className="text-sm text-fg-muted">
          Add outfits to the list, or pieces that make a saved outfit, to plan with them.
        </p>
      ) : (
        <ul className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
          {days.map((day, i) => (
            <li key={day} className="flex items-center gap-3">
              <span className="w-28 shrink-0 text-sm font-medium">{formatDay(day, 'en-GB')}</span>
              <Select
                aria-label={`Outfit for ${formatDay(day, 'en-GB')}`}
                value={plan[day] ?? ''}
                onChange={(e) => setPlan((p) => ({ ...p, [day]: e.target.value }))}
                className="flex-1"
              >
                <option value="">Nothing planned</option>
                {outfits.map((id, n) => (
                  <option key={id} value={id}>
                    Outfit {n + 1}
                  </option>
                ))}
              </Select>
              <span className="sr-only">Day {i + 1}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** /groups/collections/{id}: one packing list or capsule (docs/collections.md). */
export default function CollectionPage() {
  const { id } = useParams();
  const collection = useCollection(id);
  const data = useWardrobeStore((s) => s.data);
  const settings = useSessionStore((s) => s.user?.settings);
  const navigate = useNavigate();
  const [picker, setPicker] = useState<'items' | 'outfits' | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [planning, setPlanning] = useState(false);

  useEffect(() => {
    void loadCollections();
  }, []);

  const pieces = useMemo(
    () => (collection && data ? collectionPieceIds(collection, data) : []),
    [collection, data],
  );
  const select = useSelectMode(pieces);
  const makeable = useMemo(
    () => (data && collection ? outfitsYouCanMake(pieces, data) : []),
    [data, collection, pieces],
  );

  if (collection === null || !data || !settings) return <ContentSpinner />;
  if (collection === undefined) {
    return (
      <Page width="md">
        <EmptyState
          icon={Luggage}
          title="Collection not found"
          description="It may have been deleted on another device."
          action={
            <Button variant="secondary" onClick={() => navigate('/groups')}>
              Back to groups
            </Button>
          }
        />
      </Page>
    );
  }

  const packing = collection.kind === 'packing';
  const progress = packingProgress(collection, data);
  const packedSet = new Set(collection.packedIds);
  const direct = new Set(collection.itemIds);
  const trip = packing ? tripText(collection) : null;
  const days = tripDays(collection);
  const empty = collection.itemIds.length === 0 && collection.outfitIds.length === 0;
  const label = (itemId: string) => {
    const item = data.clothes[itemId];
    return item ? itemTileLabel(item, settings) : '';
  };

  return (
    <Page>
      <header className="mb-6 flex flex-wrap items-start gap-2 md:mb-8">
        <IconButton
          label="Back to groups"
          icon={<ArrowLeft className="size-5" />}
          onClick={() => navigate('/groups')}
          className="-ml-2"
        />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-accent-ink uppercase">
            {COLLECTION_KIND_LABELS[collection.kind]}
          </p>
          <h1 className="truncate text-2xl font-semibold tracking-tight md:text-3xl">
            {collection.name}
          </h1>
          {(trip || collection.note) && (
            <p className="mt-1 text-sm text-fg-muted">
              {[trip, collection.note].filter(Boolean).join(' — ')}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <IconButton
            label="Edit name and dates"
            icon={<Pencil className="size-5" />}
            onClick={() => setEditing(true)}
          />
          <IconButton
            label={packing ? 'Copy for the next trip' : 'Duplicate'}
            icon={<Copy className="size-5" />}
            onClick={() => {
              const copy = duplicateCollection(collection);
              toast.success('Collection copied', `“${collection.name}” was copied.`);
              navigate(`/groups/collections/${encodeURIComponent(copy)}`);
            }}
          />
          <IconButton
            label="Delete collection"
            icon={<Trash2 className="size-5" />}
            onClick={() => setConfirmDelete(true)}
          />
        </div>
      </header>

      <div className="mb-6 flex flex-wrap gap-2">
        <Button icon={<Plus className="size-4" />} onClick={() => setPicker('items')}>
          Add items
        </Button>
        <Button
          variant="secondary"
          icon={<Layers className="size-4" />}
          onClick={() => setPicker('outfits')}
        >
          Add outfits
        </Button>
        {packing && days.length > 0 && (
          <Button
            variant="secondary"
            icon={<CalendarPlus className="size-4" />}
            onClick={() => setPlanning(true)}
          >
            Plan the trip
          </Button>
        )}
      </div>

      {packing && !empty && (
        <section
          aria-label="Packing progress"
          className="mb-8 rounded-2xl border border-line bg-surface p-4"
        >
          <div className="flex items-center justify-between gap-3">
            <p className="text-sm font-semibold tabular-nums" aria-live="polite">
              {packingProgressText(progress)}
            </p>
            <Button
              size="sm"
              variant="ghost"
              disabled={progress.packed === 0}
              onClick={() => void unpackAll(collection)}
            >
              Unpack all
            </Button>
          </div>
          <div
            className="mt-3 h-2 overflow-hidden rounded-full bg-surface-2"
            role="progressbar"
            aria-label="Packed"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.packed}
          >
            <div
              className="h-full rounded-full bg-accent transition-[width]"
              style={{
                width: `${progress.total ? (100 * progress.packed) / progress.total : 0}%`,
              }}
            />
          </div>
          {progress.total > 0 && progress.packed === progress.total && (
            <p className="mt-2 flex items-center gap-1 text-sm text-accent-ink">
              <Check aria-hidden="true" className="size-4" /> All packed. Have a good trip!
            </p>
          )}
        </section>
      )}

      {!packing && !empty && <CapsuleFigures collection={collection} data={data} />}

      {empty ? (
        <EmptyState
          icon={packing ? Luggage : Shirt}
          title={packing ? 'Nothing packed yet' : 'An empty capsule'}
          description="Add items and outfits from your wardrobe."
          action={<Button onClick={() => setPicker('items')}>Add items</Button>}
        />
      ) : (
        <>
          <section aria-labelledby="pieces" className="mb-8">
            <div className="mb-3 flex items-center justify-between gap-3">
              <h2 id="pieces" className="text-lg font-semibold tracking-tight">
                Pieces <span className="text-sm font-normal text-fg-muted">{pieces.length}</span>
              </h2>
              {pieces.length > 0 && !select.selection && (
                <Button size="sm" variant="secondary" onClick={() => select.start()}>
                  Select
                </Button>
              )}
            </div>
            {select.selection && (
              <div className="-mx-4 mb-4 md:-mx-8">
                <Suspense fallback={<div className="h-16" />}>
                  <SelectBar
                    kind="clothes"
                    selectedIds={select.shownIds}
                    total={pieces.length}
                    onSelectAll={select.selectAll}
                    onSelectNone={select.clear}
                    onDone={select.stop}
                    stickTo="shell"
                  />
                </Suspense>
              </div>
            )}
            {pieces.length === 0 ? (
              <p className="text-sm text-fg-muted">No pieces yet.</p>
            ) : (
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
                {pieces.map((pieceId) => (
                  <PieceTile
                    key={pieceId}
                    id={pieceId}
                    data={data}
                    label={label(pieceId)}
                    packing={packing}
                    packed={packedSet.has(pieceId)}
                    direct={direct.has(pieceId)}
                    onPacked={(p) => void setPacked(collection.id, [pieceId], p)}
                    onRemove={() => void removeFromCollection(collection.id, 'item', pieceId)}
                    selection={select.selection}
                    onStartSelect={select.start}
                  />
                ))}
              </ul>
            )}
          </section>

          {collection.outfitIds.length > 0 && (
            <section aria-labelledby="outfits" className="mb-8">
              <h2 id="outfits" className="mb-3 text-lg font-semibold tracking-tight">
                Outfits{' '}
                <span className="text-sm font-normal text-fg-muted">
                  {collection.outfitIds.length}
                </span>
              </h2>
              <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
                {collection.outfitIds.map((outfitId) => (
                  <OutfitTile
                    key={outfitId}
                    id={outfitId}
                    data={data}
                    onRemove={() => void removeFromCollection(collection.id, 'outfit', outfitId)}
                  />
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="makeable" className="mb-8">
            <h2 id="makeable" className="mb-1 text-lg font-semibold tracking-tight">
              Outfits you can make{' '}
              <span className="text-sm font-normal text-fg-muted">{makeable.length}</span>
            </h2>
            <p className="mb-3 text-sm text-fg-muted">
              Saved outfits whose pieces are all on this {packing ? 'list' : 'capsule'}.
            </p>
            {makeable.length === 0 ? (
              <p className="text-sm text-fg-subtle">
                None yet: add the rest of an outfit’s pieces.
              </p>
            ) : (
              <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6 lg:grid-cols-8">
                {makeable.map((outfitId) => (
                  <OutfitTile key={outfitId} id={outfitId} data={data} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      {picker === 'items' && (
        <Layer label="Add items">
          <ItemPicker
            title="Add items"
            exclude={direct}
            onBack={() => setPicker(null)}
            onAdd={(ids) => {
              void addToCollection(collection.id, ids);
              setPicker(null);
            }}
          />
        </Layer>
      )}
      {picker === 'outfits' && (
        <OutfitPicker
          exclude={new Set(collection.outfitIds)}
          onClose={() => setPicker(null)}
          onAdd={(ids) => {
            void addToCollection(collection.id, [], ids);
            setPicker(null);
          }}
        />
      )}

      <CollectionDialog open={editing} onClose={() => setEditing(false)} collection={collection} />
      <PlanTripDialog
        open={planning}
        onClose={() => setPlanning(false)}
        collection={collection}
        outfits={[...new Set([...collection.outfitIds, ...makeable])]}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${collection.name}”?`}
        description="The collection goes; its items and outfits stay in your wardrobe."
        confirmLabel="Delete"
        destructive
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void deleteCollection(collection.id);
          toast.success('Delete successful');
          navigate('/groups');
        }}
      />
    </Page>
  );
}
