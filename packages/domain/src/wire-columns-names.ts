/**
 * The names of the wardrobe answer in columns (wire-columns.ts, docs/wardrobe-wire.md), apart from
 * its encoder and decoder: the app's first load asks for the form by name (web lib/api/users.ts)
 * and reads it only off the main thread, so the codec stays out of that load (docs/design.md,
 * Performance targets: initial JS within 150 kB gzip).
 */

/** The media type a client names in Accept to get this form (with `v=2`). */
export const WARDROBE_COLUMNS_MEDIA_TYPE = 'application/vnd.hanger.wardrobe+json';
export const WARDROBE_COLUMNS_VERSION = 2;
/** The Content-Type of the answer in this form. */
export const WARDROBE_COLUMNS_CONTENT_TYPE = `${WARDROBE_COLUMNS_MEDIA_TYPE}; v=${WARDROBE_COLUMNS_VERSION}`;
/** The `format` member of every answer in this form (how a reader tells it from the default). */
export const WARDROBE_COLUMNS_FORMAT = 'hanger-wardrobe-columns';
