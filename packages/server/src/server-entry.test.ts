import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** The built entry (scripts/bundle.mjs writes it); `npm test` builds before this suite runs. */
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const entry = join(dist, 'server.js');
const cacheDir = join(dist, '.compile-cache');
/** Node 22.1+ (the Node 24 run of this suite); a no-op on Node 20. */
const hasCompileCache =
  typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** How many files there are under `dir`. */
function cachedFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  const names = readdirSync(dir, { recursive: true }) as string[];
  return names.filter((name) => statSync(join(dir, name)).isFile()).length;
}

describe('the built server entry (dist/server.js)', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  // Outside CI a tree that was never built skips it; CI always builds first.
  it.skipIf(!existsSync(entry) && !process.env.CI)(
    'starts the server and, on Node 22+, leaves its compiled code in the compile cache once it listens',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'hanger-entry-'));
      // From an empty cache, so that what is there afterwards was written by this start (Node
      // 20, which has none, leaves the folder alone).
      if (hasCompileCache) rmSync(cacheDir, { recursive: true, force: true });
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
      };
      // The entry's own folder, not a folder chosen for the whole test run.
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      cleanups.push(() => {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      });
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const listening = /listening on (http:\/\/\S+)/.exec(output);
          if (listening) resolve(listening[1]!);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      // Killed outright: what it compiled was written when it started listening, not at exit.
      child.kill('SIGKILL');
      if (hasCompileCache) expect(cachedFiles(cacheDir)).toBeGreaterThan(0);
    },
    60_000,
  );
});
