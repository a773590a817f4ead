import { formatDay, wearDayKey, type ClothingItem } from '@hanger/domain';
import { ArrowRight, RotateCcw, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { missingText, useSuggestions } from '../lib/suggestions';
import { useSessionStore } from '../lib/stores/session-store';
import { useWardrobeStore } from '../lib/stores/wardrobe-store';
import { Button } from './button';
import { FlatLay } from './flat-lay';
import { Skeleton } from './skeleton';

interface WhatToWearCardProps {
  /** The day to dress for (YYYY-MM-DD): today by the wear-day rule, or a day planned ahead. */
  day: string;
  className?: string;
}

/**
 * The calendar's "What to wear" card (README, "What to wear"): today's first suggestion as a
 * small flat lay with its first reason, and the way to the full screen. Small on purpose: it
 * ships with the calendar; the suggestions screen loads on its own.
 */
export function WhatToWearCard({ day, className = 'mb-4 md:mb-6' }: WhatToWearCardProps) {
  const state = useSuggestions({ date: day });
  const clothes = useWardrobeStore((s) => s.data?.clothes);
  const locale = useSessionStore((s) => s.user?.settings.locale) ?? 'en-GB';
  const to = `/suggestions?date=${day}`;
  const title =
    day === wearDayKey() ? 'What to wear today' : `What to wear on ${formatDay(day, locale)}`;

  const first = state.status === 'ready' ? state.answer.suggestions[0] : undefined;
  const items = (first?.item_ids ?? [])
    .map((id) => clothes?.[id])
    .filter((i): i is ClothingItem => i !== undefined);

  return (
    <section
      aria-labelledby="what-to-wear-title"
      className={`flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:gap-5 ${className}`}
    >
      <div className="flex min-w-0 flex-col gap-1 sm:w-64 sm:shrink-0">
        <h2
          id="what-to-wear-title"
          className="flex items-center gap-2 text-base font-semibold tracking-tight"
        >
          <Sparkles aria-hidden="true" className="size-4 text-accent" />
          {title}
        </h2>
        {state.status === 'failed' ? (
          <p role="alert" className="text-sm text-fg-muted">
            Suggestions could not be loaded. {state.message}
          </p>
        ) : state.status === 'loading' ? (
          <Skeleton className="h-4 w-40" />
        ) : first ? (
          <p className="line-clamp-2 text-sm text-fg-muted first-letter:uppercase">
            {first.reasons[0]?.text ?? 'From your own closet'}
          </p>
        ) : (
          <p className="text-sm text-fg-muted">{missingText(state.answer.missing)}</p>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {state.status === 'loading' ? (
          <div role="status" aria-label="Loading suggestions" className="flex gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="size-14 sm:size-[4.5rem]" />
            ))}
          </div>
        ) : state.status === 'failed' ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
            onClick={state.retry}
          >
            Retry
          </Button>
        ) : (
          items.length > 0 && <FlatLay items={items} size="card" className="max-w-md" />
        )}
      </div>
      <Link
        to={to}
        className="inline-flex shrink-0 items-center gap-1 self-start text-sm font-semibold text-accent hover:underline sm:self-center"
      >
        See suggestions
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
