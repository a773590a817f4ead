import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPgDatabase,
  freePort,
  serverEnv,
  type Engine,
  type ServerData,
  type StartOptions,
} from './app.js';
import { eventually } from './jobs.js';

/**
 * Processes of their own, for the suites that kill one mid-work (SIGKILL: no shutdown, no last
 * word) and see another take its work over (docs/jobs.md).
 */

/** A TypeScript script running in a process of its own (node --import tsx). */
export interface ChildProcessRun {
  /** What it has written to its standard output so far. */
  output(): string;
  /** Wait (up to `ms`) until its output includes `text`. */
  waitFor(text: string, ms: number, what: string): Promise<void>;
  /** Kill it with SIGKILL, unless it has exited; answers the signal it exited by. */
  kill(): Promise<NodeJS.Signals | null>;
}

/** Run `script` with `env` on top of this process's environment; its errors show in the test's. */
export function spawnScript(
  script: string,
  env: Record<string, string | undefined>,
): ChildProcessRun {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  return {
    output: () => output,
    waitFor: (text, ms, what) => eventually(() => output.includes(text), ms, what),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/**
 * The server (src/server.ts) in a process of its own, with startApp's environment
 * (helpers/app.ts serverEnv) on a temporary DATA_DIR and, on PostgreSQL, a database of its own.
 * Pass it as startApp's `shareWith` to start the next server on the same data.
 */
export interface SpawnedServer extends ChildProcessRun, ServerData {
  baseUrl: string;
  /** Kill it if it runs, then remove its data directory and database. */
  close(): Promise<void>;
}

export async function spawnServer(
  engine: Engine,
  options: Pick<StartOptions, 'env'> = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'hanger-spawned-'));
  const database = engine === 'postgres' ? await createPgDatabase() : undefined;
  const run = spawnScript(SERVER, serverEnv(port, dataDir, database?.url, options.env));
  const close = async () => {
    await run.kill();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await run.waitFor('listening', 60_000, 'the spawned server to start');
  } catch (err) {
    await close();
    throw err;
  }
  return {
    ...run,
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    config: { databaseUrl: database?.url },
    close,
  };
}
