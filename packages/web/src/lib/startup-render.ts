import { useDeferredValue, useState } from 'react';

/**
 * Start-up renders in short tasks (docs/first-screen.md). While index.html's first screen
 * (#boot-shell) is over the app, nothing the app renders is seen yet; so the large first renders
 * (the screens opening, the wardrobe arriving) can be deferred renders, which React splits into
 * tasks of a few milliseconds, instead of renders in the store update's own task, which were single
 * long tasks of 100–300 ms under Lighthouse's 4× CPU slowdown.
 */

/** Whether index.html's first screen is still over the app (main.tsx removes it). */
export function pageStarting(): boolean {
  return typeof document !== 'undefined' && document.getElementById('boot-shell') !== null;
}

let markDrawn: () => void = () => undefined;
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

/** main.tsx: the app has drawn a screen of its own and index.html's first screen is gone. */
export function firstScreenReleased(): void {
  markDrawn();
}

/**
 * Resolves once the app shows a screen of its own (at once when index.html's first screen is not
 * there): work that can wait for the start-up to be over waits for it.
 */
export function afterStartup(): Promise<void> {
  return pageStarting() ? drawn : Promise.resolve();
}

/**
 * Whether index.html's first screen is on screen over the app: the server drew it (on /items,
 * public/early.js marks it) and main.tsx has not released it yet. Unlike `pageStarting`, false on
 * a route whose first screen stays hidden.
 */
export function firstScreenCovers(): boolean {
  return (
    typeof document !== 'undefined' && document.documentElement.hasAttribute('data-boot-shell')
  );
}

/**
 * `value` for a component's render: when the component mounted while the page was starting, it
 * first renders `whileStarting` and then `value` in a deferred render; later changes of `value`
 * are deferred renders too. A component mounted later (a screen opened) renders `value` at once.
 */
export function useStartupDeferred<T>(value: T, whileStarting: T): T {
  const [startingUp] = useState(pageStarting);
  return useDeferredValue(value, startingUp ? whileStarting : value);
}
