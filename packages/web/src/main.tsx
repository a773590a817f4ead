// First: GET /api/start leaves before the app's modules are evaluated (issue 16).
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { renderStartupFailure } from './app/startup-failure';
import './styles.css';

/**
 * index.html's static first paint (#boot-shell, issue 16) stays over #root while the app shows
 * only a start-up spinner (checking the session, logging in, opening the stored wardrobe), and
 * goes as soon as the app draws its own shell or any other screen: in the same frame, so nothing
 * flashes or shifts.
 */
function releaseBootShell(container: HTMLElement): void {
  const shell = document.getElementById('boot-shell');
  if (!shell) return;
  const drawn = () =>
    container.querySelector('[data-bottom-nav]') !== null ||
    (container.childElementCount > 0 && container.querySelector('[data-boot-hold]') === null);
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    shell.remove();
    document.documentElement.removeAttribute('data-boot-shell');
  });
  observer.observe(container, { childList: true, subtree: true });
}

/**
 * The first render (issue 16), in a task of its own after the one that evaluated the app's code
 * (index.html's static shell is on screen meanwhile). Not as a transition: a time-sliced render
 * is restarted by every store update that lands during it (session, settings, the wardrobe), and
 * side by side it came out worse for total blocking time than one synchronous render.
 */
function start(): void {
  try {
    const container = document.getElementById('root');
    if (!container) throw new Error('#root is missing from index.html');
    releaseBootShell(container);
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

setTimeout(start, 0);

// After a deploy, a tab opened earlier may ask for chunks that no longer exist: reload, but not
// in a loop when the chunk is truly missing.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'hanger-reloaded-for-chunks';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});
