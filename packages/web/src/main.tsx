// First: GET /api/start leaves before the app's modules are evaluated (docs/first-screen.md).
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appRouter } from './app/app';
import { renderStartupFailure } from './app/startup-failure';
import { firstScreenReleased } from './lib/startup-render';
import { watchCustomViewCookie } from './lib/stores/view-cookie';
import './styles.css';

/** The longest a server-drawn first screen stays over an app that is still loading the grid. */
const FILLED_SHELL_MAX_MS = 10_000;

/**
 * index.html's static first paint (#boot-shell, docs/first-screen.md) stays over #root while the
 * app shows only a start-up spinner (checking the session, logging in, opening the stored
 * wardrobe), and goes as soon as the app draws its own shell or any other screen: in the same
 * frame, so nothing flashes or shifts. When the server drew the first tiles into it (data-filled,
 * docs/first-screen.md), it stays until the app's grid has its records too (or the app shows
 * something other than the grid's loading state), so the photos never give way to placeholders.
 */
function releaseBootShell(container: HTMLElement): void {
  const shell = document.getElementById('boot-shell');
  if (!shell) return;
  const filled = shell.hasAttribute('data-filled');
  const drawn = () =>
    container.querySelector('[data-bottom-nav]') !== null ||
    (container.childElementCount > 0 && container.querySelector('[data-boot-hold]') === null);
  const gridReady = () =>
    container.querySelector('[data-boot-hold]') === null &&
    container.querySelector('[role="status"][aria-label="Loading your items"]') === null;
  const release = () => {
    observer.disconnect();
    clearTimeout(timer);
    shell.remove();
    document.documentElement.removeAttribute('data-boot-shell');
    firstScreenReleased();
  };
  const observer = new MutationObserver(() => {
    if (drawn() && (!filled || gridReady())) release();
  });
  const timer = filled ? setTimeout(release, FILLED_SHELL_MAX_MS) : undefined;
  // The grid lets go of the screen by dropping its data-boot-hold, which changes no children when
  // it has no rows to add.
  observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-boot-hold'],
  });
}

/**
 * The first render (docs/first-screen.md), in a task of its own after the ones that evaluated the
 * app's code and made the router (index.html's static shell is on screen meanwhile). Not as a
 * transition: a time-sliced render is restarted by every store update that lands during it
 * (session, settings, the wardrobe), and side by side it came out worse for total blocking time
 * than one synchronous render.
 */
function start(): void {
  try {
    const container = document.getElementById('root');
    if (!container) throw new Error('#root is missing from index.html');
    releaseBootShell(container);
    watchCustomViewCookie();
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (err) {
    console.error('Hanger: could not start', err);
    renderStartupFailure();
  }
}

// The router first (its route matching starts the first screen's code), in a task of its own.
setTimeout(() => {
  try {
    appRouter();
  } catch {
    // The first render makes it again, and its error boundary says what failed.
  }
  setTimeout(start, 0);
}, 0);

// After a deploy, a tab opened earlier may ask for chunks that no longer exist: reload, but not
// in a loop when the chunk is truly missing.
// Not while offline: the chunk failed because the connection did, and a reload would only trade
// the running app for the browser's offline error page.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine) return;
  const key = 'hanger-reloaded-for-chunks';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});
