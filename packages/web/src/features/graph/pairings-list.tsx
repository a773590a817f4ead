import type { Category, RankedPair } from '@hanger/domain';
import { ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { displayLabel } from '../../components/chip-group';
import type { GraphItem } from './graph-model';
import { pairCountsText } from './item-panel';

const PAGE = 10;

interface PairingsListProps {
  /** The pairs of the current view, worn together most first (the domain's rankPairs). */
  pairs: readonly RankedPair[];
  /** The items of the current view. */
  nodes: ReadonlySet<string>;
  items: ReadonlyMap<string, GraphItem>;
  /** Partners per item, for the count beside each name. */
  partnerCount: (id: string) => number;
  category: Category | undefined;
  onSelect: (id: string) => void;
}

function Thumb({ item, className = '' }: { item: GraphItem; className?: string }) {
  return (
    <img
      src={item.thumbnail}
      alt=""
      crossOrigin="anonymous"
      loading="lazy"
      className={`size-10 shrink-0 rounded-full bg-surface-2 object-cover ring-2 ring-surface ${className}`}
    />
  );
}

/**
 * The graph in words: the pairs worn together most, and every item of the view. Screen-reader
 * and keyboard users explore the wardrobe here; choosing an entry selects it on the canvas too.
 */
export function PairingsList({
  pairs,
  nodes,
  items,
  partnerCount,
  category,
  onSelect,
}: PairingsListProps) {
  const [limit, setLimit] = useState(PAGE);
  const [allOpen, setAllOpen] = useState(false);
  const shown = pairs.slice(0, limit);

  const sortedItems = useMemo(
    () =>
      allOpen
        ? [...nodes]
            .map((id) => items.get(id))
            .filter((i): i is GraphItem => i !== undefined)
            .sort((a, b) => a.label.localeCompare(b.label) || a.id.localeCompare(b.id))
        : [],
    [allOpen, nodes, items],
  );

  return (
    <section aria-labelledby="graph-top-pairings" className="flex min-h-0 flex-col">
      <h2 id="graph-top-pairings" className="text-base font-semibold tracking-tight">
        Top pairings
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        {category
          ? `${displayLabel(category)}: the pairings worn most.`
          : 'The pieces you wear together most.'}
      </p>
      <ol className="mt-3 -mx-2">
        {shown.map((e) => {
          // In a category view the category's piece leads; otherwise the more paired one.
          const swap =
            category !== undefined
              ? items.get(e.source)?.category !== category &&
                items.get(e.target)?.category === category
              : partnerCount(e.target) > partnerCount(e.source);
          const a = items.get(swap ? e.target : e.source);
          const b = items.get(swap ? e.source : e.target);
          if (!a || !b) return null;
          return (
            <li key={`${e.source}-${e.target}`}>
              <button
                type="button"
                onClick={() => onSelect(a.id)}
                className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left transition-colors hover:bg-surface-2"
              >
                <span className="flex shrink-0">
                  <Thumb item={a} />
                  <Thumb item={b} className="-ml-3" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{a.label}</span>
                  <span className="block truncate text-sm text-fg-muted">with {b.label}</span>
                  <span className="block truncate text-xs text-fg-muted tabular-nums">
                    {pairCountsText(e)}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {pairs.length > limit && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-1 self-start"
          onClick={() => setLimit((n) => n + PAGE)}
        >
          Show more pairings
        </Button>
      )}

      <details
        className="group mt-4 border-t border-line pt-3"
        onToggle={(e) => setAllOpen(e.currentTarget.open)}
      >
        <summary className="flex cursor-pointer list-none items-center justify-between rounded-lg py-1 text-sm font-medium [&::-webkit-details-marker]:hidden">
          All {nodes.size} {nodes.size === 1 ? 'item' : 'items'} in this view
          <ChevronDown
            aria-hidden="true"
            className="size-4 text-fg-subtle transition-transform group-open:rotate-180"
          />
        </summary>
        {allOpen && (
          <ul aria-label="Items in the graph" className="mt-2 -mx-2 max-h-80 overflow-y-auto">
            {sortedItems.map((item) => {
              const n = partnerCount(item.id);
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(item.id)}
                    className="flex w-full items-center gap-3 rounded-xl px-2 py-1.5 text-left transition-colors hover:bg-surface-2"
                  >
                    <Thumb item={item} className="size-8 ring-0" />
                    <span className="min-w-0 flex-1 truncate text-sm">{item.label}</span>
                    <span className="shrink-0 text-xs text-fg-muted">
                      {displayLabel(item.category)} · {n} {n === 1 ? 'pairing' : 'pairings'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </details>
    </section>
  );
}
