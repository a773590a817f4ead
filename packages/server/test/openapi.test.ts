import {
  calendarFeedSchema,
  errorAnswerSchema,
  exportLinkSchema,
  wireCalendarEntrySchema,
  wireItemSchema,
  wireOutfitSchema,
  wireSettingsSchema,
} from '@hanger/domain';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type TestApp } from './helpers/app.js';
import { signUp, type ApiUser } from './helpers/api.js';

/** Every route the server registers, seen by an onRoute hook added as the instance is created. */
const registered = vi.hoisted(() => [] as { method: string; url: string }[]);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push({ method, url: route.url });
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: create };
});

interface Operation {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  type?: string | string[];
  format?: string;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> };
  security: Record<string, unknown[]>[];
}

/** A route's path as the document writes it: `:id` as `{id}`, the identity mount's `*` as `{path}`. */
function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

describe('the OpenAPI document (GET /api/openapi.json)', () => {
  let t: TestApp;
  let doc: Document;
  let user: ApiUser;

  beforeAll(async () => {
    t = await startApp('sqlite');
    const response = await fetch(`${t.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await response.json()) as Document;
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is OpenAPI 3.1, served without a token', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('documents every route the server registers under /api', () => {
    const api = registered.filter(
      ({ method, url }) => url.startsWith('/api/') && method !== 'HEAD' && method !== 'OPTIONS',
    );
    // The whole API, the identity service's mount and this document included.
    expect(api.length).toBeGreaterThan(25);
    expect(api.map(({ url }) => url)).toContain('/api/auth/*');
    const missing = api.filter(
      ({ method, url }) => doc.paths[documentPath(url)]?.[method.toLowerCase()] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it("carries the routes' schemas: params, headers, bodies and answers", () => {
    const create = doc.paths['/api/clothes']!.post!;
    const form = create.requestBody!.content['multipart/form-data']!.schema;
    expect(form.properties).toHaveProperty('category');
    expect(form.properties!.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.required).toEqual(expect.arrayContaining(['category', 'status', 'image']));
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
    );
    expect(create.responses['201']!.content!['application/json']!.schema.properties).toHaveProperty(
      'date_created',
    );

    const patch = doc.paths['/api/clothes/{id}']!.patch!;
    expect(patch.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
    expect(
      patch.requestBody!.content['application/x-www-form-urlencoded']!.schema.properties,
    ).toHaveProperty('updates');

    const settings = doc.paths['/api/users/settings']!.get!;
    expect(
      settings.responses['200']!.content!['application/json']!.schema.properties,
    ).toHaveProperty('subcategories');
    expect(doc.paths['/api/calendar/{date}/{itemId}']!.delete!.parameters).toHaveLength(2);
  });

  it("lists each route's refusals with docs/spec.md §8's { detail } shape", () => {
    const refusal = (path: string, method: string, status: string) =>
      doc.paths[path]![method]!.responses[status]?.content?.['application/json']?.schema;
    for (const status of ['401', '404', '413', '415', '422']) {
      expect(refusal('/api/clothes/{id}', 'patch', status), status).toMatchObject({
        properties: { detail: { type: 'string' } },
        required: ['detail'],
      });
    }
    expect(refusal('/api/imports/{id}/commit', 'post', '409')).toBeDefined();
    expect(refusal('/api/users', 'get', '401')).toBeDefined();
  });

  it('names the bearer scheme for the API, the session cookie for GET /api/start, none for public routes', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/start']!.get!.security).toContainEqual({ session: [] });
    for (const path of ['/api/health', '/api/feed/{file}', '/api/export/{token}/{file}']) {
      expect(doc.paths[path]!.get!.security, path).toEqual([]);
    }
  });

  it('describes what the routes answer: live answers parse with the declared schemas', async () => {
    const item = await user.addItem({ brand: 'Acme', price: '12.5', currency: 'eur' });
    expect(wireItemSchema.safeParse(item).success).toBe(true);
    const outfit = await user.addOutfit([item.id]);
    expect(wireOutfitSchema.safeParse(outfit).success).toBe(true);
    const day = await user.putDay('2025-03-01', { clothes: item.id });
    expect(wireCalendarEntrySchema.safeParse(await day.json()).success).toBe(true);
    expect(wireSettingsSchema.safeParse(await user.settings()).success).toBe(true);
    const feed = await user.send('POST', '/api/calendar-feed');
    expect(calendarFeedSchema.safeParse(await feed.json()).success).toBe(true);
    const link = await user.send('POST', '/api/export');
    expect(exportLinkSchema.safeParse(await link.json()).success).toBe(true);
    const missing = await user.send('DELETE', '/api/clothes/no-such-item');
    expect(missing.status).toBe(404);
    expect(errorAnswerSchema.strict().safeParse(await missing.json()).success).toBe(true);
  });
});
