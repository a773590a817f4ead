import module from 'node:module';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  // What start-up compiled goes to the compile cache now (dist/server.js turns it on; Node 22.10+),
  // not only when the process exits: a server that is killed outright still starts faster next.
  (module as { flushCompileCache?: () => void }).flushCompileCache?.();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const local = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  console.log(
    `Hanger is listening on ${local}${config.publicUrl !== local ? ` (public URL ${config.publicUrl})` : ''}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight finish; a stuck one does not keep the process alive for ever.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('Hanger failed to start:', err);
  process.exit(1);
});
