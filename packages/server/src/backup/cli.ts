import { isAbsolute, resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { backup } from './backup.js';
import { restore, RestoreRefusedError } from './restore.js';

/**
 * `npm run backup -- [<dir>]` and `npm run restore -- <dir> [--force]`, reading the same
 * environment as the server (DATA_DIR, DATABASE_URL, S3_*, AUTH_SECRET).
 */

const USAGE = `Usage:
  npm run backup -- [<backup dir>]          (default: ./backups/hanger-<date>-<time>)
  npm run restore -- <backup dir> [--force]  (onto an empty DATA_DIR or database; --force replaces)`;

/** Paths the operator types are relative to where they ran npm, not to the repository root. */
function fromCaller(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

/**
 * The server's configuration, without its side effect of creating an auth secret in DATA_DIR when
 * AUTH_SECRET is unset (which would make an empty DATA_DIR look taken, and with another secret).
 */
function configFromEnv(): { config: Config; authSecretFromEnv: boolean } {
  const authSecretFromEnv = !!process.env.AUTH_SECRET?.trim();
  const config = loadConfig({
    ...process.env,
    AUTH_SECRET: authSecretFromEnv ? process.env.AUTH_SECRET : 'x'.repeat(32),
  });
  return { config, authSecretFromEnv };
}

function timestamp(now = new Date()): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/:/g, '')
    .replace('T', '-');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const paths = rest.filter((a) => !a.startsWith('--'));
  const unknown = rest.filter((a) => a.startsWith('--') && a !== '--force');
  if (unknown.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    return 64;
  }
  const { config, authSecretFromEnv } = configFromEnv();
  const log = (line: string) => console.log(line);

  if (command === 'backup') {
    const dest = fromCaller(paths[0] ?? `backups/hanger-${timestamp()}`);
    const manifest = await backup({ config, authSecretFromEnv, dest, log });
    console.log(`Backup written to ${dest}`);
    console.log(
      `  ${manifest.engine} database (${manifest.counts.user} account(s), ${manifest.counts.clothes} item(s)), ${
        manifest.photos === 'disk'
          ? `${manifest.photo_files} photo file(s)`
          : 'photos NOT included (object storage)'
      }`,
    );
    if (manifest.photos === 's3') {
      console.log(
        `  Photos live in the bucket "${config.s3?.bucket}". Back them up with the store's own tools, e.g. \`aws s3 sync s3://${config.s3?.bucket} <dir>\` or \`rclone sync\`, or turn on bucket versioning; take that copy after this one.`,
      );
    }
    if (manifest.auth_secret === 'env') {
      console.log('  AUTH_SECRET comes from the environment: keep it with the backup.');
    }
    return 0;
  }

  if (!paths[0]) {
    console.error(USAGE);
    return 64;
  }
  const source = fromCaller(paths[0]);
  try {
    const manifest = await restore({ config, authSecretFromEnv, source, force, log });
    console.log(
      `Restored ${manifest.engine} backup of ${manifest.created_at} (${manifest.counts.user} account(s)). Start the server to apply any newer migrations.`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefusedError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
