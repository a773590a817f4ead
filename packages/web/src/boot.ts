import { warmAnswerWorker } from './lib/api/parse-off-thread';
import { beginStart } from './lib/api/start';
import { startSession } from './lib/stores/session-actions';

// Before the app's screens are evaluated and React renders (issue 16): GET /api/start (index.html
// preloads the same request, so this usually picks up an answer already on its way), the worker
// that reads the wardrobe answer, and the session's start, so that GET users leaves as soon as the
// start answer is in. The app attaches its failure screen to the same start (app.tsx).
beginStart();
warmAnswerWorker();
startSession().catch(() => undefined);
