import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_JOB_SETTINGS, JOB_KINDS, type JobQueueSettings } from './jobs/types.js';
import { defaultImportPhotoConcurrency } from './photos/photo-slots.js';

/**
 * The one validated configuration: defaults < environment variables. Every problem is collected
 * and reported together so a self-hoster fixes them in one go.
 */
export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface OidcConfig {
  /** 'google' when the issuer is Google's, else OIDC_PROVIDER_ID or 'oidc'. */
  providerId: string;
  /** Label on the sign-in button, e.g. "Google" or "Authentik". */
  displayName: string;
  /** Issuer base URL; discovery is `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
}

export interface Config {
  host: string;
  port: number;
  /** Origin the browser uses, e.g. https://closet.example.com (no trailing slash). */
  publicUrl: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; undefined means SQLite at `${dataDir}/hanger.db`. */
  databaseUrl?: string;
  sqlitePath: string;
  /** Set means object storage; undefined means `${dataDir}/media`. */
  s3?: S3Config;
  mediaDir: string;
  authSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  oidc?: OidcConfig;
  maxUploadBytes: number;
  /** Largest account export zip accepted by POST /api/imports (IMPORT_MAX_BYTES), apart from photos. */
  importMaxBytes: number;
  /** IMPORT_KEEP_OWN_PHOTOS (on unless "off"): keep Hanger's own photos on import (docs/import-photos.md). */
  importKeepOwnPhotos: boolean;
  /**
   * Items plus outfits one account may hold (MAX_ITEMS_PER_ACCOUNT); a create past it answers 422.
   * With the photo size cap it also bounds an account's disk use (docs/media-urls.md#quota).
   */
  maxItemsPerAccount: number;
  /**
   * Calendar entries (an item or outfit worn or planned on a day) one account may hold
   * (MAX_CALENDAR_ENTRIES_PER_ACCOUNT): bounds the calendar part of GET users and the feed.
   */
  maxCalendarEntriesPerAccount: number;
  /** Photos decoded and encoded at once (PHOTO_CONCURRENCY); the others queue. */
  photoConcurrency: number;
  /**
   * Photos an import works on at once, all imports of the process together
   * (IMPORT_PHOTO_CONCURRENCY; default one per core, at most 2: docs/import-photos.md).
   */
  importPhotoConcurrency: number;
  /** COLOUR_BACKFILL=off: this process neither works nor queues at start the colour backfill's jobs (README, "Colours"). */
  colourBackfill: boolean;
  /** Cut-out photos (CUTOUT=off turns them off; docs/cutouts.md). */
  cutout: boolean;
  /** Photos the cut-out model works on at once, one child process each (CUTOUT_CONCURRENCY). */
  cutoutConcurrency: number;
  redisUrl?: string;
  /** Directory of the built web app; a minimal page is served when it is missing. */
  webDir: string;
  /** Optional JSON file of currency rates replacing the bundled table. */
  ratesFile?: string;
  logLevel: string;
  /** Requests per minute one client address may make to the API (RATE_LIMIT_MAX). */
  rateLimitMax: number;
  /**
   * Memory for the serialized wardrobes GET /api/users answers from (WARDROBE_CACHE_MB, in MiB);
   * the least recently used are dropped past it. 0 keeps none.
   */
  wardrobeCacheMb: number;
  /**
   * Which proxies to trust for the client address (TRUST_PROXY): false, true, a hop count, or a
   * comma-separated list of addresses/CIDRs. Set it behind a load balancer so rate limits see
   * clients, not the balancer.
   */
  trustProxy: boolean | number | string[];
  /**
   * The durable job queue (docs/jobs.md): JOB_POLL_SECONDS, JOB_RETRY_DELAY_SECONDS,
   * JOB_TIMEOUT_SECONDS (every kind; each has its own default), JOB_RECOVERY_SECONDS.
   */
  jobs: JobQueueSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** WARDROBE_CACHE_MB's default: about a hundred wardrobes of 1,000 items (1.1 MB each with gzip). */
export const DEFAULT_WARDROBE_CACHE_MB = 128;
/** Items plus outfits per account: far above any real wardrobe, low enough to bound the disk. */
export const DEFAULT_MAX_ITEMS_PER_ACCOUNT = 20_000;
/** Calendar entries per account: 50 years of 10 a day. */
export const DEFAULT_MAX_CALENDAR_ENTRIES_PER_ACCOUNT = 200_000;

const DEFAULT_WEB_DIR = resolve(import.meta.dirname, '../../web/dist');

function nonEmpty(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const host = nonEmpty(env.HOST) ?? '127.0.0.1';

  const int = (name: string, rule: IntRule) => intVar(env, name, rule, problems);

  const port = int('PORT', { min: 0, max: 65535, default: 3000 });

  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data');

  let publicUrl =
    nonEmpty(env.PUBLIC_URL) ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  try {
    const u = new URL(publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
    publicUrl = u.origin;
  } catch {
    problems.push(`PUBLIC_URL must be an http(s) URL, got "${env.PUBLIC_URL}"`);
  }

  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)',
    );
  }

  let s3: S3Config | undefined;
  const s3Vars = [
    'S3_ENDPOINT',
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ];
  if (s3Vars.some((k) => nonEmpty(env[k]))) {
    for (const k of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!nonEmpty(env[k]))
        problems.push(`${k} is required when object storage (S3_*) is configured`);
    }
    const endpoint = nonEmpty(env.S3_ENDPOINT);
    if (endpoint) {
      try {
        new URL(endpoint);
      } catch {
        problems.push(`S3_ENDPOINT must be a URL, got "${endpoint}"`);
      }
    }
    s3 = {
      endpoint,
      bucket: nonEmpty(env.S3_BUCKET) ?? '',
      region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
      accessKeyId: nonEmpty(env.S3_ACCESS_KEY_ID) ?? '',
      secretAccessKey: nonEmpty(env.S3_SECRET_ACCESS_KEY) ?? '',
      forcePathStyle:
        (nonEmpty(env.S3_FORCE_PATH_STYLE) ?? (endpoint ? 'true' : 'false')) === 'true',
    };
  }

  const smtpUrl = nonEmpty(env.SMTP_URL);
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    problems.push('SMTP_URL must start with smtp:// or smtps://');
  const mailFrom = nonEmpty(env.MAIL_FROM) ?? 'Hanger <no-reply@localhost>';

  let oidc: OidcConfig | undefined;
  const issuer = nonEmpty(env.OIDC_ISSUER);
  const clientId = nonEmpty(env.OIDC_CLIENT_ID);
  const clientSecret = nonEmpty(env.OIDC_CLIENT_SECRET);
  if (issuer || clientId || clientSecret) {
    if (!issuer)
      problems.push(
        'OIDC_ISSUER is required when OIDC_CLIENT_ID is set (https://accounts.google.com for Google)',
      );
    if (!clientId) problems.push('OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
    if (!clientSecret) problems.push('OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set');
    if (issuer && clientId && clientSecret) {
      const base = issuer.replace(/\/+$/, '');
      const isGoogle = /^https:\/\/accounts\.google\.com$/.test(base);
      oidc = {
        providerId: nonEmpty(env.OIDC_PROVIDER_ID) ?? (isGoogle ? 'google' : 'oidc'),
        displayName: nonEmpty(env.OIDC_DISPLAY_NAME) ?? (isGoogle ? 'Google' : 'Single sign-on'),
        issuer: base,
        discoveryUrl:
          nonEmpty(env.OIDC_DISCOVERY_URL) ?? `${base}/.well-known/openid-configuration`,
        clientId,
        clientSecret,
        scopes: (nonEmpty(env.OIDC_SCOPES) ?? 'openid email profile')
          .split(/[\s,]+/)
          .filter(Boolean),
      };
    }
  }

  const maxUploadBytes = int('MAX_UPLOAD_BYTES', { min: 1024, default: 20 * 1024 * 1024 });
  const importMaxBytes = int('IMPORT_MAX_BYTES', { min: 1024, default: 4 * 1024 ** 3 });
  const maxItemsPerAccount = int('MAX_ITEMS_PER_ACCOUNT', {
    min: 1,
    max: 10_000_000,
    default: DEFAULT_MAX_ITEMS_PER_ACCOUNT,
  });
  const maxCalendarEntriesPerAccount = int('MAX_CALENDAR_ENTRIES_PER_ACCOUNT', {
    min: 1,
    max: 100_000_000,
    default: DEFAULT_MAX_CALENDAR_ENTRIES_PER_ACCOUNT,
  });
  // One photo at a time keeps a core for the reads (sharp runs a photo on one thread here).
  const photoConcurrency = int('PHOTO_CONCURRENCY', { min: 1, max: 64, default: 1 });
  const importPhotoConcurrency = int('IMPORT_PHOTO_CONCURRENCY', {
    min: 1,
    max: 64,
    default: defaultImportPhotoConcurrency(availableParallelism()),
  });
  const colourBackfillEnv = nonEmpty(env.COLOUR_BACKFILL) ?? 'on';
  if (colourBackfillEnv !== 'on' && colourBackfillEnv !== 'off')
    problems.push('COLOUR_BACKFILL must be on or off');
  const cutoutEnv = (nonEmpty(env.CUTOUT) ?? 'on').toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(cutoutEnv))
    problems.push(`CUTOUT must be on or off, got "${env.CUTOUT}"`);
  const cutout = !['off', 'false', '0'].includes(cutoutEnv);
  // Each photo takes about 1.2 GB in its own process while the model runs (docs/cutouts.md).
  const cutoutConcurrency = int('CUTOUT_CONCURRENCY', { min: 1, max: 16, default: 1 });

  const redisUrl = nonEmpty(env.REDIS_URL);
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    problems.push('REDIS_URL must start with redis:// or rediss://');

  const authSecretEnv = nonEmpty(env.AUTH_SECRET);
  if (authSecretEnv && authSecretEnv.length < 32)
    problems.push('AUTH_SECRET must be at least 32 characters');

  const ratesFile = nonEmpty(env.RATES_FILE);
  if (ratesFile && !existsSync(ratesFile)) problems.push(`RATES_FILE does not exist: ${ratesFile}`);

  const rateLimitMax = int('RATE_LIMIT_MAX', { min: 1, default: 1200 });
  const wardrobeCacheMb = int('WARDROBE_CACHE_MB', {
    min: 0,
    max: 1024 * 1024,
    unit: 'MiB',
    default: DEFAULT_WARDROBE_CACHE_MB,
  });

  const trustProxy = parseTrustProxy(nonEmpty(env.TRUST_PROXY));

  const jobTimeout = nonEmpty(env.JOB_TIMEOUT_SECONDS)
    ? int('JOB_TIMEOUT_SECONDS', { min: 1, max: 86_400, default: 0 })
    : undefined;
  const jobs: JobQueueSettings = {
    ...DEFAULT_JOB_SETTINGS,
    // Idle cost: one cheap query per poll; below a second it would be busy polling.
    pollSeconds: int('JOB_POLL_SECONDS', {
      min: 1,
      max: 300,
      default: DEFAULT_JOB_SETTINGS.pollSeconds,
    }),
    retryDelaySeconds: int('JOB_RETRY_DELAY_SECONDS', {
      min: 1,
      max: 3600,
      default: DEFAULT_JOB_SETTINGS.retryDelaySeconds,
    }),
    recoverySeconds: int('JOB_RECOVERY_SECONDS', {
      min: 3,
      max: 3600,
      default: DEFAULT_JOB_SETTINGS.recoverySeconds,
    }),
    ...(jobTimeout
      ? { timeoutSeconds: Object.fromEntries(JOB_KINDS.map((kind) => [kind, jobTimeout])) }
      : {}),
  };

  const webDirEnv = nonEmpty(env.WEB_DIR);
  const webDir = webDirEnv
    ? isAbsolute(webDirEnv)
      ? webDirEnv
      : resolve(webDirEnv)
    : DEFAULT_WEB_DIR;

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    host,
    port,
    publicUrl,
    dataDir,
    databaseUrl,
    sqlitePath: join(dataDir, 'hanger.db'),
    s3,
    mediaDir: join(dataDir, 'media'),
    authSecret: authSecretEnv ?? persistedSecret(dataDir),
    smtpUrl,
    mailFrom,
    oidc,
    maxUploadBytes,
    importMaxBytes,
    importKeepOwnPhotos: nonEmpty(env.IMPORT_KEEP_OWN_PHOTOS) !== 'off',
    maxItemsPerAccount,
    maxCalendarEntriesPerAccount,
    photoConcurrency,
    importPhotoConcurrency,
    colourBackfill: colourBackfillEnv === 'on',
    cutout,
    cutoutConcurrency,
    redisUrl,
    webDir,
    ratesFile,
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    rateLimitMax,
    wardrobeCacheMb,
    trustProxy,
    jobs,
  };
}

/** An integer setting's bounds (inclusive) and its value when the variable is unset or blank. */
interface IntRule {
  min: number;
  /** No upper bound when left out, apart from what a double holds exactly. */
  max?: number;
  /** Named after the range in the error message, e.g. "0-1048576 (MiB)". */
  unit?: string;
  default: number;
}

/**
 * An integer environment variable: its default when unset or blank, else the number if it is a
 * whole number within the rule's bounds; otherwise a problem is added, worded by the bounds
 * ("an integer 1-64", "an integer >= 1024", "a positive integer"), and the default is answered.
 */
function intVar(env: Env, name: string, rule: IntRule, problems: string[]): number {
  const raw = env[name];
  if (nonEmpty(raw) === undefined) return rule.default;
  const n = Number(raw);
  const max = rule.max ?? Number.MAX_SAFE_INTEGER;
  if (Number.isSafeInteger(n) && n >= rule.min && n <= max) return n;
  const unit = rule.unit ? ` (${rule.unit})` : '';
  const what =
    rule.max !== undefined
      ? `an integer ${rule.min}-${rule.max}${unit}`
      : rule.min === 1
        ? `a positive integer${unit}`
        : `an integer >= ${rule.min}${unit}`;
  problems.push(`${name} must be ${what}, got "${raw}"`);
  return rule.default;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** AUTH_SECRET unset: generate one on first start and keep it in DATA_DIR so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
