import { z } from 'zod';
import { wireSettingsSchema } from './schemas.js';

/**
 * The answers of the calls around the wardrobe, beside the wardrobe's own in schemas.ts: the
 * app's start (GET /api/start), the export link, the import's preview and status (the archive's
 * format itself is export-format.ts) and the calendar feed's link. snake_case on the wire, as
 * every answer of docs/spec.md §7. The server types what it sends with them; the web app parses
 * what it receives with them (lib/api/start.ts, lib/api/data.ts), so the two cannot drift apart.
 */

const count = z.number().int().nonnegative();

// ---------------------------------------------------------------------------------------------
// GET /api/start
// ---------------------------------------------------------------------------------------------

/** The signed-in user as the identity service describes them. */
export const startUserSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});
export type StartUser = z.output<typeof startUserSchema>;

/**
 * The session's user, an access token and the user's settings in one answer (docs/performance.md).
 * Signed out, only `{ user: null }`.
 */
export const startAnswerSchema = z.object({
  user: startUserSchema.nullable(),
  /** The same access token GET /api/auth/token mints. */
  token: z.string().min(1).optional(),
  settings: wireSettingsSchema.optional(),
});
export type StartAnswer = z.output<typeof startAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The export and the import (docs/export-format.md)
// ---------------------------------------------------------------------------------------------

/** POST /api/export: a short-lived download link that needs no Authorization header. */
export const exportLinkSchema = z.object({
  /** A path on this server (the browser's download manager fetches it). */
  url: z.string().min(1),
  expires_at: z.string().min(1),
  /** The zip's exact size, or null when the photo store cannot tell it cheaply (S3). */
  bytes: count.nullable(),
});
export type ExportLink = z.output<typeof exportLinkSchema>;

/** POST /api/imports: what the archive holds, and how much of it this account already has. */
export const importPreviewSchema = z.object({
  id: z.string().min(1),
  items: count,
  outfits: count,
  calendar_days: count,
  photos: count,
  already_imported: z.object({ items: count, outfits: count }),
});
export type ImportPreview = z.output<typeof importPreviewSchema>;

export const IMPORT_STATES = ['previewed', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * POST /api/imports/{id}/commit and POST /api/imports/sheet with action=import (202): the import
 * runs in the background from now on.
 */
export const importStartedSchema = z.object({
  id: z.string().min(1),
  state: z.literal('running'),
});
export type ImportStarted = z.output<typeof importStartedSchema>;

/** GET /api/imports/{id}. */
export const importStatusSchema = z.object({
  id: z.string().min(1),
  state: z.enum(IMPORT_STATES),
  done: count,
  total: count,
  /** The reason, when the import failed. */
  error: z.string().optional(),
  /**
   * What a finished import added, by kind. The server sends every kind an export holds; a
   * spreadsheet's import sends items, skipped (imported before) and refused_skipped. A reader
   * takes the ones it finds (Profile shows items, outfits and calendar days).
   */
  result: z
    .object({
      items: count,
      outfits: count,
      calendar_days: count,
      /** Version 3 files (docs/collections.md); absent from older results. */
      collections: count.optional(),
      skipped: count,
      /** A spreadsheet's refused rows left out (skip_refused, docs/spreadsheet-import.md). */
      refused_skipped: count.optional(),
    })
    .partial()
    .optional(),
});
export type ImportStatus = z.output<typeof importStatusSchema>;

// ---------------------------------------------------------------------------------------------
// GET/POST /api/calendar-feed
// ---------------------------------------------------------------------------------------------

/** The account's secret feed URL and when it was made; both null when it has none. */
export const calendarFeedSchema = z.object({
  url: z.string().min(1).nullable(),
  created_at: z.string().nullable(),
});
export type CalendarFeedLink = z.output<typeof calendarFeedSchema>;
