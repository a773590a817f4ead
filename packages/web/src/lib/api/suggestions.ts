import {
  suggestionFeedbackResponseSchema,
  suggestionsResponseSchema,
  type SuggestionFeedback,
} from '@hanger/domain';
import type { z } from 'zod';
import { api } from './transport';

/**
 * What to wear (README, "What to wear"): GET suggestions for a day, and "Not this". The answer
 * is parsed with the domain's schema, as every answer is.
 */

export type SuggestionsAnswer = z.infer<typeof suggestionsResponseSchema>;

export interface SuggestionsQuery {
  date: string;
  pin?: string;
  offset?: number;
}

export async function getSuggestions(query: SuggestionsQuery): Promise<SuggestionsAnswer> {
  const params = new URLSearchParams({ date: query.date });
  if (query.pin !== undefined) params.set('pin', query.pin);
  if (query.offset) params.set('offset', String(query.offset));
  return suggestionsResponseSchema.parse(await api.get(`/suggestions?${params.toString()}`));
}

/** "Not this" for a suggestion's pieces: answers the key and the day it lasts until. */
export async function postNotThis(itemIds: readonly string[]): Promise<SuggestionFeedback> {
  const answer = await api.post('/suggestions/feedback', {
    body: { item_ids: [...itemIds] },
    keepalive: true,
  });
  return suggestionFeedbackResponseSchema.parse(answer);
}
