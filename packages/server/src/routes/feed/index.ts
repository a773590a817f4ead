import { calendarFeedSchema } from '@hanger/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { NotFoundError } from '../../errors.js';
import { logSecurityEvent } from '../../security-events.js';
import {
  createFeed,
  deleteFeed,
  feedCalendar,
  feedKeys,
  feedOwner,
  readFeed,
} from '../../services/calendar-feed.js';
import { noContent, refusals } from '../answers.js';

export interface FeedRoutesOptions {
  config: Pick<Config, 'publicUrl' | 'authSecret'>;
}

/** Calendar apps poll a few times a day; this leaves room for many subscribers behind one NAT. */
export const FEED_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * GET /api/feed/<token>.ics: the calendar feed itself. No bearer token (calendar apps cannot send
 * one): the token in the path is the credential, so this is registered outside the authenticated
 * API, with a tighter rate limit so that tokens cannot be guessed at speed. A wrong, revoked or
 * malformed token answers exactly like any other missing route.
 */
export async function publicFeedRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/feed/:file',
    {
      config: { rateLimit: FEED_RATE_LIMIT },
      schema: {
        summary: 'The calendar feed (iCalendar); the token in its name is the credential',
        security: [],
        params: z.object({ file: z.string().describe('<token>.ics') }),
        response: {
          200: {
            description: "The account's worn days as iCalendar events",
            content: { 'text/calendar': { schema: z.string() } },
          },
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const file = request.params.file;
      const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
      const userId = token ? await feedOwner(app.db, token) : undefined;
      if (!userId) {
        logSecurityEvent(request.log, 'feed_token_refused', {
          ip: request.ip,
          reason: token ? 'unknown token' : 'malformed path',
        });
        throw new NotFoundError('Not found');
      }
      const body = await feedCalendar(app.services, userId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="hanger.ics"')
        .send(body);
    },
  );
}

/**
 * GET/POST/DELETE /api/calendar-feed: the signed-in account's feed URL, shown in Profile. POST
 * makes a new URL and kills the old one; DELETE revokes it.
 */
export default async function calendarFeedRoutes(
  app: FastifyInstance,
  { config }: FeedRoutesOptions,
): Promise<void> {
  const keys = feedKeys(config.publicUrl, config.authSecret);
  const noStore = { 'cache-control': 'no-store' };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/calendar-feed',
    {
      schema: {
        summary: "The account's calendar feed URL",
        response: { 200: calendarFeedSchema, ...refusals(401) },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await readFeed(app.db, keys, request.user.id)),
  );

  api.post(
    '/calendar-feed',
    {
      schema: {
        summary: 'A new calendar feed URL; the previous one stops working',
        response: { 200: calendarFeedSchema, ...refusals(401) },
      },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await createFeed(app.db, keys, request.user.id)),
  );

  api.delete(
    '/calendar-feed',
    {
      schema: {
        summary: 'Revoke the calendar feed URL',
        response: { 204: noContent, ...refusals(401) },
      },
    },
    async (request, reply) => {
      await deleteFeed(app.db, request.user.id);
      return reply.code(204).send();
    },
  );
}
