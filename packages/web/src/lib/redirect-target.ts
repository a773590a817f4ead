/**
 * Where a successful sign-in goes: back to the page the guard turned the visitor away from
 * (kept in the router state as `from`), else the items tab. Only same-app paths are followed.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) {
    if (!/^\/(login|signin|signup)(\/|\?|$)/.test(from)) return from;
  }
  return '/items';
}
