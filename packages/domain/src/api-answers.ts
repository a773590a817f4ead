import { z } from 'zod';
import { WARDROBE_COLUMNS_FORMAT, WARDROBE_COLUMNS_VERSION } from './wire-columns-names.js';

/**
 * The rest of what the server's route schemas declare and GET /api/openapi.json documents: the
 * refusal every call may answer, the health check, the account deletion's body and the columns
 * form in outline. The wardrobe's records are in schemas.ts; the start, export, import and
 * calendar feed answers in wire-answers.ts.
 */

/** Every refused call (docs/spec.md §8): the server's own text, shown in place of the catalogue's default. */
export const errorAnswerSchema = z.object({ detail: z.string() });
export type ErrorAnswer = z.output<typeof errorAnswerSchema>;

/** GET /api/health: 200 `{ status: 'ok' }` when the database answers. */
export const healthAnswerSchema = z.object({ status: z.literal('ok') });
/** GET /api/health: 503 when the database does not answer. */
export const healthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  detail: z.string(),
});

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
