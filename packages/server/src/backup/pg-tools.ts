import { spawn } from 'node:child_process';

/**
 * Running pg_dump / pg_restore. The connection string goes in without its password, which travels
 * in PGPASSWORD instead, so that it never shows in the process list.
 */
export interface PgCommand {
  /** The URL without a password, for the command line. */
  url: string;
  env: NodeJS.ProcessEnv;
}

export function pgCommand(databaseUrl: string): PgCommand {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  return { url: url.toString(), env };
}

/** Runs a PostgreSQL client program; rejects with its error output when it fails. */
export function runPgTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${program} was not found. Install the PostgreSQL client programs (Debian: apt-get install postgresql-client) of the same major version as the server, or set ${program === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'} to their path.`,
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}
