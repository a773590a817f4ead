import {
  suggestionFeedbackResponseSchema,
  suggestionFeedbackSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notThis, readSuggestions } from '../../services/suggestions.js';
import { refusals } from '../answers.js';

/** What to wear (README, "What to wear"): suggestions for a day, and "Not this". */
export default async function suggestionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.services;

  api.get(
    '/suggestions',
    {
      schema: {
        summary:
          'Three outfits from the closet for a day (date), around an item (pin), page offset',
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema, ...refusals(401, 404, 422) },
      },
    },
    async (request) => readSuggestions(ctx, request.user.id, request.query),
  );

  api.post(
    '/suggestions/feedback',
    {
      schema: {
        summary: '"Not this": the pieces of a suggestion are not suggested together for 30 days',
        consumes: ['application/json'],
        body: suggestionFeedbackSchema,
        response: {
          200: suggestionFeedbackResponseSchema,
          ...refusals(400, 401, 404, 413, 415, 422),
        },
      },
    },
    async (request) => notThis(ctx, request.user.id, request.body.item_ids),
  );
}
