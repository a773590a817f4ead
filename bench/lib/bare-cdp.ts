/**
 * Chromium driven over its DevTools protocol with nothing else attached: no Playwright, no
 * Puppeteer, and the page's Runtime domain never enabled (docs/performance.md).
 *
 * Why: enabling the Runtime domain (every Playwright and Puppeteer page has it enabled, as has a
 * DevTools window) makes V8 capture a detailed stack trace, with line and column, for every Error
 * the page creates. React DOM creates five when its module is evaluated (SuspenseException and
 * its kin), and a stack with line numbers makes V8 parse the whole of the function on the stack
 * once more to find them: React DOM's module body, some 300 kB. At 4× CPU that turned an 8–15 ms
 * module evaluation into 53–101 ms (bench/lib/bare-cdp.ts's probe, same build, same machine). A
 * phone in someone's hand has no DevTools attached, so the main-thread benchmark measures with
 * none: only Page, Fetch, Emulation, Storage and Target calls, plus Runtime.evaluate (which does
 * not enable the domain) to read the page's own observations.
 *
 * The browser is started with --remote-debugging-pipe: messages are NUL-terminated JSON on file
 * descriptors 3 (to the browser) and 4 (from it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Params = Record<string, unknown>;
type Handler = (params: Params, sessionId: string | undefined) => void;

interface Message {
  id?: number;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
  sessionId?: string;
}

export class BareChromium {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve(v: Params): void; reject(e: Error): void }
  >();
  private readonly handlers = new Map<string, Set<Handler>>();

  private constructor(
    private readonly child: ChildProcess,
    private readonly toBrowser: Writable,
    private readonly profile: string,
  ) {}

  /** Starts headless Chromium (CHROMIUM_PATH, else Debian's) with an empty profile. */
  static async launch(): Promise<BareChromium> {
    const profile = mkdtempSync(join(tmpdir(), 'hanger-bare-cdp-'));
    const child = spawn(
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      [
        '--headless=new',
        '--remote-debugging-pipe',
        `--user-data-dir=${profile}`,
        '--no-first-run',
        '--no-default-browser-check',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-sandbox',
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
    );
    const browser = new BareChromium(child, child.stdio[3] as Writable, profile);
    let buffered = '';
    (child.stdio[4] as Readable).on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\0')) >= 0) {
        browser.receive(JSON.parse(buffered.slice(0, end)) as Message);
        buffered = buffered.slice(end + 1);
      }
    });
    child.once('exit', () => {
      for (const { reject } of browser.pending.values()) reject(new Error('Chromium exited'));
      browser.pending.clear();
    });
    await browser.send('Browser.getVersion');
    return browser;
  }

  private receive(message: Message): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result ?? {});
      return;
    }
    for (const handler of this.handlers.get(message.method ?? '') ?? [])
      handler(message.params ?? {}, message.sessionId);
  }

  /** One protocol call, to the browser or (with sessionId) to an attached page. */
  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: Params) => void, reject });
      this.toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  on(method: string, handler: Handler): () => void {
    let set = this.handlers.get(method);
    if (!set) this.handlers.set(method, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Sets cookies for `url` in every tab (e.g. a session signed in through the API). */
  async setCookies(url: string, cookies: { name: string; value: string }[]): Promise<void> {
    await this.send('Storage.setCookies', { cookies: cookies.map((c) => ({ ...c, url })) });
  }

  /** A new tab, attached (flat sessions), its Page domain enabled. */
  async newPage(): Promise<BarePage> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
    });
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const page = new BarePage(this, targetId, sessionId);
    await page.send('Page.enable');
    return page;
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => undefined);
    if (this.child.exitCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.child.kill('SIGKILL');
          resolve();
        }, 5000);
        this.child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(this.profile, { recursive: true, force: true });
  }
}

export class BarePage {
  constructor(
    private readonly browser: BareChromium,
    readonly targetId: string,
    readonly sessionId: string,
  ) {}

  send<T = Params>(method: string, params: Params = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  /** Runs before the page's own scripts on every document the tab loads. */
  async addInitScript(source: string): Promise<void> {
    await this.send('Page.addScriptToEvaluateOnNewDocument', { source });
  }

  /** What close() lets go of: handlers of this tab's events. */
  private readonly offs: (() => void)[] = [];

  /** Fails every request whose URL matches the pattern (Fetch domain, wildcards * and ?). */
  async refuse(urlPattern: string): Promise<void> {
    const off = this.browser.on('Fetch.requestPaused', (params, sessionId) => {
      if (sessionId !== this.sessionId) return;
      void this.send('Fetch.failRequest', {
        requestId: params.requestId,
        errorReason: 'BlockedByClient',
      }).catch(() => undefined);
    });
    this.offs.push(off);
    await this.send('Fetch.enable', { patterns: [{ urlPattern }] });
  }

  /** Navigates and resolves once the document's load event has fired. */
  async goto(url: string, timeoutMs = 60_000): Promise<void> {
    let off = (): void => undefined;
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no load event for ${url}`)), timeoutMs);
      off = this.browser.on('Page.loadEventFired', (_params, sessionId) => {
        if (sessionId !== this.sessionId) return;
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      const { errorText } = await this.send<{ errorText?: string }>('Page.navigate', { url });
      if (errorText) throw new Error(`navigating to ${url}: ${errorText}`);
      await loaded;
    } finally {
      off();
    }
  }

  /**
   * An expression's value (JSON-serializable), through Runtime.evaluate: the domain is not
   * enabled by it, and nothing is injected into the page but the expression itself.
   */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = await this.send<{
      result: { value?: unknown };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) {
      throw new Error(
        `in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
      );
    }
    return result.value as T;
  }

  /** Polls an expression until it is truthy. */
  async waitFor(expression: string, timeoutMs = 60_000, everyMs = 100): Promise<void> {
    for (let waited = 0; !(await this.evaluate<boolean>(`!!(${expression})`)); waited += everyMs) {
      if (waited > timeoutMs) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  async close(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    await this.browser.send('Target.closeTarget', { targetId: this.targetId });
  }
}
