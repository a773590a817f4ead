import type { StartUser } from '@hanger/domain';
import { refreshAccessToken } from '../access-token';
import type { IdentityUser } from '../auth-client';

/**
 * GET /api/start (docs/performance.md): the session's user, an access token and the wire settings
 * in one round trip, read from the session cookie. It replaces the chain get-session → token →
 * settings that used to run before the wardrobe could even be asked for.
 */

export const START_ENDPOINT = '/api/start';

export interface StartAnswer {
  /** Null when nobody is signed in. */
  user: IdentityUser | null;
  token?: string;
  /** Wire settings, still to be validated (see parse-off-thread.ts). */
  settings?: unknown;
}

/** The server could not be reached or answered with an error: not the same as "signed out". */
export class StartUnavailableError extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'Could not reach the server' : `Start request failed (${status})`);
    this.name = 'StartUnavailableError';
  }
}

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * The answer as the domain's startAnswerSchema reads it (wire-answers.ts; start.test.ts holds the
 * two to the same verdicts), checked by hand because this runs in the first load, which the
 * schema library stays out of (vite.config.ts NEVER_FIRST, the budget of bench/web-bundle.mjs).
 * The settings are kept as sent, to be validated off the main thread (parse-off-thread.ts). An
 * answer without a user and a token, or of another shape, reads as nobody signed in.
 */
function readAnswer(body: unknown): StartAnswer {
  const b = (body ?? {}) as { user?: unknown; token?: unknown; settings?: unknown };
  const u = (b.user ?? {}) as Partial<Record<keyof StartUser, unknown>>;
  const user =
    isText(u.id) &&
    u.id !== '' &&
    isText(u.name) &&
    isText(u.email) &&
    (u.image === null || isText(u.image))
      ? { id: u.id, name: u.name, email: u.email, image: u.image }
      : null;
  if (!user || !isText(b.token) || b.token === '') return { user: null };
  return { user, token: b.token, settings: b.settings };
}

/** One GET /api/start. Throws StartUnavailableError when offline or on a server error. */
export async function fetchStart(): Promise<StartAnswer> {
  let res: Response;
  try {
    // Same mode and credentials as index.html's <link rel=preload>, so the browser can reuse it.
    res = await fetch(START_ENDPOINT, { credentials: 'same-origin' });
  } catch {
    throw new StartUnavailableError(null);
  }
  return startFrom(res.status, res.ok ? await res.json().catch(() => null) : null);
}

/**
 * A start answer from its status (null: no answer) and JSON body: the request may have been made
 * by the page's first script (src/early.ts) rather than here.
 */
export async function startFrom(status: number | null, body: unknown): Promise<StartAnswer> {
  if (status === null) throw new StartUnavailableError(null);
  // A server older than this app has no /api/start: the three calls it stands for, in turn.
  if (status === 404) return startStepByStep();
  if (status < 200 || status > 299) throw new StartUnavailableError(status);
  return readAnswer(body);
}

async function startStepByStep(): Promise<StartAnswer> {
  let user: IdentityUser | null;
  let token: string;
  try {
    // Loaded here: the identity client is the sign-in screens' and stays out of the first load.
    const { getSessionUser } = await import('../auth-client');
    user = await getSessionUser();
    if (!user) return { user: null };
    token = await refreshAccessToken();
  } catch {
    throw new StartUnavailableError(null);
  }
  const res = await fetch('/api/users/settings', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  }).catch(() => null);
  const settings: unknown = res?.ok ? await res.json().catch(() => ({})) : {};
  return { user, token, settings };
}

let early: Promise<StartAnswer> | null = null;

/**
 * Starts GET /api/start as soon as the app's code runs (main.tsx), before React renders, or takes
 * over the one the page's first script made (`earlier`); the first caller of takeStart gets that
 * answer, later callers ask afresh.
 */
export function beginStart(earlier?: Promise<{ status: number | null; body: unknown }>): void {
  early ??= earlier ? earlier.then((e) => startFrom(e.status, e.body)) : fetchStart();
  // Handled by whoever takes it; never an unhandled rejection meanwhile.
  early.catch(() => undefined);
}

export function takeStart(): Promise<StartAnswer> {
  const answer = early ?? fetchStart();
  early = null;
  return answer;
}

/** For tests: forget an early start. */
export function resetStartForTests(): void {
  early = null;
}
