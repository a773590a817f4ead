/**
 * Which server answer a wardrobe object is (README, Install and offline): GET users remembers the
 * ETag of the records it hands out, and the wardrobe store keeps it beside its copy. A copy changed
 * on this device is a new object with no ETag, so it is never mistaken for the server's version.
 */
const etags = new WeakMap<object, string>();

export function rememberEtag(data: object, etag: string | null): void {
  if (etag) etags.set(data, etag);
  else etags.delete(data);
}

export function etagOf(data: object | null): string | null {
  return (data && etags.get(data)) ?? null;
}
