import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';

const ROOT = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/** A real SMTP receiver: every message is written to `dir` as <n>.eml for the tests to read. */
async function startSmtp(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const file = join(dir, `${Date.now()}-${++count}.eml`);
        writeFile(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`).then(
          () => callback(),
          (err: Error) => callback(err),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return { port, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy within 30 s:\n${log()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), 'hanger-e2e-'));
  const dataDir = join(work, 'data');
  const mailDir = join(work, 'mail');
  await mkdir(mailDir, { recursive: true });

  const smtp = await startSmtp(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  let output = '';
  const server = spawn('npm', ['run', 'serve', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Hanger <no-reply@hanger.test>',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (err) {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await smtp.close();
    throw err;
  }

  // Workers are started after this returns and inherit these.
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  // Specs that start a server of their own (auth-link, auth-oidc) send mail to the same receiver.
  process.env.E2E_SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;

  return async () => {
    if (server.pid && server.exitCode === null) {
      // npm starts node in its own process group (detached): end the whole group.
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await smtp.close();
    await rm(work, { recursive: true, force: true });
  };
}
