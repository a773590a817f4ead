import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { provideOutbox } from './lib/outbox/port';

// As src/boot.ts does in the app: the stores reach the outbox wired by app/outbox.ts.
provideOutbox(() => import('./app/outbox').then((m) => m.createAppOutbox()));

// Lazy parts (the filter panels, dialogs) load their module on first use; in a test run the first
// import goes through Vite's transform, which on a loaded machine takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
