import { beginStart } from './lib/api/start';
import { warmAnswerWorker } from './lib/api/parse-off-thread';

// The session, token and settings are asked for before the app's modules run and React renders
// (issue 16); index.html preloads the same request, so this usually picks up an answer already on
// its way. The worker that reads the wardrobe answer starts loading meanwhile.
beginStart();
warmAnswerWorker();
