import { type Category, type RankedPartner } from '@hanger/domain';
import { ArrowRight, Sparkles, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClass, IconButton } from '../../components/button';
import { displayLabel } from '../../components/chip-group';
import { itemPath } from '../../lib/paths';
import type { GraphItem } from './graph-model';

/** Partners listed in the panel; the rest are counted. */
const SHOWN_PAIRINGS = 5;

export const outfitsText = (n: number) => `${n} ${n === 1 ? 'outfit' : 'outfits'}`;
export const piecesText = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;

/**
 * What a pair counts, in the order pairs are ranked (rankPairs): the days worn together, then
 * the outfits shared. Top pairings' rows and the panel's "Worn most with" read the same.
 */
export function pairCountsText(pair: Pick<RankedPartner, 'daysTogether' | 'weight'>): string {
  const n = pair.daysTogether;
  const worn =
    n === 0 ? 'not worn together yet' : `worn together ${n} ${n === 1 ? 'time' : 'times'}`;
  return `${worn} · ${outfitsText(pair.weight)}`;
}

interface ItemPanelProps {
  item: GraphItem;
  /** What the item is worn with, worn together most first (the domain's rankPartners). */
  partners: readonly RankedPartner[];
  items: ReadonlyMap<string, GraphItem>;
  colours: Record<Category, string>;
  /** Move the keyboard focus to the panel's heading (the choice came from a list). */
  takeFocus: boolean;
  onSelect: (id: string) => void;
  onClose: () => void;
}

/**
 * The selected item: its photo, what it is, what it is worn with, and the way to open it. Below
 * the large breakpoint it floats over the bottom of the canvas, so it stays compact there: the
 * partners become a row of photos and the link to the item moves up beside the name.
 */
export function ItemPanel({
  item,
  partners,
  items,
  colours,
  takeFocus,
  onSelect,
  onClose,
}: ItemPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) headingRef.current?.focus({ preventScroll: true });
  }, [item.id, takeFocus]);

  const shown = partners.slice(0, SHOWN_PAIRINGS);
  const more = partners.length - shown.length;
  const openItem = (extra: string) => (
    <Link to={itemPath(item.id)} className={buttonClass('primary', 'md', extra)}>
      Open item
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
  return (
    <section
      aria-labelledby="graph-panel-title"
      className="animate-fade-in flex max-h-full flex-col overflow-y-auto rounded-tile border border-line bg-surface p-3 shadow-float lg:p-4"
    >
      <div className="flex items-center gap-3 lg:items-start lg:gap-4">
        <img
          src={item.thumbnail}
          alt=""
          crossOrigin="anonymous"
          className="size-12 shrink-0 rounded-xl bg-surface-2 object-cover lg:size-20"
        />
        <div className="min-w-0 flex-1 lg:pt-1">
          <h2
            id="graph-panel-title"
            ref={headingRef}
            tabIndex={-1}
            className="truncate text-base font-semibold tracking-tight outline-none lg:text-lg"
          >
            {item.label}
          </h2>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-fg-muted lg:mt-1">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: colours[item.category] }}
            />
            <span className="truncate">
              {displayLabel(item.category)}
              {/* Beside the name's "Open item" on a phone there is room for the category only. */}
              <span className="max-lg:sr-only"> · in {outfitsText(item.outfits)}</span>
            </span>
          </p>
        </div>
        {openItem('max-sm:px-3 lg:hidden')}
        <IconButton
          label="Close"
          size="sm"
          icon={<X className="size-4" />}
          onClick={onClose}
          className="lg:-mt-1 lg:-mr-1"
        />
      </div>

      {partners.length > 0 ? (
        <div className="mt-3 lg:mt-4">
          <h3 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
            Worn most with
          </h3>
          <ul
            className="mt-2 flex gap-1 overflow-x-auto lg:-mx-2 lg:block"
            aria-label={`Worn most with, ${piecesText(partners.length)}`}
          >
            {shown.map((p) => {
              const partner = items.get(p.id);
              if (!partner) return null;
              return (
                <li key={p.id} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => onSelect(p.id)}
                    className="flex w-14 flex-col items-center gap-1 rounded-xl p-1 text-left transition-colors hover:bg-surface-2 lg:w-full lg:flex-row lg:gap-3 lg:px-2 lg:py-1.5"
                  >
                    <img
                      src={partner.thumbnail}
                      alt=""
                      crossOrigin="anonymous"
                      loading="lazy"
                      className="size-10 shrink-0 rounded-lg bg-surface-2 object-cover lg:size-9"
                    />
                    <span className="min-w-0 flex-1 max-lg:contents">
                      <span className="block truncate text-sm font-medium max-lg:sr-only">
                        {partner.label}
                      </span>
                      {/* The times worn together, which order the list; in full on wide screens. */}
                      <span className="block truncate text-xs text-fg-muted tabular-nums">
                        <span aria-hidden="true" className="lg:hidden">
                          ×{p.daysTogether}
                        </span>
                        <span className="max-lg:sr-only">{pairCountsText(p)}</span>
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
            {more > 0 && (
              <li className="grid w-14 shrink-0 place-items-center text-xs text-fg-subtle lg:mt-1 lg:block lg:w-auto lg:px-2">
                +{more}
                <span className="sr-only lg:not-sr-only">
                  {' '}
                  more {more === 1 ? 'piece' : 'pieces'}
                </span>
              </li>
            )}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-sm leading-6 text-fg-muted lg:mt-4">
          Not in an outfit with anything else yet. Put it together with a few pieces to see what it
          pairs with.
        </p>
      )}

      <div
        className={`mt-4 flex flex-wrap gap-2 ${partners.length > 0 ? 'max-lg:hidden' : 'max-lg:mt-3'}`}
      >
        {openItem('max-lg:hidden')}
        {partners.length === 0 && (
          <Link
            to={`/outfits/upload?selected=${encodeURIComponent(item.id)}`}
            className={buttonClass('secondary', 'md')}
          >
            <Sparkles aria-hidden="true" className="size-4" />
            Style it in an outfit
          </Link>
        )}
      </div>
    </section>
  );
}
