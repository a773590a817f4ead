import {
  NOT_THIS_DAYS,
  addDays,
  suggestionKey,
  wearDayKey,
  type Settings,
  type SuggestionFeedback,
  type WardrobeData,
} from '@hanger/domain';
import { useEffect, useState } from 'react';
import { getSuggestions, type SuggestionsAnswer, type SuggestionsQuery } from './api/suggestions';
import type * as LocalModule from './suggestions-local';
import { ApiError } from './api/transport';
import { pendingNotThis } from './outbox/ops';
import { loadOutbox } from './outbox/port';
import { useOutbox } from './outbox/state';
import { addToCalendarDay } from './stores/calendar-actions';
import { useSessionStore } from './stores/session-store';
import { useWardrobeStore } from './stores/wardrobe-store';

/**
 * What to wear for the screens (README, "What to wear"; docs/suggestions.md): computed at once
 * from this device's copy of the wardrobe with the domain function the server runs, so the card
 * and the screen appear without waiting. The server is asked once per session, for the "Not this"
 * of the account that this device does not know (said elsewhere, or before a reload); its answer
 * replaces the computed one, and, offline, the computed one stays. Without a copy on the device
 * (still loading), the server answers alone.
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

/** The account's "Not this" as the server's answers listed them this session. */
let fromServer: { uid: string; list: SuggestionFeedback[] } | null = null;

/** Keeps the "Not this" of a server answer, merged with those of its earlier answers. */
function learnNotThis(uid: string, answer: SuggestionsAnswer): void {
  if (!answer.not_this) return;
  const known = new Map<string, SuggestionFeedback>();
  if (fromServer?.uid === uid) for (const f of fromServer.list) known.set(f.key, f);
  for (const f of answer.not_this) {
    const had = known.get(f.key);
    if (!had || had.until < f.until) known.set(f.key, f);
  }
  fromServer = { uid, list: [...known.values()] };
}

/** The "Not this" sets this device knows of: the server's, this window's, the outbox's. */
function notThisOnDevice(): SuggestionFeedback[] {
  const uid = useSessionStore.getState().user?.uid;
  const known = fromServer && fromServer.uid === uid ? fromServer.list : [];
  return [...known, ...notThisHere, ...pendingNotThis(useOutbox.getState().entries)];
}

/** No answer at all (no connection, a time-out): the local copy can answer instead. */
function noAnswer(err: unknown): boolean {
  return (err instanceof ApiError && err.status === null) || err instanceof TypeError;
}

async function computeHere(query: SuggestionsQuery): Promise<SuggestionsAnswer> {
  const wardrobe = useWardrobeStore.getState().data;
  const user = useSessionStore.getState().user;
  if (!wardrobe || !user) throw new Error('Your wardrobe is not on this device yet.');
  const { localSuggestions } = await loadLocal();
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
    const answer = withoutPending(await getSuggestions(query));
    const uid = useSessionStore.getState().user?.uid;
    if (uid) learnNotThis(uid, answer);
    return { answer, offline: false };
  } catch (err) {
    if (!noAnswer(err)) throw err;
    return { answer: await computeHere(query), offline: true };
  }
}

type Ready = { answer: SuggestionsAnswer; offline: boolean };

/** The local module once loaded: after that the screens compute without waiting a tick. */
let local: typeof LocalModule | undefined;
const loadLocal = async () => (local ??= await import('./suggestions-local'));

/**
 * Answers shown, per wardrobe object (every change to the wardrobe is a new one) and settings,
 * by query: a visit to the same day on an unchanged wardrobe shows the same three at once.
 * A "Not this" starts every list afresh (`round`).
 */
const shown = new WeakMap<WardrobeData, { settings: Settings; byQuery: Map<string, Ready> }>();
let round = 0;

function shownFor(data: WardrobeData, settings: Settings): Map<string, Ready> {
  let entry = shown.get(data);
  if (!entry || entry.settings !== settings) {
    entry = { settings, byQuery: new Map() };
    shown.set(data, entry);
  }
  return entry.byQuery;
}

const queryKey = (q: SuggestionsQuery) => `${round}|${q.date}|${q.pin ?? ''}|${q.offset ?? 0}`;

/**
 * The answer for a query without waiting: one shown before on this wardrobe, or computed now
 * from the copy on this device; undefined while there is no copy (or the rules still load).
 */
export function suggestionsAtOnce(query: SuggestionsQuery): Ready | undefined {
  const data = useWardrobeStore.getState().data;
  const user = useSessionStore.getState().user;
  if (!data || !user) return undefined;
  const byQuery = shownFor(data, user.settings);
  const key = queryKey(query);
  const kept = byQuery.get(key);
  if (kept || !local) return kept;
  const answer = local.localSuggestions(query, data, user.settings, user.uid, notThisOnDevice());
  const made = { answer, offline: false };
  byQuery.set(key, made);
  return made;
}

/**
 * The answer for a query once everything known is in: the computed one when the server's "Not
 * this" are already known this session; otherwise the server's (which teaches them), or, when no
 * answer comes, the computed one marked offline.
 */
export async function settleSuggestions(
  query: SuggestionsQuery,
  /** Called with the answer computed from the device's copy as soon as it is made. */
  onComputed?: (ready: Ready) => void,
): Promise<Ready> {
  const user = useSessionStore.getState().user;
  const data = useWardrobeStore.getState().data;
  if (!data || !user) return loadSuggestions(query);
  await loadLocal();
  const here = suggestionsAtOnce(query);
  // Signed out, or the copy dropped, while the rules loaded: the server answers alone.
  if (here === undefined) return loadSuggestions(query);
  if (fromServer?.uid === user.uid) return here;
  // Shown now: the server's answer (which may take seconds on a loaded machine) only replaces it.
  onComputed?.(here);
  const key = queryKey(query);
  try {
    const answer = withoutPending(await getSuggestions(query));
    learnNotThis(user.uid, answer);
    const made = { answer, offline: false };
    // Kept for the wardrobe it was asked about; a later wardrobe is computed afresh.
    shownFor(data, user.settings).set(key, made);
    return made;
  } catch (err) {
    if (!noAnswer(err)) throw err;
    const made = { answer: here.answer, offline: true };
    shownFor(data, user.settings).set(key, made);
    return made;
  }
}

/**
 * The suggestions of a query, again when the day, the pin or the page changes: shown at once
 * from the device's copy, then settled (settleSuggestions).
 */
export function useSuggestions(query: SuggestionsQuery): SuggestionsState & { retry: () => void } {
  const { date, pin, offset } = query;
  // Retry (after a failure) asks again.
  const [attempt, setAttempt] = useState(0);
  // Once the device's copy arrives (read back after a reload), it answers.
  const hasCopy = useWardrobeStore((s) => s.data !== null);
  const q: SuggestionsQuery = { date, ...(pin ? { pin } : {}), ...(offset ? { offset } : {}) };
  const [state, setState] = useState<SuggestionsState>(() => {
    const now = suggestionsAtOnce(q);
    return now ? { status: 'ready', ...now } : { status: 'loading' };
  });
  useEffect(() => {
    let live = true;
    const q: SuggestionsQuery = { date, ...(pin ? { pin } : {}), ...(offset ? { offset } : {}) };
    const now = suggestionsAtOnce(q);
    // A screen already showing an answer keeps it while the next one is made.
    setState((s) =>
      now ? { status: 'ready', ...now } : s.status === 'ready' ? s : { status: 'loading' },
    );
    const show = (r: Ready) => {
      if (!live) return;
      setState((s) =>
        s.status === 'ready' && s.answer === r.answer && s.offline === r.offline
          ? s
          : { status: 'ready', ...r },
      );
    };
    // Every path ends in an answer or a failure: nothing is left loading (e2e/suggestions).
    settleSuggestions(q, show).then(show, (err: unknown) => {
      if (!live) return;
      // A refusal after a computed answer was shown leaves that answer in place.
      setState((s) =>
        s.status === 'ready'
          ? s
          : {
              status: 'failed',
              message: err instanceof Error ? err.message : 'Suggestions could not be loaded.',
            },
      );
    });
    return () => {
      live = false;
    };
  }, [date, pin, offset, hasCopy, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
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
  round += 1;
  await (
    await loadOutbox()
  ).enqueue({ kind: 'suggestionFeedback', itemIds: [...itemIds], day }, '');
}

/** A YYYY-MM-DD day, or today by the wear-day rule (docs/spec.md §4) when the text is not one. */
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
