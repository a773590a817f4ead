// First: GET /api/start leaves before the app's modules are evaluated (issue 16).
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { renderStartupFailure } from './app/startup-failure';
import './styles.css';

try {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (err) {
  console.error('Hanger: could not start', err);
  renderStartupFailure();
}

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
