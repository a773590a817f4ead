import { describe, expect, it } from 'vitest';
import { PhotoCache } from './photo-cache';

/** What the service worker's photo cache agrees to keep (cacheWillUpdate of its Workbox plugin). */
function keeps(type: ResponseType, status = 200): Promise<Response | null | undefined | void> {
  const plugin = new PhotoCache('https://closet.example', 1 << 20).plugin();
  // A Response's type cannot be set from a constructor; the plugin reads only these two fields.
  const response = { type, status } as Response;
  return Promise.resolve(
    plugin.cacheWillUpdate?.({
      response,
      request: new Request('https://closet.example/media/m1.1.x/u/p-thumbnail.webp'),
      event: {} as ExtendableEvent,
      state: {},
    }),
  );
}

describe('the photo cache keeps', () => {
  it('same-origin photos (disk storage) answered 200', async () => {
    expect(await keeps('basic')).not.toBeNull();
  });

  it('photos from object storage: a 302 to the bucket read with crossorigin="anonymous" (cors)', async () => {
    expect(await keeps('cors')).not.toBeNull();
  });

  it('no error answer, and no opaque answer (its size is unknown to the byte budget)', async () => {
    expect(await keeps('basic', 403)).toBeNull();
    expect(await keeps('cors', 404)).toBeNull();
    expect(await keeps('opaque', 0)).toBeNull();
  });
});
