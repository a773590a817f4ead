/**
 * The header the HTTP bridge fills with the client address Fastify determined (which honours the
 * server's trustProxy setting). better-auth reads the address only from here, so a client cannot
 * pick its own rate-limit bucket by sending X-Forwarded-For.
 */
export const CLIENT_IP_HEADER = 'x-hanger-client-ip';

interface WithHeaders {
  headers?: Headers | undefined;
  request?: Request | undefined;
}

/** The client address of an identity-service request (for security events), when there is one. */
export function clientIpOf(ctx: WithHeaders | null | undefined): string | undefined {
  const value =
    ctx?.headers?.get?.(CLIENT_IP_HEADER) ?? ctx?.request?.headers.get(CLIENT_IP_HEADER);
  return value ?? undefined;
}
