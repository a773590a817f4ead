import { photoCacheKey } from '@hanger/domain';
import { Workbox } from 'workbox-window';
import { SW_MESSAGE } from './names';

/**
 * Tells the worker that now controls the page which photos the page has shown: the worker
 * registers a few seconds after the first screen, whose photos it would otherwise never have seen.
 */
function handOverPhotos(): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => photoCacheKey(url, location.origin) !== null);
  if (urls.length > 0) {
    navigator.serviceWorker.controller?.postMessage({ type: SW_MESSAGE.cachePhotos, urls });
  }
}

/** How often an open app asks the server for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js. A new version is never activated on its own (versions must not mix): when one
 * is waiting, `onUpdateReady` gets the function that activates it and reloads the page once the
 * new worker controls it, to be called when the user chooses Reload.
 */
export async function registerServiceWorker(
  onUpdateReady: (activate: () => void) => void,
): Promise<void> {
  const wb = new Workbox('/sw.js', { scope: '/' });

  const activate = () => {
    let reloading = false;
    const reload = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', reload);
    void navigator.serviceWorker.getRegistration().then((registration) => {
      // Another tab may have activated it already: then this tab only needs the reload.
      if (registration?.waiting) registration.waiting.postMessage({ type: SW_MESSAGE.skipWaiting });
      else reload();
    });
  };

  wb.addEventListener('waiting', () => onUpdateReady(activate));
  // A first install claims this page (sw.ts): the photos it showed meanwhile are handed over.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', handOverPhotos, { once: true });
  }
  const registration = await wb.register();
  if (!registration) return;
  setInterval(() => void wb.update(), UPDATE_CHECK_MS);
}
