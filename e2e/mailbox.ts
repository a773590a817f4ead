import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One message the global setup's SMTP receiver took, as the tests need it. */
export interface Mail {
  /** Envelope recipients (RCPT TO), not the To: header. */
  to: string[];
  subject: string;
  /** Quoted-printable undone, HTML entities for `&` undone: good enough to read links and text. */
  text: string;
}

function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&amp;/g, '&')
    .replace(/&#38;/g, '&');
}

/** Every message received so far, oldest first (files are named <ms>-<n>.eml). */
export async function allMail(): Promise<Mail[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run through playwright.config.ts');
  const order = (name: string) => name.split(/[-.]/).slice(0, 2).map(Number);
  const files = (await readdir(dir))
    .filter((f) => f.endsWith('.eml'))
    .sort((a, b) => {
      const [am = 0, an = 0] = order(a);
      const [bm = 0, bn = 0] = order(b);
      return am - bm || an - bn;
    });
  const mails: Mail[] = [];
  for (const file of files) {
    const raw = await readFile(join(dir, file), 'utf8');
    const envelope = /^X-Envelope-To: (.*)\r?\n/.exec(raw)?.[1] ?? '';
    const text = decode(raw);
    mails.push({
      to: envelope.split(',').filter(Boolean),
      subject: /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
      text,
    });
  }
  return mails;
}

const SIGN_IN_LINK = /https?:\/\/[^\s"'<>]+\/api\/auth\/magic-link\/verify\?[^\s"'<>]+/;

/** The sign-in link in a message, if it carries one. */
export function signInLinkIn(mail: Mail): string | undefined {
  return SIGN_IN_LINK.exec(mail.text)?.[0];
}

/** The sign-in e-mails sent to `email` so far, oldest first. */
export async function signInMailsTo(email: string): Promise<Mail[]> {
  return (await allMail()).filter((m) => m.to.includes(email) && signInLinkIn(m) !== undefined);
}

/** Waits until `count` sign-in e-mails have reached `email`; answers their links, oldest first. */
export async function waitForSignInLinks(
  email: string,
  count: number,
  timeoutMs = 15_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await signInMailsTo(email);
    if (mails.length >= count) return mails.map((m) => signInLinkIn(m)!);
    if (Date.now() > deadline)
      throw new Error(`${mails.length} of ${count} sign-in e-mails reached ${email} in time`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
