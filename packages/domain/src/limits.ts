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
