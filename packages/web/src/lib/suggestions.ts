import { NOT_THIS_DAYS, addDays, suggestionKey, wearDayKey } from '@hanger/domain';
import { useEffect, useState } from 'react';
import {
  getSuggestions,
  postNotThis,
  type SuggestionsAnswer,
  type SuggestionsQuery,
} from './api/suggestions';
import { ApiError } from './api/transport';
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
 * "Not this" said on this device: sent to the server, and also kept here so that suggestions
 * computed offline leave the same pieces out.
 */
const notThisHere: { key: string; until: string }[] = [];

/** No answer at all (no connection, a time-out): the local copy can answer instead. */
function noAnswer(err: unknown): boolean {
  return (err instanceof ApiError && err.status === null) || err instanceof TypeError;
}

async function computeHere(query: SuggestionsQuery): Promise<SuggestionsAnswer> {
  const wardrobe = useWardrobeStore.getState().data;
  const user = useSessionStore.getState().user;
  if (!wardrobe || !user) throw new Error('Your wardrobe is not on this device yet.');
  const { localSuggestions } = await import('./suggestions-local');
  return localSuggestions(query, wardrobe, user.settings, user.uid, notThisHere);
}

/** Loads the suggestions for a day (and pin, and page), from the server or from the local copy. */
export async function loadSuggestions(
  query: SuggestionsQuery,
): Promise<{ answer: SuggestionsAnswer; offline: boolean }> {
  try {
    return { answer: await getSuggestions(query), offline: false };
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
 * "Not this": remembered here at once (the local three leave it out too) and sent to the server;
 * answers false when the server could not be told.
 */
export async function sayNotThis(itemIds: readonly string[]): Promise<boolean> {
  const today = wearDayKey();
  notThisHere.push({ key: suggestionKey(itemIds), until: addDays(today, NOT_THIS_DAYS) });
  try {
    await postNotThis(itemIds);
    return true;
  } catch {
    return false;
  }
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
