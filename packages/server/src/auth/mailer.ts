import nodemailer from 'nodemailer';

export interface AuthLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The identity service's outgoing mail: sign-in links and password resets. */
export interface Mailer {
  sendSignInLink(to: string, url: string, expiresInMinutes: number): Promise<void>;
  sendPasswordReset(to: string, url: string, expiresInMinutes: number): Promise<void>;
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

function letter(
  subject: string,
  intro: string,
  action: string,
  url: string,
  minutes: number,
): Letter {
  const outro = `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`;
  return {
    subject,
    text: `${intro}\n\n${url}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

function signInLetter(url: string, minutes: number): Letter {
  return letter(
    'Your Hanger sign-in link',
    'Use this link to sign in to Hanger:',
    'Sign in to Hanger',
    url,
    minutes,
  );
}

function resetLetter(url: string, minutes: number): Letter {
  return letter(
    'Reset your Hanger password',
    'Use this link to choose a new Hanger password:',
    'Choose a new password',
    url,
    minutes,
  );
}

/** Sends over SMTP (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const send = async (to: string, l: Letter) => {
    await transport.sendMail({ from, to, subject: l.subject, text: l.text, html: l.html });
  };
  return {
    sendSignInLink: (to, url, minutes) => send(to, signInLetter(url, minutes)),
    sendPasswordReset: (to, url, minutes) => send(to, resetLetter(url, minutes)),
    close: () => transport.close(),
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
