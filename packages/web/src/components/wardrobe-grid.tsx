import { GRID_CAPTION_MAX_COLS, OUTFIT_ASPECT_RATIO, type CutoutState } from '@hanger/domain';
import { useVirtualizer, useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import { Check, Clock, ImageOff, Scissors } from 'lucide-react';
import {
  memo,
  startTransition,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { useOutbox } from '../lib/outbox/state';
import { useLongPress } from '../lib/use-long-press';
import type { GridSelection } from '../lib/use-select-mode';
import { useCutoutsAvailable } from '../lib/stores/cutout-poll';
import { firstScreenCovers } from '../lib/startup-render';
import { gridGapPx, useViewportWidth } from './grid-columns';

/** Anything a grid shows: a photo, with a small thumbnail the grid prefers. */
export interface GridRecord {
  id: string;
  image: string;
  thumbnail?: string;
  /** docs/cutouts.md: a cut-out (transparent) is drawn whole on the tile's colour. */
  cutout?: CutoutState;
}

export type TileShape = 'square' | 'portrait';

interface WardrobeGridProps<T extends GridRecord> {
  records: readonly T[];
  /** Items are square, outfits 2:3 (docs/spec.md §2). */
  shape: TileShape;
  cols: number;
  /** Names the list for screen readers, e.g. "Items". */
  label: string;
  /** What a tile is, e.g. "Uniqlo top"; read out and used as the photo's alt text. */
  tileLabel: (record: T) => string;
  /** The chosen sort's value; shown under each tile only when there are fewer than 5 columns. */
  caption?: (record: T) => string;
  /** Where a tile leads; by default the record's id, relative to the current screen. */
  href?: (record: T) => string;
  /** Selection mode: tiles are toggle buttons; selected ones are dimmed with a check mark. */
  selection?: GridSelection;
  /**
   * Outside selection mode, how Select mode starts from a tile: a long press on a phone, the
   * checkbox a tile shows under the pointer on desktop (docs/select-many.md).
   */
  onStartSelect?: (id: string) => void;
  /**
   * The element that scrolls, when it is not the window (a picker in a scrolling overlay).
   * Read once, when the grid mounts.
   */
  scrollElement?: RefObject<HTMLElement | null>;
}

/** Caption line (20 px) plus the space above it (8 px): fixed, so row heights are known. */
const CAPTION_PX = 28;
/** Rows drawn beyond the screen, so a quick flick does not show blanks. */
const OVERSCAN_ROWS = 3;

/**
 * Where the window virtualizer starts, and how it scrolls (docs/first-screen.md). It reads the
 * window's offset when it starts and writes it back: reading window.scrollY, or scrolling to
 * anything but (0, 0), makes Chromium lay the page out at once, inside the task that commits the
 * grid. While the first screen covers the app, that screen shows the top of the grid, so the grid
 * starts there too.
 */
function initialWindowOffset(): number {
  return firstScreenCovers() ? 0 : window.scrollY;
}

const scrollWindow: typeof windowScroll = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === 0 && firstScreenCovers()) {
    window.scrollTo({ left: 0, top: 0 });
  } else {
    windowScroll(offset, options, instance);
  }
};

/** How far the element's top is from the top of what scrolls (the document, or `scroller`). */
function scrollTop(el: HTMLElement, scroller: HTMLElement | null | undefined): number {
  if (!scroller) return el.getBoundingClientRect().top + window.scrollY;
  return el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}

/**
 * The photo grid of the Items, Outfits and group screens and of the pickers. Only the rows near
 * the viewport are in the DOM (a 5,000-item closet scrolls like a 50-item one) and tiles load
 * thumbnails, never the full photo. Row heights follow from the width, so nothing is measured
 * while scrolling.
 */
export function WardrobeGrid<T extends GridRecord>({
  records,
  shape,
  cols,
  label,
  tileLabel,
  caption,
  href = (r) => encodeURIComponent(r.id),
  selection,
  onStartSelect,
  scrollElement,
}: WardrobeGridProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const viewport = useViewportWidth();
  const gap = gridGapPx(viewport);
  const [width, setWidth] = useState(0);
  const [scrollMargin, setScrollMargin] = useState(0);

  const measured = useRef(false);
  /**
   * Reads the grid's width and offset. The first read under the server-drawn first screen sets
   * them as a transition: the first tiles render in slices of a few milliseconds instead of one
   * task of the whole screenful; that screen stays up until they are in.
   */
  const measure = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    const sliced = !measured.current && firstScreenCovers();
    measured.current = true;
    // Before layout (or without one, in tests) the viewport is the best guess of the width.
    const nextWidth = el.clientWidth || window.innerWidth;
    const nextMargin = scrollTop(el, scrollElement?.current);
    const apply = () => {
      setWidth(nextWidth);
      setScrollMargin(nextMargin);
    };
    if (sliced) startTransition(apply);
    else apply();
  }, [scrollElement]);

  useLayoutEffect(() => {
    // While the server-drawn first screen covers the app (main.tsx), the first width is read
    // where the browser has laid the page out anyway: in the ResizeObserver's first callback
    // (below), which comes after the frame's layout. Read here, or in an animation frame (before
    // that layout), it would force the layout at once, in a task of its own work.
    // Nothing shows meanwhile: the grid holds the first screen until it has rows.
    if (!measured.current && firstScreenCovers()) {
      if (typeof ResizeObserver !== 'undefined') return;
      const frame = requestAnimationFrame(measure);
      return () => cancelAnimationFrame(frame);
    }
    measure();
  }, [measure, viewport, records.length, cols]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const showCaption = caption !== undefined && cols <= GRID_CAPTION_MAX_COLS;
  const tileWidth = Math.max(0, (width - gap * (cols - 1)) / cols);
  const imageHeight = shape === 'square' ? tileWidth : tileWidth / OUTFIT_ASPECT_RATIO;
  const rowHeight = Math.max(1, Math.round(imageHeight + (showCaption ? CAPTION_PX : 0)));
  const rowCount = Math.ceil(records.length / cols);

  const options = {
    // Until the grid's width is measured (the layout effects below, before the grid's first
    // paint), no rows: with an unknown width every row would be 1 px high, and the virtualizer
    // would mount a screenful of them, i.e. the whole wardrobe, only to unmount it in the same
    // task.
    count: width > 0 ? rowCount : 0,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    gap,
  };
  // Both hooks always run (hooks cannot be conditional); the one not in use stays disabled.
  const inElement = scrollElement !== undefined;
  const windowVirtualizer = useWindowVirtualizer({
    ...options,
    enabled: !inElement,
    initialOffset: initialWindowOffset,
    scrollToFn: scrollWindow,
  });
  const elementVirtualizer = useVirtualizer({
    ...options,
    getScrollElement: () => scrollElement?.current ?? null,
    enabled: inElement,
  });
  const virtualizer = inElement ? elementVirtualizer : windowVirtualizer;

  // Sizes are cached per row: a new width, column count or caption means new sizes for all.
  useLayoutEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight, gap]);

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={label}
      data-boot-hold={width === 0 ? '' : undefined}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const first = row.index * cols;
        return (
          <div
            key={row.key}
            role="presentation"
            className="absolute top-0 left-0 grid w-full"
            style={{
              height: rowHeight,
              transform: `translateY(${row.start - scrollMargin}px)`,
              gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`,
              columnGap: gap,
            }}
          >
            {records.slice(first, first + cols).map((record, i) => (
              <GridTile
                key={record.id}
                record={record}
                shape={shape}
                position={first + i + 1}
                total={records.length}
                eager={row.index < EAGER_ROWS}
                label={tileLabel(record)}
                caption={showCaption ? caption(record) : undefined}
                to={selection ? undefined : href(record)}
                selected={selection ? selection.selected.has(record.id) : undefined}
                onToggle={selection?.onToggle}
                onStartSelect={selection ? undefined : onStartSelect}
              />
            ))}
          </div>
        );
      })}
    </div>
  );
}

/**
 * Rows whose photos load at once and first: the first screen's largest paint is one of
 * them, and a lazy image waits for layout before it is even requested.
 */
const EAGER_ROWS = 2;

interface GridTileProps {
  record: GridRecord;
  shape: TileShape;
  position: number;
  total: number;
  /** In the first rows: the photo is fetched at once, with high priority. */
  eager: boolean;
  label: string;
  caption: string | undefined;
  /** Where the tile leads; absent in selection mode. */
  to: string | undefined;
  /** In selection mode, whether this tile is chosen. */
  selected: boolean | undefined;
  onToggle: ((id: string, range?: boolean) => void) | undefined;
  /** Select mode can start from this tile (long press, or its hover checkbox). */
  onStartSelect?: ((id: string) => void) | undefined;
}

/**
 * A tile draws its record's id and photo and nothing else of it: a record that is a new object
 * with the same three (the wardrobe read again, the whole answer after the first screen's head,
 * an edit to another field) leaves the tile as it is.
 */
export function sameTile(a: GridTileProps, b: GridTileProps): boolean {
  for (const key of Object.keys(a) as (keyof GridTileProps)[]) {
    if (key === 'record') continue;
    if (a[key] !== b[key]) return false;
  }
  return (
    a.record === b.record ||
    (a.record.id === b.record.id &&
      a.record.image === b.record.image &&
      a.record.thumbnail === b.record.thumbnail &&
      a.record.cutout === b.record.cutout)
  );
}

/**
 * Memoised: scrolling re-renders the grid every frame, but a tile only when what it shows changes
 * (sameTile). Exported for index.html's tile template (app/boot-shell.tsx), which the server fills.
 */
export const GridTile = memo(function GridTile({
  record,
  shape,
  position,
  total,
  label,
  caption,
  to,
  selected,
  onToggle,
  onStartSelect,
  eager,
}: GridTileProps) {
  const press = useLongPress(onStartSelect && (() => onStartSelect(record.id)));
  const cuttingOut = useCutoutsAvailable() && record.cutout === 'pending';
  const name = `${caption ? `${label}, ${caption}` : label}${cuttingOut ? ', cutting out' : ''}`;
  const face: ReactNode = (
    <>
      <TileImage
        src={record.thumbnail || record.image}
        alt={label}
        shape={shape}
        eager={eager}
        cutout={record.cutout === 'done'}
      >
        {selected !== undefined && <SelectionMark selected={selected} />}
        <PendingMark id={record.id} />
        {cuttingOut && <CuttingOutMark />}
      </TileImage>
      {caption !== undefined && (
        <p
          aria-hidden="true"
          className="truncate pt-2 text-sm leading-5 font-medium text-fg-muted tabular-nums first-letter:uppercase"
        >
          {caption}
        </p>
      )}
    </>
  );
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={total}
      className="group/tile relative min-w-0"
    >
      {to === undefined ? (
        <button
          type="button"
          aria-label={name}
          aria-pressed={selected ?? false}
          onClick={(e) => onToggle?.(record.id, e.shiftKey)}
          className="group block w-full cursor-pointer rounded-tile text-left focus-visible:outline-offset-4"
        >
          {face}
        </button>
      ) : (
        <Link
          to={to}
          aria-label={name}
          className="group block rounded-tile [-webkit-touch-callout:none] focus-visible:outline-offset-4"
          {...press}
        >
          {face}
        </Link>
      )}
      {to !== undefined && onStartSelect && (
        // Desktop: a checkbox over the tile under the pointer (or focused) starts Select mode;
        // on touch screens a long press does (no hover there).
        <button
          type="button"
          aria-label={`Select ${label}`}
          onClick={() => onStartSelect(record.id)}
          className="absolute top-2 right-2 grid size-7 place-items-center rounded-full border-2 border-white/90 bg-black/20 opacity-0 shadow-sm transition-opacity group-hover/tile:opacity-100 focus-visible:opacity-100 [@media(hover:none)]:hidden"
        />
      )}
    </div>
  );
}, sameTile);

/**
 * A picker tile's state, over its photo: a chosen tile is dimmed under a filled check mark; the
 * others show an empty circle, so it is clear at a glance that tapping chooses rather than opens.
 */
export function SelectionMark({ selected }: { selected: boolean }) {
  return (
    <>
      {selected && <div aria-hidden="true" className="absolute inset-0 bg-canvas/60" />}
      <span
        aria-hidden="true"
        data-testid={selected ? 'tile-check' : undefined}
        className={
          'absolute top-2 right-2 grid size-6 place-items-center rounded-full transition-colors ' +
          (selected
            ? 'bg-accent text-on-accent shadow-sm'
            : 'border-2 border-white/90 bg-black/15 shadow-sm')
        }
      >
        {selected && <Check className="size-4" strokeWidth={3} />}
      </span>
    </>
  );
}

/**
 * A clock on a record whose change waits in the outbox (made offline, not sent yet); `chip`
 * spells it out, for detail pages.
 */
export function PendingMark({ id, chip = false }: { id: string; chip?: boolean }) {
  const pending = useOutbox((s) => s.pending.has(id));
  if (!pending) return null;
  if (chip) {
    return (
      <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-surface-2 px-2.5 py-1 text-xs font-medium text-fg-muted">
        <Clock aria-hidden="true" className="size-3.5" strokeWidth={2.25} />
        Pending sync
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label="Pending sync"
      title="Pending sync"
      className="absolute bottom-2 left-2 grid size-6 place-items-center rounded-full bg-surface/90 text-fg-muted shadow-sm"
    >
      <Clock aria-hidden="true" className="size-3.5" strokeWidth={2.25} />
    </span>
  );
}

/**
 * A quiet mark on a photo whose cut-out is being made (docs/cutouts.md): the original shows until
 * the cut-out replaces it. Tiles and the detail page show it; the caller checks availability.
 */
export function CuttingOutMark({ className = 'right-2 bottom-2' }: { className?: string }) {
  return (
    <span
      data-cutout-mark=""
      className={`absolute inline-flex max-w-[calc(100%-1rem)] items-center gap-1 rounded-full bg-surface/90 px-2 py-1 text-xs font-medium text-fg-muted shadow-sm ${className}`}
    >
      <Scissors aria-hidden="true" className="size-3.5 shrink-0" strokeWidth={2.25} />
      <span className="truncate">Cutting out…</span>
    </span>
  );
}

type LoadState = 'loading' | 'loaded' | 'failed';

/** A lazily loaded photo with a pulsing placeholder until it arrives, and a quiet icon if it never does. */
function TileImage({
  src,
  alt,
  shape,
  eager = false,
  cutout = false,
  children,
}: {
  src: string;
  alt: string;
  shape: TileShape;
  eager?: boolean;
  /**
   * A cut-out: drawn whole (contained, with room around it) on the tile's neutral colour, as a
   * catalogue shows a product, rather than cropped to fill the tile like a photo.
   */
  cutout?: boolean;
  /** Drawn over the photo (a picker's check mark). */
  children?: ReactNode;
}) {
  const [state, setState] = useState<LoadState>('loading');
  // An image already in the browser cache can finish before React listens for 'load'.
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth > 0) setState('loaded');
  }, []);

  const frame =
    shape === 'square'
      ? 'aspect-square bg-surface-2'
      : 'aspect-[2/3] border border-line bg-white dark:border-transparent';
  return (
    <div className={`relative overflow-hidden rounded-tile ${frame}`}>
      {/* A still placeholder, not a pulsing or fading one: while a long grid scrolls, dozens of
          tiles are loading at once, and each animation made its tile a layer of its own that the
          compositor drew again every frame (in software, 40 ms a frame at desktop width). */}
      {state === 'loading' && (
        <div aria-hidden="true" data-placeholder="" className="absolute inset-0 bg-surface-2" />
      )}
      {state === 'failed' ? (
        <div className="absolute inset-0 grid place-items-center bg-surface-2 text-fg-subtle">
          <ImageOff aria-hidden="true" className="size-6" strokeWidth={1.5} />
        </div>
      ) : (
        <img
          ref={ref}
          src={src}
          alt={alt}
          crossOrigin="anonymous"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
          className={
            'absolute inset-0 size-full transition-transform duration-300 group-hover:scale-[1.03] ' +
            (cutout
              ? 'object-contain p-[6%] '
              : shape === 'square'
                ? 'object-cover '
                : 'object-contain ') +
            (state === 'loaded' ? 'opacity-100' : 'opacity-0')
          }
        />
      )}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-tile ring-1 ring-black/5 ring-inset transition-colors group-hover:bg-black/5"
      />
      {children}
    </div>
  );
}
