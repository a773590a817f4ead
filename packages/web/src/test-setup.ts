import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { provideOutbox } from './lib/outbox/port';

// As src/boot.ts does in the app: the stores reach the outbox wired by app/outbox.ts.
provideOutbox(() => import('./app/outbox').then((m) => m.createAppOutbox()));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
