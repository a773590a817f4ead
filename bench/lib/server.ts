/**
 * The built server as its own process (the way `npm run serve` runs it) and a wardrobe seeded
 * through its API: shared by the API, throughput, start-up and accounts benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { generateWireWardrobe } from '../generate-wardrobe.js';
import { round } from './measure.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server; SERVER_JS picks another build (e.g. one bundled to a folder of its own). */
export const SERVER = process.env.SERVER_JS ?? join(ROOT, 'packages/server/dist/server.js');

// ---------------------------------------------------------------------------------------------
// The server process
// ---------------------------------------------------------------------------------------------

export interface Server {
  process: ChildProcess;
  url: string;
  /** Spawn to first 200 from GET /api/health. */
  startMs: number;
}

export async function startServer(
  dataDir: string,
  port: number,
  options: { server?: string; env?: Record<string, string> } = {},
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [options.server ?? SERVER], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '1000000000',
      // Seeded photos would each queue a cut-out (docs/cutouts.md), and every one that lands
      // changes the wardrobe's version mid-run; bench/cutout.bench.ts turns them on itself.
      CUTOUT: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  return { process: child, url, startMs: performance.now() - started };
}

export async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await exited;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return round(kb / 1024);
}

// ---------------------------------------------------------------------------------------------
// A user and the seeded wardrobe
// ---------------------------------------------------------------------------------------------

export interface Session {
  sessionToken: string;
  token: string;
}

export async function signUp(
  url: string,
  email = 'bench@example.test',
  headers: Record<string, string> = {},
): Promise<Session> {
  return authenticate(url, '/api/auth/sign-up/email', { email, name: 'Bench' }, headers);
}

/** Signs in an account made by signUp (a data directory kept from an earlier run). */
export async function signIn(
  url: string,
  email = 'bench@example.test',
  headers: Record<string, string> = {},
): Promise<Session> {
  return authenticate(url, '/api/auth/sign-in/email', { email }, headers);
}

/** Signs in with an account's own password (one seeded by another harness): its access token. */
export async function accessTokenFor(
  url: string,
  email: string,
  password: string,
): Promise<string> {
  return (await authenticate(url, '/api/auth/sign-in/email', { email }, {}, password)).token;
}

async function authenticate(
  url: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string>,
  password = 'benchmark password',
): Promise<Session> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify({ ...fields, password }),
  });
  const sessionToken = response.headers.get('set-auth-token');
  if (!response.ok || !sessionToken) throw new Error(`${path} answered ${response.status}`);
  return { sessionToken, token: await accessToken(url, sessionToken, headers) };
}

/** Access tokens live 15 minutes: phases fetch a fresh one as the web app would. */
export async function accessToken(
  url: string,
  sessionToken: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await fetch(`${url}/api/auth/token`, {
    headers: { authorization: `Bearer ${sessionToken}`, ...headers },
  });
  if (!response.ok) throw new Error(`token answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function send(
  url: string,
  token: string,
  method: string,
  path: string,
  fields: Record<string, string | string[] | Buffer>,
): Promise<Record<string, unknown>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Buffer.isBuffer(value))
      form.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), 'photo.jpg');
    else if (Array.isArray(value)) for (const v of value) form.append(name, v);
    else form.append(name, value);
  }
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Runs `task` over `list` with at most `limit` at once. */
export async function inParallel<T>(
  list: T[],
  limit: number,
  task: (value: T, index: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < list.length) {
        const index = next++;
        await task(list[index]!, index);
      }
    }),
  );
}

/** A small, distinct garment photo per item (phones upload far larger ones; see the upload phase). */
export function garmentPhoto(i: number, width: number, height: number): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="hsl(${(hue + 180) % 360},15%,88%)"/>
<rect x="${width * 0.2}" y="${height * 0.15}" width="${width * 0.6}" height="${height * 0.7}" rx="20" fill="hsl(${hue},55%,45%)"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const ITEM_FIELDS = [
  'category',
  'sub_category_id',
  'source',
  'brand',
  'date_obtained',
  'date_archived',
  'price',
  'currency',
  'sold_price',
  'sold_currency',
  'manual_times_worn',
  'scale',
] as const;

export interface SeedSize {
  items: number;
  outfits: number;
  days: number;
}

export async function seed(
  url: string,
  session: Session,
  { items: ITEMS, outfits: OUTFITS, days: DAYS }: SeedSize,
) {
  const { wardrobe, settings } = generateWireWardrobe({
    items: ITEMS,
    outfits: OUTFITS,
    days: DAYS,
    seed: 7,
  });
  const token = session.token;
  await send(url, token, 'PUT', '/api/users/settings', {
    settings: JSON.stringify({
      subcategories: settings.subcategories,
      currency: settings.currency,
    }),
  });

  const started = performance.now();
  const itemIds = new Map<string, string>();
  await inParallel(Object.values(wardrobe.clothes), 4, async (item, i) => {
    const fields: Record<string, string | Buffer> = {
      image: await garmentPhoto(i, 300, 400),
      status: item.status ?? 'clothes',
    };
    for (const key of ITEM_FIELDS) {
      const value = item[key];
      if (value !== undefined && value !== null) fields[key] = String(value);
    }
    const created = await send(url, token, 'POST', '/api/clothes', fields);
    itemIds.set(item.id, created.id as string);
  });

  const outfitIds = new Map<string, string>();
  await inParallel(Object.values(wardrobe.outfits), 4, async (outfit, i) => {
    const canvas = outfit.canvas_data.map((e) => ({
      ...e,
      clothing_id: itemIds.get(e.clothing_id)!,
    }));
    const fields: Record<string, string | Buffer> = {
      image: await garmentPhoto(i + 7, 360, 540),
      canvas_data: JSON.stringify(canvas),
    };
    if (outfit.status) fields.status = outfit.status;
    const created = await send(url, token, 'POST', '/api/outfit', fields);
    outfitIds.set(outfit.id, created.id as string);
  });

  await inParallel(Object.entries(wardrobe.calendar), 8, async ([day, entry]) => {
    const clothes = entry.clothes.map((id) => itemIds.get(id)!);
    const outfits = entry.outfits.map((id) => outfitIds.get(id)!);
    await send(url, token, 'PUT', `/api/calendar/${day}`, { clothes, outfits });
    if (entry.display_item) {
      const star = itemIds.get(entry.display_item) ?? outfitIds.get(entry.display_item)!;
      await send(url, token, 'PUT', `/api/calendar/${day}`, { display_item: star });
    }
  });

  return {
    items: itemIds.size,
    outfits: outfitIds.size,
    calendarDays: Object.keys(wardrobe.calendar).length,
    seconds: round((performance.now() - started) / 1000),
  };
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
