import {
  NOT_THIS_DAYS,
  addDays,
  suggestionKey,
  wearDayKey,
  type SuggestionFeedback,
} from '@hanger/domain';
import { useEffect, useState } from 'react';
import { getSuggestions, type SuggestionsAnswer, type SuggestionsQuery } from './api/suggestions';
import { ApiError } from './api/transport';
import { pendingNotThis } from './outbox/ops';
import { loadOutbox } from './outbox/port';
import { useOutbox } from './outbox/state';
import { addToCalendarDay } from './stores/calendar-actions';
import { useSessionStore } from './stores/session-store';
import { useWardrobeStore } from './stores/wardrobe-store';

/**
 * What to wear for the screens (README, "What to wear"): the server's three, or, when no answer
 * comes (offline), the same three computed from this device's copy of the wardrobe.
 */

export type SuggestionsState =
  | { status: 'loading' }
  | { status: 'ready'; answer: SuggestionsAnswer; offline: boolean }
  | { status: 'failed'; message: string };

/**
 * "Not this" said in this window. While one waits in the outbox it is read off the queue (which
 * survives a reload); once sent it leaves the queue, and this keeps it for the suggestions
 * computed here until the page is left (the local copy of the wardrobe does not hold feedback).
 */
const notThisHere: SuggestionFeedback[] = [];

/** The "Not this" sets this device knows of that the server's answer may not hold yet. */
function notThisOnDevice(): SuggestionFeedback[] {
  return [...notThisHere, ...pendingNotThis(useOutbox.getState().entries)];
}

/** No answer at all (no connection, a time-out): the local copy can answer instead. */
function noAnswer(err: unknown): boolean {
  return (err instanceof ApiError && err.status === null) || err instanceof TypeError;
}

async function computeHere(query: SuggestionsQuery): Promise<SuggestionsAnswer> {
  const wardrobe = useWardrobeStore.getState().data;
  const user = useSessionStore.getState().user;
  if (!wardrobe || !user) throw new Error('Your wardrobe is not on this device yet.');
  const { localSuggestions } = await import('./suggestions-local');
  return localSuggestions(query, wardrobe, user.settings, user.uid, notThisOnDevice());
}

/**
 * The server's answer without the sets still waiting in the outbox (a Shuffle right after Not
 * this may ask before the outbox has sent it): the card does not come back meanwhile.
 */
function withoutPending(answer: SuggestionsAnswer): SuggestionsAnswer {
  const waiting = new Set(pendingNotThis(useOutbox.getState().entries).map((f) => f.key));
  if (waiting.size === 0) return answer;
  return { ...answer, suggestions: answer.suggestions.filter((s) => !waiting.has(s.key)) };
}

/** Loads the suggestions for a day (and pin, and page), from the server or from the local copy. */
export async function loadSuggestions(
  query: SuggestionsQuery,
): Promise<{ answer: SuggestionsAnswer; offline: boolean }> {
  try {
    return { answer: withoutPending(await getSuggestions(query)), offline: false };
  } catch (err) {
    if (!noAnswer(err)) throw err;
    return { answer: await computeHere(query), offline: true };
  }
}

/** The suggestions of a query, loaded again when the day, the pin or the page changes. */
export function useSuggestions(query: SuggestionsQuery): SuggestionsState {
  const [state, setState] = useState<SuggestionsState>({ status: 'loading' });
  const { date, pin, offset } = query;
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadSuggestions({ date, ...(pin ? { pin } : {}), ...(offset ? { offset } : {}) }).then(
      (r) => live && setState({ status: 'ready', ...r }),
      (err: unknown) =>
        live &&
        setState({
          status: 'failed',
          message: err instanceof Error ? err.message : 'Suggestions could not be loaded.',
        }),
    );
    return () => {
      live = false;
    };
  }, [date, pin, offset]);
  return state;
}

/**
 * "Wear this": the pieces go on the day exactly as the day picker adds them (the same store
 * action: optimistic, through the outbox when offline, with its 'Calendar updated' toast).
 */
export function wearSuggestion(day: string, itemIds: readonly string[]): Promise<boolean> {
  return addToCalendarDay(day, { clothes: itemIds });
}

/**
 * "Not this": a change like any other edit, queued in the outbox at once (README, "What to
 * wear"), which sends it now when online, or when the connection returns; the suggestions
 * computed here leave it out meanwhile.
 */
export async function sayNotThis(itemIds: readonly string[]): Promise<void> {
  const day = wearDayKey();
  notThisHere.push({ key: suggestionKey(itemIds), until: addDays(day, NOT_THIS_DAYS) });
  await (
    await loadOutbox()
  ).enqueue({ kind: 'suggestionFeedback', itemIds: [...itemIds], day }, '');
}

/** A YYYY-MM-DD day, or today by the wear-day rule (SPEC §4) when the text is not one. */
export function suggestionsDay(text: string | null): string {
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : wearDayKey();
}

const TO_ADD: Record<string, string> = {
  top: 'a top',
  bottom: 'a bottom',
  full_body: 'a full-body piece',
  shoes: 'a pair of shoes',
  outerwear: 'a coat or jacket',
  bag: 'a bag',
  accessory: 'an accessory',
};

/** The empty state's line from the answer's `missing`: "Add a pair of shoes to get suggestions". */
export function missingText(missing: readonly string[]): string {
  const parts = missing.map((c) => TO_ADD[c] ?? c);
  if (parts.length === 0) return 'Add a few pieces to your closet to get suggestions';
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Add ${list} to get suggestions`;
}
