/**
 * A chunk loader for code that is always on screen but not in the first load (the connection
 * pill, the update prompt: docs/performance.md). Loading can fail when the connection drops just
 * then, on a visit without the service worker's copy; React.lazy would keep that failure and the
 * app would show an error screen. Instead the load waits for the connection to come back and tries
 * again: meanwhile the piece is simply not drawn (its Suspense fallback). Other failures are passed
 * on.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  const attempt = (): Promise<T> =>
    load().catch((err: unknown) => {
      if (typeof navigator === 'undefined' || navigator.onLine) throw err;
      return new Promise<T>((resolve, reject) => {
        window.addEventListener('online', () => attempt().then(resolve, reject), { once: true });
      });
    });
  return attempt;
}
