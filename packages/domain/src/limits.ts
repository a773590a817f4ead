/**
 * Size limits of the wire's fields, shared by the request schemas and the forms that check input
 * before sending. Kept apart from schemas.ts so that forms do not load the schema library.
 */

export const MAX_ID = 200;
export const MAX_TEXT = 200;
/** Money and counts beyond these are typos, not wardrobes. */
export const MAX_MONEY = 1_000_000_000;
export const MAX_WEARS = 100_000;
/** RFC 5321: a forward path is at most 256 octets including the angle brackets. */
export const MAX_EMAIL = 254;
/** A person's display name (sign-up, profile). */
export const MAX_PERSON_NAME = 100;
/** A subcategory's name, as shown on a chip. */
export const MAX_SUBCATEGORY_NAME = 60;
/** Subcategories in one category; far above any real wardrobe, low enough to bound a settings body. */
export const MAX_SUBCATEGORIES = 100;
/** A BCP 47 language tag (RFC 5646 §4.4.1 asks for at least 35 characters). */
export const MAX_LOCALE = 35;
/** Ids in one PUT calendar/{date} list (clothes or outfits). */
export const MAX_DAY_IDS = 500;
/**
 * Ids in one batch update or batch delete (PATCH/DELETE clothes, PATCH/DELETE outfits): a
 * wardrobe's worth of "Select all", low enough to bound one transaction (docs/select-many.md).
 */
export const MAX_BATCH_IDS = 5000;
/** Items placed on one outfit canvas. */
export const MAX_CANVAS_ENTRIES = 100;

/**
 * Why a string cannot be stored as text, or undefined when it can: PostgreSQL refuses NUL in text
 * (SQLite would keep it), a lone UTF-16 surrogate cannot be written as UTF-8, control characters
 * have no place in a one-line field, and U+FFFD is what a decoder leaves of bytes that were not
 * UTF-8 (an over-long 0xC0 0x80). Tab, line feed and carriage return are allowed.
 */
export function textProblem(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/\u0000/.test(value)) return 'must not contain NUL characters';
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(value)) {
    return 'must not contain control characters';
  }
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)) {
    return 'must be valid Unicode (it contains a lone surrogate)';
  }
  if (value.includes('\uFFFD')) return 'must be valid UTF-8';
  return undefined;
}

/** Whether a string can be stored as text (see textProblem). */
export function isStorableText(value: string): boolean {
  return textProblem(value) === undefined;
}
