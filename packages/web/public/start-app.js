// Starts the app's code (docs/first-screen.md). The build turns index.html's module script into a
// modulepreload (scripts/inline-head.mjs): the app's chunks download and compile at once, as
// before, but are evaluated from here. When the server drew the first screen of /items into the
// page (#boot-shell[data-filled]), the app waits until that screen's first photos are painted, at
// most START_WAIT_MS: evaluating and rendering the app is a few hundred milliseconds of main
// thread on a phone, and the photos are what the person opened the app to see. Such a page also
// names its chunks without fetching them (data-rel="modulepreload", the server's
// first-screen-page.ts): on a phone's link they would share the bandwidth with those photos, so
// they are asked for here, once the photos are on screen. Everywhere else it starts at once. An
// external file, not inline: it must run under the Content-Security-Policy whatever index.html
// says.
const START_WAIT_MS = 1500;

/** Settles once the server-drawn shell's high-priority photos have loaded and been painted. */
function firstPhotosPainted() {
  const shell = document.getElementById('boot-shell');
  if (!shell || !shell.hasAttribute('data-filled')) return Promise.resolve();
  if (!document.documentElement.hasAttribute('data-boot-shell')) return Promise.resolve();
  const waiting = Array.from(shell.querySelectorAll('img[fetchpriority="high"]')).filter(
    (img) => !img.complete,
  );
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, START_WAIT_MS);
    const painted = () => {
      clearTimeout(timer);
      // The frame that shows them, then the app.
      requestAnimationFrame(() => setTimeout(resolve, 0));
    };
    let left = waiting.length;
    if (left === 0) return painted();
    const one = () => {
      left -= 1;
      if (left === 0) painted();
    };
    for (const img of waiting) {
      img.addEventListener('load', one, { once: true });
      img.addEventListener('error', one, { once: true });
    }
  });
}

/** The next task: what ran before it is a task of its own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Evaluates the entry's chunks one task each (docs/first-screen.md): the build preloads them in the
 * order they depend on each other (the runtime, React, the app), and importing one whose imports
 * are already evaluated evaluates it alone. One import of the entry would evaluate them all in one
 * long task.
 */
async function startApp(entry) {
  // Held-back chunks download now, all at once; the imports below find them preloaded.
  for (const link of document.querySelectorAll('link[data-rel="modulepreload"]')) {
    link.removeAttribute('data-rel');
    link.rel = 'modulepreload';
  }
  const chunks = document.querySelectorAll('link[rel="modulepreload"]:not([data-app-entry])');
  for (const chunk of chunks) {
    await import(chunk.href);
    await nextTask();
  }
  return import(entry.href);
}

const entry = document.querySelector('link[data-app-entry]');
if (entry) {
  void firstPhotosPainted().then(() => startApp(entry));
}
