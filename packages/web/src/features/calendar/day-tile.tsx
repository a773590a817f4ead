import { itemTileLabel, type DayRecord } from '@hanger/domain';
import { CircleAlert, ExternalLink, Star, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Spinner } from '../../components/spinner';
import { MissingPhoto, PhotoOr } from '../../components/thumbnail';
import { itemPath, outfitPath } from '../../lib/paths';
import {
  entrySyncState,
  removeFromCalendarDay,
  toggleCalendarDisplayItem,
  type TrackedChange,
} from '../../lib/stores/calendar-actions';
import { useSessionStore } from '../../lib/stores/session-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';

interface DayTileProps {
  day: string;
  entry: DayRecord;
  /** The day's display item: shown first, and on the month. */
  starred: boolean;
  /** Its actions are showing. */
  revealed: boolean;
  onReveal: (open: boolean) => void;
  changes: readonly TrackedChange[];
}

const ACTION =
  'grid size-11 place-items-center rounded-full bg-surface/95 text-fg shadow-float transition-transform ' +
  'hover:scale-105 active:scale-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** One item or outfit of a day: tapping it reveals star, delete and open (docs/spec.md §2). */
export function DayTile({ day, entry, starred, revealed, onReveal, changes }: DayTileProps) {
  const settings = useSessionStore((s) => s.user?.settings);
  const clothes = useWardrobeStore((s) => s.data?.clothes);
  const { type, record } = entry;
  const isOutfit = type === 'outfits';
  const pieces = isOutfit
    ? new Set(record.canvasData.map((e) => e.clothingId).filter((id) => clothes?.[id])).size
    : 0;
  const label = isOutfit ? 'Outfit' : settings ? itemTileLabel(record, settings) : record.category;
  const caption = isOutfit ? `${pieces} ${pieces === 1 ? 'piece' : 'pieces'}` : undefined;
  const sync = entrySyncState(changes, day, type, record.id);
  const open = isOutfit ? outfitPath(record.id) : itemPath(record.id);

  return (
    <li className="min-w-0">
      <div className="relative">
        <button
          type="button"
          aria-expanded={revealed}
          aria-label={[
            label,
            caption,
            starred ? 'starred' : '',
            sync === 'failed' ? 'not saved' : '',
          ]
            .filter(Boolean)
            .join(', ')}
          onClick={() => onReveal(!revealed)}
          className={
            'group relative block w-full overflow-hidden rounded-tile focus-visible:outline-offset-4 ' +
            (isOutfit
              ? 'aspect-[2/3] border border-line bg-white dark:border-transparent '
              : 'aspect-square bg-surface-2 ') +
            (sync === 'failed' ? 'ring-2 ring-danger ring-offset-2 ring-offset-canvas' : '')
          }
        >
          <PhotoOr
            fallback={<MissingPhoto size="size-6" />}
            src={record.thumbnail ?? record.image}
            alt=""
            draggable={false}
            className={
              'absolute inset-0 size-full transition-transform duration-300 ' +
              (isOutfit ? 'object-contain ' : 'object-cover ') +
              (revealed ? 'scale-[1.03]' : 'group-hover:scale-[1.03]')
            }
          />
          <span
            aria-hidden="true"
            className={
              'pointer-events-none absolute inset-0 transition-colors ' +
              (revealed ? 'bg-black/35' : 'ring-1 ring-black/5 ring-inset')
            }
          />
        </button>

        {starred && !revealed && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-2 left-2 grid size-7 place-items-center rounded-full bg-surface/95 text-accent shadow-sm"
          >
            <Star className="size-4 fill-current" />
          </span>
        )}
        {sync === 'saving' && (
          <span className="pointer-events-none absolute top-2 right-2 grid size-7 place-items-center rounded-full bg-surface/95 text-fg-muted shadow-sm">
            <Spinner size="sm" label="Saving" />
          </span>
        )}
        {sync === 'failed' && !revealed && (
          <span className="pointer-events-none absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-danger px-2 py-1 text-xs font-semibold text-white shadow-sm dark:text-[#1c1917]">
            <CircleAlert aria-hidden="true" className="size-3.5" />
            Not saved
          </span>
        )}

        {revealed && (
          <div
            role="group"
            aria-label={`${label} actions`}
            className="absolute inset-x-0 bottom-0 flex animate-fade-in items-center justify-center gap-3 p-3"
          >
            <button
              type="button"
              aria-label="Star"
              aria-pressed={starred}
              title={starred ? 'Stop showing this on the month' : 'Show this on the month'}
              onClick={() => void toggleCalendarDisplayItem(day, record.id)}
              className={`${ACTION} ${starred ? 'text-accent' : ''}`}
            >
              <Star aria-hidden="true" className={`size-5 ${starred ? 'fill-current' : ''}`} />
            </button>
            <button
              type="button"
              aria-label="Delete"
              title="Delete from this day"
              onClick={() => {
                onReveal(false);
                void removeFromCalendarDay(day, type, record.id);
              }}
              className={`${ACTION} text-danger`}
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
            <Link
              to={open}
              aria-label="Open"
              title={isOutfit ? 'Open the outfit' : 'Open the item'}
              className={ACTION}
            >
              <ExternalLink aria-hidden="true" className="size-5" />
            </Link>
          </div>
        )}
      </div>

      <p className="mt-2 truncate text-sm font-medium text-fg">
        {label}
        {caption && <span className="font-normal text-fg-muted"> · {caption}</span>}
      </p>
    </li>
  );
}
