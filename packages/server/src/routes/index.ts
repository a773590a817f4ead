import type { FastifyInstance } from 'fastify';
import { forms } from '../plugins/body.js';
import type { Config } from '../config.js';
import openapiPlugin from '../plugins/openapi.js';
import accountRoutes from './account/index.js';
import calendarRoutes from './calendar/index.js';
import clothesRoutes from './clothes/index.js';
import collectionsRoutes from './collections/index.js';
import dataRoutes from './data-transfer/index.js';
import sheetImportRoutes from './sheet-import/index.js';
import exportCsvRoutes from './export-csv/index.js';
import calendarFeedRoutes, { publicFeedRoutes } from './feed/index.js';
import healthRoutes from './health/index.js';
import outfitsRoutes from './outfits/index.js';
import { serializerCompiler, validatorCompiler } from './schema-compilers.js';
import startRoutes from './start/index.js';
import suggestionsRoutes from './suggestions/index.js';
import usersRoutes from './users/index.js';
import settingsRoutes from './users/settings.js';

export interface ApiRoutesOptions {
  config: Config;
}

/**
 * The product API under /api. Everything but /api/health and the calendar feed
 * (/api/feed/<token>.ics) requires a bearer access token; the check runs on request, before a body
 * is read, so an anonymous upload is refused at once. Every route declares its params, query, body
 * and answers with the domain's zod schemas (schema-compilers.ts), and GET /api/openapi.json
 * documents them all (plugins/openapi.ts).
 */
export default async function apiRoutes(
  app: FastifyInstance,
  { config }: ApiRoutesOptions,
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: its onRoute hook collects the routes registered after it.
  await app.register(openapiPlugin);
  await app.register(healthRoutes);
  // The calendar feed's token is its credential: calendar apps send no bearer token.
  await app.register(publicFeedRoutes);
  // The app's start (docs/performance.md): session, access token and settings from the session
  // cookie.
  await app.register(startRoutes);
  // The routes that take a body read multipart forms (plugins/body.ts `forms`); its hooks stay off
  // the routes that take none, the wardrobe's revalidations among them (docs/performance.md).
  await app.register(async (withForms) => {
    await withForms.register(forms, { config });
    // Export (its download link's token is the credential) and import; authenticates its own
    // routes.
    await withForms.register(dataRoutes, { config });
    await withForms.register(async (api) => {
      authenticateEach(app, api);
      await api.register(settingsRoutes);
      await api.register(clothesRoutes, { maxUploadBytes: config.maxUploadBytes });
      await api.register(outfitsRoutes);
      await api.register(calendarRoutes);
      await api.register(calendarFeedRoutes, { config });
      await api.register(accountRoutes);
      await api.register(sheetImportRoutes, { config });
    });
  });
  await app.register(async (api) => {
    authenticateEach(app, api);
    await api.register(usersRoutes);
    await api.register(exportCsvRoutes);
    await api.register(suggestionsRoutes);
    await api.register(collectionsRoutes);
  });
}

/**
 * Every route declared in this scope requires a bearer access token. Appended per route, so it
 * runs after the rate limiter's hook: a flood of anonymous calls is still counted.
 */
function authenticateEach(app: FastifyInstance, scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    const existing = route.onRequest;
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    route.onRequest = [...hooks, app.authenticate];
  });
}
