import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER } from './create-auth.js';

// Connection-level headers describe the hop to this server, not the request being forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
  'proxy-connection',
  CLIENT_IP_HEADER,
]);

/** Turns a Fastify request (body read as raw bytes) into the Web Request better-auth handles. */
export function toWebRequest(
  request: FastifyRequest,
  baseUrl: string | undefined | object,
): Request {
  const origin = typeof baseUrl === 'string' ? baseUrl : `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  // The address Fastify determined (trustProxy-aware): the only one better-auth rate-limits by.
  headers.set(CLIENT_IP_HEADER, request.ip);

  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body =
    hasBody && Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
  return new Request(new URL(request.url, origin), { method: request.method, headers, body });
}

/** Copies a Web Response (status, every header including each Set-Cookie, body) onto the reply. */
export async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || HOP_BY_HOP.has(name)) return;
    reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  return reply.send(body && body.length > 0 ? body : undefined);
}
