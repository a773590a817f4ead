import { useEffect, useRef } from 'react';
import { takeSharedFiles } from '../../lib/pwa/shared-files';

let taking: Promise<File[]> | undefined;

/** One read of the store at a time (StrictMode runs effects twice; files are taken once). */
function takeOnce(): Promise<File[]> {
  taking ??= takeSharedFiles().finally(() => {
    taking = undefined;
  });
  return taking;
}

/**
 * Photos shared to Hanger from another app (Web Share Target): the service worker keeps them and
 * opens this page; they join the queue as if chosen here. Checked on every visit, not only with
 * the `?shared=1` flag, so photos shared before signing in are picked up after it.
 */
export function useSharedPhotos(add: (files: File[]) => void): void {
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    let live = true;
    takeOnce()
      .then((files) => {
        if (files.length > 0) {
          if (live) addRef.current(files);
          // Unmounted meanwhile (StrictMode): the other mount received them through the same promise.
        }
      })
      .catch((err: unknown) => console.error('Hanger: could not read the shared photos', err));
    return () => {
      live = false;
    };
  }, []);
}
