import { WARDROBE_COLUMNS_MEDIA_TYPE, WARDROBE_COLUMNS_VERSION } from '@hanger/domain';
import type { WardrobeForm } from '../../services/wardrobe-cache.js';

/** What a wardrobe answer depends on besides the user: its form and its encoding. */
export const WARDROBE_VARY = 'Accept, Accept-Encoding';

/** One element of an Accept or Accept-Encoding list: its value and its parameters, lower case. */
function elements(header: string | undefined): { value: string; params: Map<string, string> }[] {
  if (!header) return [];
  return header.split(',').map((element) => {
    const [value = '', ...rest] = element.split(';');
    const params = new Map<string, string>();
    for (const param of rest) {
      const eq = param.indexOf('=');
      if (eq < 0) continue;
      const name = param.slice(0, eq).trim().toLowerCase();
      const raw = param.slice(eq + 1).trim();
      params.set(name, raw.replace(/^"(.*)"$/, '$1').toLowerCase());
    }
    return { value: value.trim().toLowerCase(), params };
  });
}

/** A q-value of 0 (RFC 9110 §12.4.2) refuses what it follows. */
function refused(params: Map<string, string>): boolean {
  const q = params.get('q');
  return q !== undefined && Number(q) === 0;
}

/**
 * True when the Accept header names the wardrobe in columns at this version
 * (`application/vnd.hanger.wardrobe+json; v=2`) without refusing it. Wildcards do not count:
 * a client that did not name the form gets the default answer of docs/spec.md §7.
 */
export function wantsColumns(accept: string | undefined): boolean {
  return elements(accept).some(
    ({ value, params }) =>
      value === WARDROBE_COLUMNS_MEDIA_TYPE &&
      params.get('v') === String(WARDROBE_COLUMNS_VERSION) &&
      !refused(params),
  );
}

/** The form of the wardrobe an Accept header asks for: the columns, or the default maps. */
export function wardrobeForm(accept: string | undefined): WardrobeForm {
  return wantsColumns(accept) ? 'columns' : 'json';
}

/**
 * True when Accept-Encoding accepts gzip (or its alias x-gzip, RFC 9110 §8.4.1.3) without
 * refusing it with q=0. Wildcards do not count: the answer is sent uncompressed then.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return elements(acceptEncoding).some(
    ({ value, params }) => (value === 'gzip' || value === 'x-gzip') && !refused(params),
  );
}
