import {
  DEFAULT_OUTFIT_FILTERS,
  idsOnDay,
  type OutfitFilters,
  type OutfitSortOption,
  type SortDirection,
} from '@hanger/domain';
import { Layers, Plus, Sparkles, X } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { Button, IconButton, buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { ItemPicker } from '../../components/item-picker/item-picker';
import { WardrobeBrowser } from '../../components/wardrobe-browser';
import { addToCalendarDay } from '../../lib/stores/calendar-actions';
import { useUiPrefsStore } from '../../lib/stores/ui-prefs-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import type { ComposerSlotProps } from './calendar-day-page';

export interface DayPickerProps {
  /** YYYY-MM-DD */
  day: string;
  /** The day as the header shows it, e.g. "5 Mar 2024". */
  title: string;
  /** Closed without saving. */
  onClose: () => void;
  /** The choice was added to the day (optimistically; the toast tells how the save went). */
  onSaved: () => void;
  /** 'New outfit': the composer, drawn over the picker. */
  renderComposer?: (props: ComposerSlotProps) => ReactNode;
  /** The user has started choosing (or composing). */
  onTouched?: () => void;
  /** A day ahead: where its suggestions are (README, "What to wear"). */
  whatToWearTo?: string;
}

type Tab = 'items' | 'outfits';

function toggled(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/**
 * The day picker (docs/spec.md §2): tabs 'Items (n)' and 'Outfits (n)' with what is chosen on each,
 * sort and filter in both, nothing that is already on the day, a save bar with the total, and 'New
 * outfit', whose saved outfit joins the chosen outfits. A full-screen layer over the day.
 */
export default function DayPicker({
  day,
  title,
  onClose,
  onSaved,
  renderComposer,
  onTouched,
  whatToWearTo,
}: DayPickerProps) {
  const calendar = useWardrobeStore((s) => s.data?.calendar);
  const [tab, setTab] = useState<Tab>('items');
  const [items, setItems] = useState<ReadonlySet<string>>(() => new Set());
  const [outfits, setOutfits] = useState<ReadonlySet<string>>(() => new Set());
  const [composing, setComposing] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const tabsId = useId();

  // What is on the day is not offered again: logging it twice would still be one wear. Read once,
  // so that the choice does not shift while the picker is open.
  const [onDay] = useState(() => idsOnDay(calendar ?? {}, day));

  const [outfitFilters, setOutfitFilters] = useState<OutfitFilters>({ ...DEFAULT_OUTFIT_FILTERS });
  const savedOutfitSort = useUiPrefsStore((s) => s.outfitSortOption);
  const savedOutfitDirection = useUiPrefsStore((s) => s.outfitSortDirection);
  const [outfitSort, setOutfitSort] = useState<OutfitSortOption>(savedOutfitSort);
  const [outfitDirection, setOutfitDirection] = useState<SortDirection>(savedOutfitDirection);

  const total = items.size + outfits.size;
  useEffect(() => {
    if (total > 0 || composing) onTouched?.();
  }, [total, composing, onTouched]);

  useEffect(() => {
    closeRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  useEffect(() => {
    // A new tab starts at its top.
    scrollRef.current?.scrollTo({ top: 0 });
  }, [tab]);

  const layerRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      // The filter panel (a native dialog) and the composer handle their own keys.
      if (e.defaultPrevented || composing || (e.target as HTMLElement).closest('dialog')) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'Tab') {
        // Keep the focus inside the layer: the screen behind it is covered.
        const focusable = [
          ...(layerRef.current?.querySelectorAll<HTMLElement>(
            'button:not([disabled]), a[href], select, input, [tabindex]:not([tabindex="-1"])',
          ) ?? []),
        ].filter((el) => el.offsetParent !== null || el === document.activeElement);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    },
    [composing, onClose],
  );

  function save() {
    void addToCalendarDay(day, { clothes: [...items], outfits: [...outfits] });
    onSaved();
  }

  const toggleItem = useCallback((id: string) => setItems((s) => toggled(s, id)), []);
  const outfitSelection = useMemo(
    () => ({ selected: outfits, onToggle: (id: string) => setOutfits((s) => toggled(s, id)) }),
    [outfits],
  );

  const tabs: { id: Tab; label: string; count: number }[] = [
    { id: 'items', label: 'Items', count: items.size },
    { id: 'outfits', label: 'Outfits', count: outfits.size },
  ];

  function onTabKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next: Tab = tab === 'items' ? 'outfits' : 'items';
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  }

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Add to ${title}`}
      ref={layerRef}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex animate-fade-in flex-col bg-canvas"
    >
      <div className="shrink-0 border-b border-line bg-canvas pt-safe">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-2 md:px-6">
          <IconButton
            ref={closeRef}
            label="Close"
            icon={<X className="size-5" />}
            onClick={onClose}
          />
          <div className="min-w-0 flex-1">
            <h2 className="truncate text-lg font-semibold tracking-tight">Add to {title}</h2>
          </div>
          {whatToWearTo && (
            <Link to={whatToWearTo} className={buttonClass('ghost', 'md', 'max-sm:px-3')}>
              <Sparkles aria-hidden="true" className="size-4" />
              <span className="max-sm:sr-only">What to wear</span>
            </Link>
          )}
          {renderComposer && (
            <Button
              variant="secondary"
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => setComposing(true)}
            >
              New outfit
            </Button>
          )}
        </div>
        <div
          role="tablist"
          aria-label="What to add"
          onKeyDown={onTabKey}
          className="mx-auto flex max-w-7xl gap-6 px-4 md:px-8"
        >
          {tabs.map((t) => {
            const active = tab === t.id;
            return (
              <button
                key={t.id}
                id={`${tabsId}-${t.id}`}
                type="button"
                role="tab"
                aria-selected={active}
                aria-controls={`${tabsId}-panel`}
                tabIndex={active ? 0 : -1}
                onClick={() => setTab(t.id)}
                className={
                  'relative -mb-px h-11 border-b-2 text-sm font-semibold tabular-nums transition-colors ' +
                  (active
                    ? 'border-accent text-fg'
                    : 'border-transparent text-fg-muted hover:text-fg')
                }
              >
                {t.label} ({t.count})
              </button>
            );
          })}
        </div>
      </div>

      <div
        ref={scrollRef}
        id={`${tabsId}-panel`}
        role="tabpanel"
        aria-labelledby={`${tabsId}-${tab}`}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
      >
        {tab === 'items' ? (
          <ItemPicker
            key="items"
            selected={items}
            onToggle={toggleItem}
            exclude={onDay.clothes}
            scrollElement={scrollRef}
          />
        ) : (
          <WardrobeBrowser
            key="outfits"
            kind="outfits"
            filters={outfitFilters}
            onFiltersChange={setOutfitFilters}
            onClearFilters={() => setOutfitFilters({ ...DEFAULT_OUTFIT_FILTERS })}
            sort={{
              option: outfitSort,
              direction: outfitDirection,
              onOptionChange: setOutfitSort,
              onDirectionChange: setOutfitDirection,
            }}
            columns="picker"
            selection={outfitSelection}
            exclude={onDay.outfits}
            stickTo="top"
            scrollElement={scrollRef}
            label="Outfits to add"
            empty={
              <NothingToAdd onNewOutfit={renderComposer ? () => setComposing(true) : undefined} />
            }
          />
        )}
        {/* Room for the save bar, so the last row can scroll above it (and above the connection
            pill, which stands on the bar: styles.css). */}
        {total > 0 && <div aria-hidden="true" className="h-[calc(6rem+var(--hg-pill-lift,0px))]" />}
      </div>

      {total > 0 && (
        <div
          data-toast-floor="bar"
          className="pointer-events-none absolute inset-x-0 bottom-0 px-4 pb-[calc(1rem+env(safe-area-inset-bottom))]"
        >
          <div className="pointer-events-auto mx-auto flex max-w-xl animate-fade-in items-center gap-3 rounded-full border border-line bg-surface py-2 pr-2 pl-5 shadow-float">
            <p className="min-w-0 flex-1 truncate text-sm text-fg-muted" aria-live="polite">
              <span className="font-semibold text-fg tabular-nums">{total}</span> selected
              {items.size > 0 && outfits.size > 0 && (
                <span className="hidden sm:inline">
                  {' '}
                  · {items.size} {items.size === 1 ? 'item' : 'items'}, {outfits.size}{' '}
                  {outfits.size === 1 ? 'outfit' : 'outfits'}
                </span>
              )}
            </p>
            <Button size="lg" onClick={save}>
              Add {total}
            </Button>
          </div>
        </div>
      )}

      {composing &&
        renderComposer?.({
          onSaved: (id) => {
            setOutfits((s) => new Set(s).add(id));
            setTab('outfits');
            setComposing(false);
          },
          onClose: () => setComposing(false),
        })}
    </div>
  );
}

/** The outfit picker with nothing to offer: every outfit is on the day already, or none exists. */
function NothingToAdd({ onNewOutfit }: { onNewOutfit?: () => void }) {
  return (
    <EmptyState
      icon={Layers}
      title="No outfits to add"
      description="Every outfit is already on this day, or you have not made one yet."
      action={
        onNewOutfit && (
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={onNewOutfit}>
            New outfit
          </Button>
        )
      }
    />
  );
}
