import { warmAnswerWorker } from './lib/api/parse-off-thread';
import { beginStart } from './lib/api/start';
import { beginEarlyWardrobe, takeEarlyStart } from './lib/stores/early-boot';
import { startSession } from './lib/stores/session-actions';

// Before the app's screens are evaluated and React renders (issue 16). The page's first script
// (public/early.js) has usually asked for GET /api/start and GET users already: they are taken
// over here (the wardrobe answer goes to the parse worker as soon as it is in), else GET
// /api/start starts now. Then the session's start, which uses them. The app attaches its failure
// screen to the same start (app.tsx).
beginStart(takeEarlyStart());
warmAnswerWorker();
beginEarlyWardrobe();
startSession().catch(() => undefined);
