import { beginStart } from './lib/api/start';
import { provideOutbox } from './lib/outbox/port';
import { beginEarlyWardrobe, takeEarlyStart } from './lib/stores/early-boot';
import { startSession, warmParsersForStart } from './lib/stores/session-actions';

// Before React renders (docs/first-screen.md). The page's first script (public/early.js) has
// usually asked for GET /api/start and GET users already: they are taken over here (the wardrobe
// answer goes to the parse worker as soon as it is in), else GET /api/start starts now. Then the
// session's start, which uses them. The app attaches its failure screen to the same start
// (app.tsx).
//
// The answers are taken over while the app's chunk is evaluated; the parse worker is made and the
// session started in tasks of their own, ahead of the router's and the first render's (main.tsx
// schedules those later): together with the chunk's own evaluation they were one task of 200 ms
// and more under a phone's 4× slower CPU.
// The outbox engine, wired with the stores (app/outbox.ts), loads when a store first needs it.
provideOutbox(() => import('./app/outbox').then((m) => m.createAppOutbox()));
beginStart(takeEarlyStart());
setTimeout(() => {
  warmParsersForStart();
  beginEarlyWardrobe();
  setTimeout(() => {
    startSession().catch(() => undefined);
  }, 0);
}, 0);
