import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import securityPlugin, { contentSecurityPolicy } from './security.js';

const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  it.each(['http://127.0.0.1:3000', 'https://closet.example.com'])(
    'are exactly what @fastify/helmet sets per request (%s)',
    async (publicUrl) => {
      const config = loadConfig({
        PUBLIC_URL: publicUrl,
        AUTH_SECRET: 'x7Gq2LmP9vR4tY8wZ1cB5nD3fH6jK0sA',
        DATA_DIR: '/nonexistent-hanger-test',
      });
      const ours = Fastify();
      await ours.register(securityPlugin, { config });
      ours.get('/api/x', async () => ({}));

      const reference = Fastify();
      await reference.register(helmet, {
        contentSecurityPolicy: contentSecurityPolicy(config),
        crossOriginEmbedderPolicy: false,
        crossOriginOpenerPolicy: { policy: 'same-origin' },
        crossOriginResourcePolicy: { policy: 'same-origin' },
        frameguard: { action: 'deny' },
        referrerPolicy: { policy: 'no-referrer' },
        strictTransportSecurity: publicUrl.startsWith('https:')
          ? { maxAge: 15552000, includeSubDomains: false }
          : false,
        xContentTypeOptions: true,
      });
      reference.get('/api/x', async () => ({}));

      for (const url of ['/api/x', '/missing']) {
        const [a, b] = await Promise.all([
          ours.inject({ url }).then((r) => r.headers),
          reference.inject({ url }).then((r) => r.headers),
        ]);
        for (const name of HELMET_HEADERS) expect(a[name], `${url} ${name}`).toEqual(b[name]);
        expect(a['content-security-policy']).toContain("object-src 'none'");
      }
      await Promise.all([ours.close(), reference.close()]);
    },
  );
});
