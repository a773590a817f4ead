import type { Transporter } from 'nodemailer';

export interface AuthLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The identity service's outgoing mail: sign-in links, password resets, sign-up confirmations,
 * and the notice to an address's owner when someone signs up with it again.
 */
export interface Mailer {
  sendSignInLink(to: string, url: string, expiresInMinutes: number): Promise<void>;
  sendPasswordReset(to: string, url: string, expiresInMinutes: number): Promise<void>;
  sendSignUpConfirmation(to: string, url: string, expiresInMinutes: number): Promise<void>;
  /** `signInUrl`: the app's sign-in page (no token: the owner signs in or resets as usual). */
  sendExistingAccountNotice(to: string, signInUrl: string): Promise<void>;
  close(): void;
}

interface Letter {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a letter says: a line before the link, the link's words, a line after it. */
interface LetterText {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

/** The letter in plain text and in HTML, with `url` as its one link. */
function letter({ subject, intro, action, outro }: LetterText, url: string): Letter {
  return {
    subject,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

/** The letters with a one-time link that expires after `minutes`. */
const LINK_LETTERS: Record<'signIn' | 'reset' | 'confirmation', (minutes: number) => LetterText> = {
  signIn: (minutes) => ({
    subject: 'Your Hanger sign-in link',
    intro: 'Use this link to sign in to Hanger:',
    action: 'Sign in to Hanger',
    outro: oneTimeLinkOutro(minutes),
  }),
  reset: (minutes) => ({
    subject: 'Reset your Hanger password',
    intro: 'Use this link to choose a new Hanger password:',
    action: 'Choose a new password',
    outro: oneTimeLinkOutro(minutes),
  }),
  confirmation: (minutes) => ({
    subject: 'Confirm your Hanger account',
    intro:
      'Welcome to Hanger. Use this link to confirm your e-mail address and open your wardrobe:',
    action: 'Confirm and sign in',
    outro: `The link expires in ${minutes} minutes. If you did not create a Hanger account, ignore this e-mail: nothing happens without the link.`,
  }),
};

function oneTimeLinkOutro(minutes: number): string {
  return `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`;
}

const EXISTING_ACCOUNT_LETTER: LetterText = {
  subject: 'Someone tried to sign up with your address',
  intro:
    'Someone just tried to create a Hanger account with this e-mail address, but you already have one. If it was you, sign in instead (you can e-mail yourself a sign-in link or reset your password from the sign-in page):',
  action: 'Sign in to Hanger',
  outro:
    'If it was not you, you can ignore this e-mail: your account, password and wardrobe are unchanged.',
};

/**
 * Sends over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465). The
 * SMTP client is loaded with the first letter, not at start-up.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Transporter | undefined;
  const open = async () => {
    if (!transport) {
      const { default: nodemailer } = await import('nodemailer');
      transport ??= nodemailer.createTransport(smtpUrl);
    }
    return transport;
  };
  const send = async (to: string, l: Letter) => {
    const smtp = await open();
    await smtp.sendMail({ from, to, subject: l.subject, text: l.text, html: l.html });
  };
  return {
    sendSignInLink: (to, url, minutes) => send(to, letter(LINK_LETTERS.signIn(minutes), url)),
    sendPasswordReset: (to, url, minutes) => send(to, letter(LINK_LETTERS.reset(minutes), url)),
    sendSignUpConfirmation: (to, url, minutes) =>
      send(to, letter(LINK_LETTERS.confirmation(minutes), url)),
    sendExistingAccountNotice: (to, signInUrl) =>
      send(to, letter(EXISTING_ACCOUNT_LETTER, signInUrl)),
    close: () => transport?.close(),
  };
}

/**
 * Without SMTP the links go to the server log, so whoever runs the server can still sign in (and
 * hand a link to a household member) before mail is set up.
 */
export function createLogMailer(logger: AuthLogger): Mailer {
  return {
    async sendSignInLink(to, url) {
      logger.warn({ email: to, url }, `SMTP_URL is not set; sign-in link for ${to}: ${url}`);
    },
    async sendPasswordReset(to, url) {
      logger.warn({ email: to, url }, `SMTP_URL is not set; password reset link for ${to}: ${url}`);
    },
    // Without SMTP sign-up needs no confirmation (create-auth.ts), so these are not called; the
    // log keeps them visible should that change.
    async sendSignUpConfirmation(to, url) {
      logger.warn({ email: to, url }, `SMTP_URL is not set; confirmation link for ${to}: ${url}`);
    },
    async sendExistingAccountNotice(to) {
      logger.warn({ email: to }, `SMTP_URL is not set; sign-up attempt for existing ${to}`);
    },
    close() {},
  };
}

export function createMailer(options: {
  smtpUrl?: string;
  mailFrom: string;
  logger: AuthLogger;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.mailFrom)
    : createLogMailer(options.logger);
}
