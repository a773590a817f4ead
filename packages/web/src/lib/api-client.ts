import {
  ERROR_CATALOGUE,
  canvasEntryToWire,
  categoryFromWire,
  errorForFailure,
  errorFromStatus,
  itemUpdatesToWire,
  outfitUpdatesToWire,
  requestTimeoutMs,
  serverDetailOf,
  settingsToWire,
  toCamel,
  toSnake,
  type CalendarItemType,
  type CanvasEntry,
  type ClothingItem,
  type EditableItemField,
  type EditableOutfitField,
  type ErrorCode,
  type Outfit,
  type OutfitStatus,
  type Settings,
  type WardrobeData,
} from '@hanger/domain';
import {
  TokenUnavailableError,
  clearAccessToken,
  getAccessToken,
  refreshAccessToken,
} from './access-token';
import { isMobileDevice } from './device';
import { currentUserId } from './stores/session-store';

/**
 * The one way the app talks to the product API: bearer token, snake_case on the wire and
 * camelCase in the app, time-outs, and every failure turned into the catalogue of SPEC §8.
 */

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** HTTP status, or null when no answer arrived. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown instead of calling when nobody is signed in (SPEC §6); callers stay silent. */
export class NoUserError extends Error {
  constructor() {
    super('No signed-in user; request aborted');
    this.name = 'NoUserError';
  }
}

export type RequestBody = FormData | URLSearchParams | Record<string, unknown>;

export interface RequestOptions {
  body?: RequestBody;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  baseUrl: string;
  hasUser: () => boolean;
  getToken: () => Promise<string>;
  /** Mint a new token after the API refused the current one. */
  refreshToken: () => Promise<string>;
  isMobile: () => boolean;
  /** The session is gone for good (the identity service refused to mint a token). */
  onSessionExpired?: () => void;
  fetch?: typeof fetch;
}

export type ApiClient = ReturnType<typeof createApiClient>;

function encodeBody(body: RequestBody | undefined): BodyInit | undefined {
  if (body === undefined || body instanceof FormData || body instanceof URLSearchParams)
    return body;
  return JSON.stringify(toSnake(body));
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(deps: ApiClientDeps) {
  const doFetch =
    deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function tokenOrThrow(fresh: boolean): Promise<string> {
    try {
      return await (fresh ? deps.refreshToken() : deps.getToken());
    } catch (err) {
      if (err instanceof TokenUnavailableError) {
        if (err.status === null) {
          const { code, message } = errorForFailure('network');
          throw new ApiError(code, message, null);
        }
        if (err.status === 401 || err.status === 403) {
          deps.onSessionExpired?.();
          throw new ApiError('UNAUTHORIZED', ERROR_CATALOGUE.UNAUTHORIZED, 401);
        }
        const { code, message } = errorFromStatus(err.status);
        throw new ApiError(code, message, err.status);
      }
      throw err;
    }
  }

  async function attempt(method: string, path: string, opts: RequestOptions, token: string) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, requestTimeoutMs(deps.isMobile()));
    const onCallerAbort = () => controller.abort();
    // The caller may have given up while the token was being fetched.
    if (opts.signal?.aborted) controller.abort();
    else opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      const headers: Record<string, string> = {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
      };
      if (
        opts.body !== undefined &&
        !(opts.body instanceof FormData) &&
        !(opts.body instanceof URLSearchParams)
      ) {
        headers['content-type'] = 'application/json';
      }
      const res = await doFetch(`${deps.baseUrl}${path}`, {
        method,
        headers,
        body: encodeBody(opts.body),
        signal: controller.signal,
      });
      const json = await readJson(res);
      return { res, json };
    } catch (err) {
      if (timedOut) {
        const { code, message } = errorForFailure('timeout');
        throw new ApiError(code, message, null);
      }
      if (opts.signal?.aborted) throw err;
      const { code, message } = errorForFailure(err instanceof TypeError ? 'network' : 'unknown');
      throw new ApiError(code, message, null);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Sends a request and answers its JSON body (keys as the server wrote them). */
  async function request(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<unknown> {
    if (!deps.hasUser()) {
      console.warn(`Hanger: no signed-in user; ${method} ${path} was not sent.`);
      throw new NoUserError();
    }
    let { res, json } = await attempt(method, path, opts, await tokenOrThrow(false));
    if (res.status === 401) {
      // The token may have been revoked or minted before a clock change: try once with a new one.
      ({ res, json } = await attempt(method, path, opts, await tokenOrThrow(true)));
    }
    if (!res.ok) {
      const { code, message } = errorFromStatus(res.status, serverDetailOf(json));
      throw new ApiError(code, message, res.status);
    }
    return json;
  }

  return {
    request,
    get: (path: string, opts?: RequestOptions) => request('GET', path, opts),
    post: (path: string, opts?: RequestOptions) => request('POST', path, opts),
    put: (path: string, opts?: RequestOptions) => request('PUT', path, opts),
    patch: (path: string, opts?: RequestOptions) => request('PATCH', path, opts),
    delete: (path: string, opts?: RequestOptions) => request('DELETE', path, opts),
  };
}

let sessionExpiredHandler: (() => void) | undefined;

/** The session layer registers what happens when the identity service refuses a token. */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

export const api = createApiClient({
  baseUrl: '/api',
  hasUser: () => currentUserId() !== null,
  getToken: getAccessToken,
  refreshToken: () => {
    clearAccessToken();
    return refreshAccessToken();
  },
  isMobile: isMobileDevice,
  onSessionExpired: () => sessionExpiredHandler?.(),
});

/** Any failure as the catalogue's code and message, for toasts. */
export function toCatalogueError(err: unknown): { code: ErrorCode; message: string } {
  if (err instanceof ApiError) return { code: err.code, message: err.message };
  return errorForFailure('unknown');
}

// ---------------------------------------------------------------------------------------------
// The calls of SPEC §7
// ---------------------------------------------------------------------------------------------

const enc = encodeURIComponent;

/** The answer parsers, loaded with the schema library on first use (see wire-parse.ts). */
export const loadParsers = () => import('./wire-parse');

/** A PATCH answer (only the changed fields) in app spelling; nulls are kept so callers clear them. */
function patchFromWire<T>(json: unknown): Partial<T> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
  const camel = toCamel<Record<string, unknown>>(json);
  if (typeof camel.category === 'string')
    camel.category = categoryFromWire(camel.category as never);
  return camel as Partial<T>;
}

export async function fetchWardrobe(signal?: AbortSignal): Promise<WardrobeData> {
  const [json, parsers] = await Promise.all([api.get('/users', { signal }), loadParsers()]);
  return parsers.parseWardrobeAnswer(json);
}

export async function fetchSettings(signal?: AbortSignal): Promise<Settings> {
  const [json, parsers] = await Promise.all([
    api.get('/users/settings', { signal }),
    loadParsers(),
  ]);
  return parsers.parseSettingsAnswer(json);
}

export async function putSettings(settings: Settings): Promise<void> {
  const wire = {
    ...settingsToWire(settings),
    tracking_start_date: settings.trackingStartDate ?? '',
  };
  const body = new FormData();
  body.set('settings', JSON.stringify(wire));
  await api.put('/users/settings', { body });
}

export type NewItemInput = Pick<ClothingItem, 'category' | 'status'> &
  Partial<Pick<ClothingItem, EditableItemField>>;

export async function postItem(fields: NewItemInput, image: Blob): Promise<ClothingItem> {
  const body = new FormData();
  body.set('image', image, image instanceof File ? image.name : 'photo');
  for (const [key, value] of Object.entries(itemUpdatesToWire(fields))) {
    if (value !== '') body.set(key, String(value));
  }
  const [json, parsers] = await Promise.all([api.post('/clothes', { body }), loadParsers()]);
  return parsers.parseItemAnswer(json);
}

export interface OutfitInput {
  image: Blob;
  canvasData: CanvasEntry[];
  /** Saves over this outfit instead of creating one. */
  id?: string;
  status?: OutfitStatus;
}

export async function postOutfit(input: OutfitInput): Promise<Outfit> {
  const body = new FormData();
  body.set('image', input.image, 'outfit.jpg');
  body.set('canvas_data', JSON.stringify(input.canvasData.map(canvasEntryToWire)));
  if (input.id) body.set('id', input.id);
  if (input.status) body.set('status', input.status);
  const [json, parsers] = await Promise.all([api.post('/outfit', { body }), loadParsers()]);
  return parsers.parseOutfitAnswer(json);
}

export type ItemUpdate = Partial<Pick<ClothingItem, EditableItemField>>;
export type OutfitUpdate = Partial<Pick<Outfit, EditableOutfitField>>;

export async function patchItem(id: string, updates: ItemUpdate): Promise<Partial<ClothingItem>> {
  const body = new FormData();
  body.set('updates', JSON.stringify(itemUpdatesToWire(updates)));
  return patchFromWire<ClothingItem>(await api.patch(`/clothes/${enc(id)}`, { body }));
}

export async function patchOutfit(id: string, updates: OutfitUpdate): Promise<Partial<Outfit>> {
  const body = new FormData();
  body.set('updates', JSON.stringify(outfitUpdatesToWire(updates)));
  return patchFromWire<Outfit>(await api.patch(`/outfits/${enc(id)}`, { body }));
}

/** SPEC §7: the edited photo goes up as a PNG file named edited-image. */
export async function patchItemImage(id: string, png: Blob): Promise<Partial<ClothingItem>> {
  const body = new FormData();
  body.set('image', new File([png], 'edited-image', { type: 'image/png' }));
  return patchFromWire<ClothingItem>(await api.patch(`/clothes/${enc(id)}/image`, { body }));
}

export async function deleteItemRequest(id: string): Promise<void> {
  await api.delete(`/clothes/${enc(id)}`);
}

export async function deleteOutfitRequest(id: string): Promise<void> {
  await api.delete(`/outfits/${enc(id)}`);
}

export interface CalendarPutInput {
  clothes?: string[];
  outfits?: string[];
  /** An id stars it; '' clears the star. */
  displayItem?: string;
}

export async function putCalendarDay(date: string, input: CalendarPutInput): Promise<void> {
  const body = new FormData();
  for (const id of input.clothes ?? []) body.append('clothes', id);
  for (const id of input.outfits ?? []) body.append('outfits', id);
  if (input.displayItem !== undefined) body.set('display_item', input.displayItem);
  await api.put(`/calendar/${enc(date)}`, { body });
}

export async function deleteCalendarEntry(
  date: string,
  itemId: string,
  itemType: CalendarItemType,
): Promise<void> {
  await api.delete(`/calendar/${enc(date)}/${enc(itemId)}`, {
    body: new URLSearchParams({ item_type: itemType }),
  });
}
