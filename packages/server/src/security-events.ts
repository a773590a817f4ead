/**
 * Security events: one structured log line each, so an operator can see an attack in the log
 * (`grep '"security"'` or a log shipper's filter on the `security` field). Lines carry the user id
 * and the client address, never tokens, passwords, links or photo bytes.
 */

export type SecurityEvent =
  | 'sign_in_failed'
  | 'account_locked'
  | 'sign_up'
  | 'password_changed'
  | 'account_banned'
  | 'account_unbanned'
  | 'rate_limited'
  | 'account_deleted'
  | 'session_revoked'
  | 'upload_refused'
  | 'not_found'
  | 'export_downloaded'
  | 'import_refused'
  | 'feed_token_refused';

export interface SecurityEventFields {
  /** The account the event concerns, when known. */
  userId?: string;
  /** The client address (request.ip, which honours TRUST_PROXY). */
  ip?: string;
  /** A short reason, e.g. "wrong password" or the refused status. */
  reason?: string;
  /** Extra non-secret facts (status, route, resource kind). */
  [key: string]: string | number | boolean | undefined;
}

/** The slice of a pino / fastify logger this needs. */
export interface SecurityLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** Events that are worth a warning on their own; the rest are info (they matter in numbers). */
const WARN: ReadonlySet<SecurityEvent> = new Set<SecurityEvent>([
  'account_locked',
  'account_banned',
  'import_refused',
]);

export function logSecurityEvent(
  log: SecurityLogger,
  event: SecurityEvent,
  fields: SecurityEventFields = {},
): void {
  const line = { security: event, ...fields };
  if (WARN.has(event)) log.warn(line, `security: ${event}`);
  else log.info(line, `security: ${event}`);
}
