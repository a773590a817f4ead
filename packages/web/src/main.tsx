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

// After a deploy, a tab opened earlier may ask for chunks that no longer exist: reload once.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'hanger-reloaded-for-chunks';
  if (sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, '1');
  event.preventDefault();
  window.location.reload();
});
