import { formatDay, itemTileLabel, wearDayKey, type ClothingItem } from '@hanger/domain';
import {
  Check,
  CloudOff,
  Layers,
  RotateCcw,
  Shirt,
  Shuffle,
  Sparkles,
  ThumbsDown,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/button';
import { BackButton, useBack } from '../../components/detail-page';
import { EmptyState } from '../../components/empty-state';
import { FlatLay } from '../../components/flat-lay';
import { Page } from '../../components/page';
import { Skeleton } from '../../components/skeleton';
import type { SuggestionsAnswer } from '../../lib/api/suggestions';
import { useSessionStore } from '../../lib/stores/session-store';
import { toast } from '../../lib/stores/toast-store';
import { useWardrobeStore } from '../../lib/stores/wardrobe-store';
import {
  missingText,
  sayNotThis,
  suggestionsDay,
  useSuggestions,
  wearSuggestion,
} from '../../lib/suggestions';

type Suggestion = SuggestionsAnswer['suggestions'][number];

/**
 * /suggestions (?date=YYYY-MM-DD, ?pin=<itemId>): What to wear (README, "What to wear"). Three
 * outfits from the closet for the day, each with why, and Wear this, Open in composer, Not this;
 * Shuffle shows three more.
 */
export default function SuggestionsPage() {
  const [search, setSearch] = useSearchParams();
  const date = suggestionsDay(search.get('date'));
  const pin = search.get('pin') ?? undefined;
  const offset = Number(search.get('offset') ?? 0) || 0;
  const back = useBack('/calendar');
  const state = useSuggestions({ date, ...(pin ? { pin } : {}), offset });
  const clothes = useWardrobeStore((s) => s.data?.clothes);
  const settings = useSessionStore((s) => s.user?.settings);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());

  const today = wearDayKey();
  const dayLabel = date === today ? 'Today' : formatDay(date, settings?.locale ?? 'en-GB');
  const pinned = pin ? clothes?.[pin] : undefined;
  const pinLabel = pinned && settings ? itemTileLabel(pinned, settings) : undefined;

  function shuffle() {
    if (state.status !== 'ready') return;
    const next = new URLSearchParams(search);
    if (state.answer.next_offset) next.set('offset', String(state.answer.next_offset));
    else next.delete('offset');
    setSearch(next, { replace: true });
  }

  let body;
  if (state.status === 'loading') {
    body = (
      <div role="status" aria-label="Loading suggestions" className={GRID}>
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
          >
            <div className="grid grid-cols-3 gap-2">
              {[0, 1, 2].map((j) => (
                <Skeleton key={j} className="aspect-square" />
              ))}
            </div>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-10 w-full rounded-full" />
          </div>
        ))}
      </div>
    );
  } else if (state.status === 'failed') {
    body = (
      <EmptyState
        icon={Sparkles}
        title="Suggestions could not be loaded"
        description={state.message}
        action={
          <Button
            variant="secondary"
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
            onClick={state.retry}
          >
            Retry
          </Button>
        }
      />
    );
  } else if (state.answer.suggestions.length === 0) {
    body = (
      <EmptyState
        icon={Shirt}
        title="Nothing to suggest yet"
        description={missingText(state.answer.missing)}
        action={
          <Link to="/items/upload" className={buttonClass('primary', 'lg')}>
            Add an item
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul aria-label="Suggestions" className={GRID}>
        {state.answer.suggestions.map((s) => (
          <SuggestionCard
            key={s.key}
            day={date}
            suggestion={s}
            items={s.item_ids
              .map((id) => clothes?.[id])
              .filter((i): i is ClothingItem => i !== undefined)}
            dismissed={dismissed.has(s.key)}
            onNotThis={() => setDismissed((d) => new Set(d).add(s.key))}
          />
        ))}
      </ul>
    );
  }

  return (
    <Page width="xl" className="pb-28 md:pb-12">
      <header className="mb-6 flex items-center gap-2 md:mb-8">
        <BackButton onClick={back} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight md:text-3xl">
            What to wear
          </h1>
          <p className="mt-1 truncate text-sm text-fg-muted">
            {dayLabel}
            {pinLabel ? ` · Styled around your ${pinLabel.toLowerCase()}` : ''}
          </p>
        </div>
        <Button
          variant="secondary"
          icon={<Shuffle aria-hidden="true" className="size-4" />}
          onClick={shuffle}
          disabled={state.status !== 'ready' || state.answer.suggestions.length === 0}
        >
          Shuffle
        </Button>
      </header>
      {state.status === 'ready' && state.offline && (
        <p className="mb-4 flex items-center gap-2 text-sm text-fg-muted">
          <CloudOff aria-hidden="true" className="size-4" />
          Offline: suggested from the wardrobe on this device.
        </p>
      )}
      {body}
    </Page>
  );
}

const GRID = 'grid grid-cols-1 items-start gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:gap-6';

interface SuggestionCardProps {
  day: string;
  suggestion: Suggestion;
  items: ClothingItem[];
  dismissed: boolean;
  onNotThis: () => void;
}

function SuggestionCard({ day, suggestion, items, dismissed, onNotThis }: SuggestionCardProps) {
  const navigate = useNavigate();
  const [worn, setWorn] = useState(false);
  const ids = suggestion.item_ids;
  const future = day > wearDayKey();

  if (dismissed) {
    return (
      <li
        aria-live="polite"
        className="flex animate-fade-in items-center gap-3 rounded-2xl border border-dashed border-line p-4 text-sm text-fg-muted"
      >
        <ThumbsDown aria-hidden="true" className="size-4 shrink-0" />
        Got it: not suggested again for 30 days.
      </li>
    );
  }

  return (
    <li
      aria-label={`Suggestion: ${items.length} pieces`}
      className="flex animate-fade-in flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
    >
      <FlatLay items={items} />
      <ul className="flex flex-col gap-1.5 text-sm text-fg-muted">
        {suggestion.reasons.map((r) => (
          <li key={r.kind + r.text} className="flex gap-2">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            <span className="first-letter:uppercase">{r.text}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-col gap-2">
        <Button
          size="lg"
          icon={
            worn ? (
              <Check aria-hidden="true" className="size-5" />
            ) : (
              <Shirt aria-hidden="true" className="size-5" />
            )
          }
          disabled={worn}
          onClick={() => {
            setWorn(true);
            void wearSuggestion(day, ids);
          }}
        >
          {worn ? (future ? 'Planned' : 'Logged') : 'Wear this'}
        </Button>
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <Button
            variant="secondary"
            icon={<Layers aria-hidden="true" className="size-4" />}
            onClick={() =>
              navigate(`/outfits/upload?selected=${ids.map(encodeURIComponent).join(',')}`)
            }
          >
            Open in composer
          </Button>
          <Button
            variant="ghost"
            icon={<ThumbsDown aria-hidden="true" className="size-4" />}
            onClick={() => {
              onNotThis();
              // Through the outbox, offline too: kept on the device and sent when it can be.
              sayNotThis(ids).catch((err: unknown) => {
                // The outbox could not be opened (storage refused): nothing was kept.
                console.warn('Not this could not be kept', err);
                toast.error('Failed to save “Not this”', 'Please try again.');
              });
            }}
          >
            Not this
          </Button>
        </div>
      </div>
    </li>
  );
}
