import { z } from 'zod';
import { wireSettingsSchema } from './schemas.js';
import { WARDROBE_COLUMNS_FORMAT, WARDROBE_COLUMNS_VERSION } from './wire-columns.js';

/**
 * Answers of the API that are not records of the wardrobe (those are in schemas.ts, the export's
 * and the import's in export-format.ts): what the server's route schemas declare and
 * GET /api/openapi.json documents.
 */

/** Every refused call (SPEC §8): the server's own text, shown in place of the catalogue's default. */
export const errorAnswerSchema = z.object({ detail: z.string() });
export type ErrorAnswer = z.output<typeof errorAnswerSchema>;

/** GET /api/health: 200 `{ status: 'ok' }` when the database answers. */
export const healthAnswerSchema = z.object({ status: z.literal('ok') });
/** GET /api/health: 503 when the database does not answer. */
export const healthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  detail: z.string(),
});

/** POST /api/imports/{id}/commit: 202, the import is running (poll GET /api/imports/{id}). */
export const importCommitAnswerSchema = z.object({ id: z.string(), state: z.literal('running') });
export type ImportCommitAnswer = z.output<typeof importCommitAnswerSchema>;

/**
 * DELETE /api/users/me: the account's e-mail address, typed again to confirm. Any value is read;
 * one that is not the address is refused by the server with the reason (422).
 */
export const accountDeleteSchema = z.object({
  confirm: z.unknown().optional().describe("The account's e-mail address"),
});

/**
 * GET /api/users in columns (wire-columns.ts, docs/wardrobe-wire.md), in outline: its envelope,
 * with the record columns left open. The web app reads it with decodeWardrobeColumns.
 */
export const wardrobeColumnsOutlineSchema = z.looseObject({
  format: z.literal(WARDROBE_COLUMNS_FORMAT),
  v: z.literal(WARDROBE_COLUMNS_VERSION),
  media: z.string().describe('The part every photo URL starts with, sent once'),
  clothes: z.looseObject({}).describe("The items' fields, one array per field"),
  outfits: z.looseObject({}).describe("The outfits' fields, one array per field"),
  calendar: z.looseObject({}).describe('The days, their items and outfits as indexes'),
});

/** GET/POST /api/calendar-feed: the account's calendar feed URL, or nulls when it has none. */
export const calendarFeedInfoSchema = z.object({
  url: z.string().nullable(),
  created_at: z.string().nullable(),
});

/**
 * GET /api/start: the signed-in user, an access token and their settings in one answer; signed
 * out (or refused by the identity service's rate limit, with 429), `{ user: null }`.
 */
export const startAnswerSchema = z.object({
  user: z
    .object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() })
    .nullable(),
  token: z.string().optional().describe('An access token, as GET /api/auth/token mints'),
  settings: wireSettingsSchema.optional(),
});
export type StartAnswer = z.output<typeof startAnswerSchema>;
