import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import errorsPlugin from './errors.js';
import rateLimitPlugin from './rate-limit.js';
import redisPlugin from './redis.js';
import securityPlugin from './security.js';

const RATE_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
];

function routes(app: FastifyInstance) {
  app.get('/api/x', async () => ({ ok: true }));
  app.get('/api/own', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({}));
  app.get('/api/free', { config: { rateLimit: false } }, async () => ({}));
  app.get('/page', async () => 'page');
}

describe('API rate limit', () => {
  it('answers as the @fastify/rate-limit global limit did: headers, 429 text, exemptions', async () => {
    const config = loadConfig({
      PUBLIC_URL: 'http://127.0.0.1:3000',
      AUTH_SECRET: 'x7Gq2LmP9vR4tY8wZ1cB5nD3fH6jK0sA',
      DATA_DIR: '/nonexistent-hanger-test',
      RATE_LIMIT_MAX: '3',
    });
    const ours = Fastify();
    await ours.register(errorsPlugin);
    await ours.register(securityPlugin, { config });
    await ours.register(redisPlugin, { config });
    await ours.register(rateLimitPlugin, { config });
    routes(ours);

    const reference = Fastify();
    await reference.register(errorsPlugin);
    await reference.register(rateLimit, {
      global: true,
      max: 3,
      timeWindow: 60_000,
      skipOnError: true,
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(`Too many requests. Try again in ${context.after}.`), {
          statusCode: context.statusCode,
        }),
    });
    routes(reference);

    for (const url of ['/api/x', '/api/own', '/api/free', '/page']) {
      for (let i = 0; i < 5; i++) {
        const [a, b] = await Promise.all([ours.inject({ url }), reference.inject({ url })]);
        const label = `${url} #${i + 1}`;
        expect(a.statusCode, label).toBe(b.statusCode);
        expect(a.body, label).toBe(b.body);
        for (const name of RATE_HEADERS)
          expect(a.headers[name], `${label} ${name}`).toEqual(b.headers[name]);
      }
    }
    const refused = await ours.inject({ url: '/api/x' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/^Too many requests\. Try again in (1 minute|\d+ seconds?)\.$/),
    });
    await Promise.all([ours.close(), reference.close()]);
  });

  it('refuses to load before the plugins its hook order depends on', async () => {
    const config = loadConfig({
      PUBLIC_URL: 'http://127.0.0.1:3000',
      AUTH_SECRET: 'x7Gq2LmP9vR4tY8wZ1cB5nD3fH6jK0sA',
      DATA_DIR: '/nonexistent-hanger-test',
    });
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(redisPlugin, { config });
    // hanger-security missing: its headers would not be on the 429s.
    await expect(app.register(rateLimitPlugin, { config })).rejects.toThrow(/hanger-security/);
    await app.close();
  });
});
